import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import Fastify from 'fastify';
import type { FastifyError } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { databaseRateLimitStore } from './auth/rateLimitStore';
import fastifyStatic from '@fastify/static';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { App, AppDeps } from './http/types';
import { installAccessControl } from './auth/access';
import { drainFileInbox } from './files/inbox';
import { createFileStore } from './files/store';
import { MAX_FILE_BYTES } from '../../src/domain/files';
import { DATABASE_REFUSED, errorBody, toApiError } from './http/errorHandling';
import { registerRoutes } from './areas';
import { recordRouteTable } from './http/routeTable';
import { requestValidatorCompiler } from './http/validation';

/** JSON bodies; upload routes raise their own limit (files/upload.ts UPLOAD_BODY_LIMIT: a 20 MB file in base64). */
const BODY_LIMIT = 1024 * 1024;
/** Smaller answers gain too little from compression to pay its cost. */
const COMPRESS_MIN_BYTES = 1024;

/** Builds the server: security headers, access control, the API and the SPA. */
export async function buildApp(deps: AppDeps, options: { logger?: boolean } = {}): Promise<App> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: deps.config.logLevel },
    bodyLimit: BODY_LIMIT,
    // `GET /bills/download?ids=` names up to 500 bill ids in its query (about 18.5 KB), past Node's 16 KB default.
    http: { maxHeaderSize: 64 * 1024 },
    trustProxy: false,
  }).withTypeProvider<TypeBoxTypeProvider>();

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // React and the data grid set element styles; no inline script is ever allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Answers of 1 KB or more (the change feed above all) are compressed by Accept-Encoding: brotli at a level cheap
  // enough for per-request work, else gzip. Level 5 over 4: scale L's pull in column form is 17.0 MB against
  // 17.8 MB, in 4.1 s of server time against 1.9 s over its 46 pages (docs/decisions/sync-feed.md). The app's built files come precompressed at the highest levels
  // (scripts/precompress.ts) and are served as they are.
  await app.register(compress, {
    threshold: COMPRESS_MIN_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
    zlibOptions: { level: 6 },
  });
  await app.register(cookie);
  // Counted in the database: every server process sees the same limits (docs/architecture.md §5).
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(deps.db) });
  // Multipart uploads stream; each upload route reads one file of at most 20 MB (files/upload.ts).
  await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 10 } });
  // Files the seed or a migration left in the database reach the file store before the first request.
  await drainFileInbox(deps.db, createFileStore(deps.config.filesDir));

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const apiError = toApiError(error);
    if (apiError.statusCode >= 500 || apiError.code === DATABASE_REFUSED)
      request.log.error({ err: error }, 'request failed');
    return reply.status(apiError.statusCode).send(errorBody(apiError));
  });

  // Bodies are checked as typed, query strings and params read from text (http/validation.ts).
  app.setValidatorCompiler(requestValidatorCompiler());
  recordRouteTable(app);
  installAccessControl(app, deps);
  await registerRoutes(app, deps);

  const indexHtml = join(deps.config.spaDir, 'index.html');
  const hasSpa = existsSync(indexHtml);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: deps.config.spaDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The plugin's own Cache-Control would replace the one set below: hashed bundles never change (a year,
      // immutable); the shell, sw.js and the manifest are re-checked on each load.
      cacheControl: false,
      setHeaders: (response, filePath) => {
        if (/[\\/]assets[\\/]/.test(filePath))
          response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        else response.setHeader('Cache-Control', 'no-cache');
        // The same URL answers brotli, gzip or plain by the request's Accept-Encoding: caches must key on it.
        response.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      request.method === 'GET' && !request.url.startsWith('/api') && !/\.[a-z0-9]+($|\?)/i.test(request.url);
    if (hasSpa && isPage) {
      // Client routes load the shell; the router inside decides what to show.
      return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply
      .status(404)
      .send(errorBody(toApiError(Object.assign(new Error('Not found'), { statusCode: 404 }))));
  });

  return app;
}
