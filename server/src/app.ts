import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';
import type { FastifyError } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { App, AppDeps } from './http/types';
import { installAccessControl } from './auth/access';
import { drainFileInbox } from './files/inbox';
import { createFileStore } from './files/store';
import { MAX_FILE_BYTES } from '../../src/domain/files';
import { errorBody, toApiError } from './http/errorHandling';
import { registerRoutes } from './routes';

/** JSON bodies; upload routes raise their own limit (files/upload.ts UPLOAD_BODY_LIMIT: a 20 MB file in base64). */
const BODY_LIMIT = 1024 * 1024;

/** Builds the server: security headers, access control, the API and the SPA. */
export async function buildApp(deps: AppDeps, options: { logger?: boolean } = {}): Promise<App> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: deps.config.logLevel },
    bodyLimit: BODY_LIMIT,
    // `GET /bills/download?ids=` names up to 500 bill ids in its query (about 18.5 KB), past Node's 16 KB default.
    http: { maxHeaderSize: 64 * 1024 },
    trustProxy: false,
    ajv: { customOptions: { allErrors: true, coerceTypes: 'array', removeAdditional: false } },
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
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  // Multipart uploads stream; each upload route reads one file of at most 20 MB (files/upload.ts).
  await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 10 } });
  // Files the seed or a migration left in the database reach the file store before the first request.
  await drainFileInbox(deps.db, createFileStore(deps.config.filesDir));

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const apiError = toApiError(error);
    if (apiError.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    return reply.status(apiError.statusCode).send(errorBody(apiError));
  });

  installAccessControl(app, deps);
  await registerRoutes(app, deps);

  const indexHtml = join(deps.config.spaDir, 'index.html');
  const hasSpa = existsSync(indexHtml);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: deps.config.spaDir,
      wildcard: false,
      index: false,
      // Hashed bundles never change; the service worker and the shell must be re-checked on each load.
      setHeaders: (response, filePath) => {
        if (/[\\/]assets[\\/]/.test(filePath))
          response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        else response.setHeader('Cache-Control', 'no-cache');
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
