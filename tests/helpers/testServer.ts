import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../server/src/app';
import { openTestDatabase } from './database';
import { loadConfig } from '../../server/src/config';
import type { ServerConfig } from '../../server/src/config';
import type { Db } from '../../server/src/db/client';
import type { App } from '../../server/src/http/types';

/** A real server on loopback with its own fresh database. */
export interface TestServer {
  url: string;
  app: App;
  db: Db;
  config: ServerConfig;
  close(): Promise<void>;
}

/**
 * Starts the real server on 127.0.0.1 with a database of its own, migrated (or, `from: 'demo'`, also seeded with the
 * small demo), then optionally seeded further.
 */
export async function startTestServer(
  options: {
    env?: Record<string, string>;
    from?: 'migrated' | 'demo';
    seed?: (db: Db) => Promise<void>;
  } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'get-test-'));
  const database = await openTestDatabase(options.from ?? 'migrated');
  const config = loadConfig({
    JWT_SECRET: `test-secret-${randomUUID()}`,
    DATA_DIR: dataDir,
    SPA_DIR: join(dataDir, 'no-spa'),
    LOG_LEVEL: 'silent',
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    ...options.env,
  });
  const { handle } = database;
  if (options.seed) await options.seed(handle.db);
  const app = await buildApp({ config, db: handle.db }, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('test server has no TCP address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    app,
    db: handle.db,
    config,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The answer of a test call: status, parsed JSON body (or text) and headers. */
export interface CallResult<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** Calls the API the way a browser does (JSON, optional bearer token). */
export async function call<T = unknown>(
  server: Pick<TestServer, 'url'>,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string>; rawBody?: string } = {},
): Promise<CallResult<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  const response = await fetch(`${server.url}${path}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (files, HTML): the text is the body.
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}
