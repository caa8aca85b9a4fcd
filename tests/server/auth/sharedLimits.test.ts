// Several server processes serve one database (docs/architecture.md §5 "Several processes"): what one process counts
// or remembers, every other sees. Two apps on one database stand for two processes here (each app keeps its own
// memory), and against PostgreSQL (CI) `npm start`'s own cluster of two processes is started and asked directly.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/src/app';
import type { App } from '../../../server/src/http/types';
import { RequestIdCache } from '../../../server/src/auth/saml';
import { openTestDatabase } from '../../helpers/database';
import type { TestDatabase } from '../../helpers/database';
import { createCompany, createUser } from '../../helpers/fixtures';
import { bumpCompanyVersion } from '../../../server/src/sync/versioning';
import { call, startTestServer } from '../../helpers/testServer';
import type { TestServer } from '../../helpers/testServer';

const loginOn = (server: Pick<TestServer, 'url'>, email: string) =>
  call(server, 'POST', '/api/login', { body: { email, password: 'Wrong@123' } });

describe('limits and SAML request ids shared by the server processes', { timeout: 60_000 }, () => {
  let server: TestServer | undefined;
  let second: App | undefined;
  afterEach(async () => {
    await second?.close();
    await server?.close();
    server = undefined;
    second = undefined;
  }, 60_000);

  it('counts one address’s sign-ins on both processes: the 11th in a minute is refused, wherever it lands', async () => {
    server = await startTestServer();
    second = await buildApp({ config: server.config, db: server.db }, { logger: false });
    await second.listen({ port: 0, host: '127.0.0.1' });
    const address = second.server.address();
    if (!address || typeof address === 'string') throw new Error('no TCP address');
    const other = { url: `http://127.0.0.1:${address.port}` };
    // Alternating, each process sees 5 of the 10 allowed (with counts in memory each would allow 10 more).
    for (let attempt = 0; attempt < 10; attempt++) {
      const target = attempt % 2 === 0 ? server : other;
      expect((await loginOn(target, `user${attempt}@northwind.test`)).status).toBe(401);
    }
    expect((await loginOn(other, 'user10@northwind.test')).status).toBe(429);
    expect((await loginOn(server, 'user11@northwind.test')).status).toBe(429);
  });

  it('accepts the answer to a SAML request once, whichever process it reaches', async () => {
    server = await startTestServer();
    const first = new RequestIdCache(server.db);
    const secondCache = new RequestIdCache(server.db);
    expect(await first.saveAsync('_request-1', '2026-11-28T20:00:00Z')).not.toBeNull();
    expect(await first.saveAsync('_request-1', 'again')).toBeNull();
    expect(await secondCache.getAsync('_request-1')).toBe('2026-11-28T20:00:00Z');
    expect(await secondCache.removeAsync('_request-1')).toBe('_request-1');
    expect(await first.removeAsync('_request-1')).toBeNull();
    expect(await first.getAsync('_request-1')).toBeNull();
  });
});

/** A free port on loopback. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        address && typeof address !== 'string' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** A call over a connection of its own, so the cluster's round robin hands each to the next process. */
function askOnNewConnection(
  port: number,
  method: string,
  path: string,
  options: { body?: unknown; token?: string },
): Promise<{ status: number; pid: string; tag: string; cacheStatus: string; text: string }> {
  return new Promise((resolve, reject) => {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string | number> = {};
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(body);
    }
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const req = request({ host: '127.0.0.1', port, path, method, agent: false, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          pid: String(res.headers['x-server-process']),
          tag: String(res.headers.etag),
          cacheStatus: String(res.headers['cache-status']),
          text: Buffer.concat(chunks).toString(),
        }),
      );
    });
    req.once('error', reject);
    req.end(body);
  });
}

describe.runIf(process.env.TEST_DATABASE_URL)('npm start with WEB_CONCURRENCY=2 on PostgreSQL', () => {
  let database: TestDatabase | undefined;
  let child: ChildProcess | undefined;
  afterEach(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((done) => child?.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    }
    await database?.close();
  }, 60_000);

  /** `npm start` with two processes on a new database holding one company, once both serve. */
  async function startCluster(): Promise<{
    port: number;
    db: TestDatabase['handle']['db'];
    companyId: number;
  }> {
    database = await openTestDatabase('migrated');
    // A company makes the database "not empty", so the start does not seed the demo.
    const companyId = await createCompany(database.handle.db, { name: 'Northwind' });
    const port = await freePort();
    child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: database.databaseUrl,
        WEB_CONCURRENCY: '2',
        PORT: String(port),
        HOST: '127.0.0.1',
        SKIP_SPA_BUILD: '1',
        JWT_SECRET: 'cluster-test-secret-0123456789abcdef',
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((ready, failed) => {
      let out = '';
      child?.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('(2 processes)')) ready();
      });
      child?.once('exit', (code) => failed(new Error(`the server exited (${code}) before serving`)));
    });
    return { port, db: database.handle.db, companyId };
  }

  it('two processes share the port and one sign-in limit', { timeout: 120_000 }, async () => {
    const { port } = await startCluster();
    const answers = [];
    for (let attempt = 0; attempt < 11; attempt++)
      answers.push(
        await askOnNewConnection(port, 'POST', '/api/login', {
          body: { email: `user${attempt}@northwind.test`, password: 'Wrong@123' },
        }),
      );
    expect(answers.slice(0, 10).map((answer) => answer.status)).toEqual(Array(10).fill(401));
    expect(answers[10]?.status).toBe(429);
    // Both processes answered (the header names the process that served a call).
    expect(new Set(answers.map((answer) => answer.pid)).size).toBe(2);
  });

  it(
    'builds a full pull’s page once for both processes and gives their pulls one start',
    { timeout: 120_000 },
    async () => {
      const { port, db, companyId } = await startCluster();
      await createUser(db, {
        email: 'admin@northwind.test',
        companyId,
        roles: ['Admin'],
        password: 'Right@2026!',
      });
      const login = await askOnNewConnection(port, 'POST', '/api/login', {
        body: { email: 'admin@northwind.test', password: 'Right@2026!' },
      });
      const { accessToken } = JSON.parse(login.text) as { accessToken: string };
      const ask = () =>
        askOnNewConnection(port, 'GET', `/api/sync/${companyId}/changes?form=columns`, {
          token: accessToken,
        });
      const answers = [await ask()];
      // A write elsewhere in the company moves its version but not this page: a pull begun now shares the first's
      // start, whichever process it reaches.
      await db.transaction((tx) => bumpCompanyVersion(tx, companyId));
      // Each ask on a connection of its own: the cluster's round robin alternates the processes.
      for (let attempt = 1; attempt < 6; attempt++) answers.push(await ask());
      expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
      expect(new Set(answers.map((answer) => answer.pid)).size).toBe(2);
      // One process built the page; every other answer, on either process, is the same bytes (the same start in
      // its cursor) under one tag.
      expect(answers.map((answer) => answer.cacheStatus).sort()).toEqual([
        'feed; fwd=miss; stored',
        ...Array(5).fill('feed; hit'),
      ]);
      expect(new Set(answers.map((answer) => answer.tag)).size).toBe(1);
      expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
      expect(answers[0]?.text).toContain('Northwind');
    },
  );
});
