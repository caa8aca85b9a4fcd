// `npm run bench:load`: many devices against one server on loopback (docs/architecture.md §9; the load the sync server
// must hold). The bench starts the real server (`server/src/main.ts`) on a fresh embedded PGlite database, or on
// PostgreSQL when DATABASE_URL is set (as .ci/run starts it), with WEB_CONCURRENCY passed through, then runs simulated
// devices, each:
//   1. pulls its company in full through the change feed (`GET /api/sync/{id}/changes`), starts staggered over
//      `--stagger` seconds;
//   2. then polls incrementally every `--poll` seconds and sends a queued write every `--write` seconds (a new site,
//      `POST /api/companies/{id}/locations` with an Idempotency-Key, sent again with the same key until answered, as
//      the outbox does);
// while a light reader, in a process of its own (bench/lightReader.ts), asks `GET /api/companies/{id}` five times a second. Devices share their user's sign-in (the
// server allows 10 sign-ins a minute per address). At the end: per call kind p50/p95/p99, errors and bytes (feed
// pages as sent, compressed; other answers their JSON), the server's CPU (all its processes), and every write applied
// exactly once (the sites the server lists against the writes answered). Results go to bench/results/load-*.json.
// Options: `--devices N` (100), `--seconds N` (120), `--stagger N` (30), `--poll N` (30), `--write N` (60).
import { spawn } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { randomUUID } from 'node:crypto';
import { DEMO_PASSWORD } from '../server/src/seed/users';
import { FEED_CURSOR_HEADER, FEED_HAS_MORE_HEADER } from '../src/domain/syncProtocol';
import { int, log, ms, table, warnIfLoaded, writeResults } from './harness';

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '120' },
    stagger: { type: 'string', default: '30' },
    poll: { type: 'string', default: '30' },
    write: { type: 'string', default: '60' },
    port: { type: 'string', default: '8329' },
  },
});
const deviceCount = Math.max(1, Number(values.devices));
const durationMs = Number(values.seconds) * 1000;
const staggerMs = Number(values.stagger) * 1000;
const pollMs = Number(values.poll) * 1000;
const writeMs = Number(values.write) * 1000;
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;

/** The users devices belong to: several companies, and a limited client (who may not add sites). */
const USERS = [
  { email: 'client@northwind.demo', writes: true },
  { email: 'admin@northwind.demo', writes: true },
  { email: 'client@harbor.demo', writes: true },
  { email: 'client@summit.demo', writes: true },
  { email: 'limited@northwind.demo', writes: false },
];

/** Full-pull answers whose page the server built for them (`Cache-Status: feed; fwd=miss`), against all answered. */
const fullPullBuilds = { built: 0, answered: 0 };

type Kind = 'full pull page' | 'incremental poll' | 'queued write' | 'light read' | 'site list (check)';
const samples = new Map<Kind, { ms: number[]; errors: number; bytes: number }>();
function record(kind: Kind, took: number, ok: boolean, bytes: number): void {
  const entry = samples.get(kind) ?? { ms: [], errors: 0, bytes: 0 };
  entry.ms.push(took);
  if (!ok) entry.errors += 1;
  entry.bytes += bytes;
  samples.set(kind, entry);
}

async function call(
  kind: Kind,
  path: string,
  token: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: unknown }> {
  const started = performance.now();
  try {
    const response = await fetch(`${base}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Bearer ${token}`,
        'accept-encoding': 'gzip, br',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    const text = await response.text();
    // The JSON's length, as the table says: Content-Length is the compressed size where the answer is compressed.
    record(kind, performance.now() - started, response.ok, text.length);
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
  } catch {
    record(kind, performance.now() - started, false, 0);
    return { status: 0, body: null };
  }
}

const keepAlive = new Agent({ keepAlive: true });

/**
 * A feed page as a device's pull asks it, its body left compressed and unread: the cursor and whether more follows
 * come in the answer's headers (docs/architecture.md §4), which the sync worker reads too. Decompressing and parsing
 * every body here (2.1 GB of JSON in a 50-device minute) took more of the machine's two cores than the server itself
 * and slowed every answer, the light reads' too; real devices do that work on their own machines. `check` parses the
 * body anyway and fails on a cursor that differs from the header's, so the headers the bench trusts are proven.
 */
function feedPage(
  kind: Kind,
  path: string,
  token: string,
  check: boolean,
): Promise<{ status: number; cursor: string | null; hasMore: boolean }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const failed = () => {
      record(kind, performance.now() - started, false, 0);
      resolve({ status: 0, cursor: null, hasMore: false });
    };
    const asked = httpRequest(
      `${base}${path}`,
      {
        agent: keepAlive,
        headers: { authorization: `Bearer ${token}`, 'accept-encoding': check ? 'identity' : 'gzip, br' },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (check) chunks.push(chunk);
        });
        response.on('error', failed);
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          const cursor = response.headers[FEED_CURSOR_HEADER];
          const ok = status === 200 && typeof cursor === 'string';
          if (ok && check) {
            const body = JSON.parse(Buffer.concat(chunks).toString()) as {
              cursor?: string;
              hasMore?: boolean;
            };
            const hasMore = response.headers[FEED_HAS_MORE_HEADER] === '1';
            if (body.cursor !== cursor || body.hasMore !== hasMore)
              throw new Error(`a page's headers (${cursor}) differ from its body (${body.cursor})`);
          }
          record(kind, performance.now() - started, ok, bytes);
          if (ok && kind === 'full pull page') {
            fullPullBuilds.answered += 1;
            if (String(response.headers['cache-status']).includes('fwd=miss')) fullPullBuilds.built += 1;
          }
          resolve({
            status,
            cursor: typeof cursor === 'string' ? cursor : null,
            hasMore: response.headers[FEED_HAS_MORE_HEADER] === '1',
          });
        });
      },
    );
    asked.on('error', failed);
    asked.end();
  });
}

/** CPU seconds of a process and its descendants (the cluster's workers), from /proc. */
function cpuSeconds(root: number): number {
  const ticks = 100;
  const stats = readdirSync('/proc')
    .filter((name) => /^[0-9]+$/.test(name))
    .flatMap((pid) => {
      try {
        const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
        return [{ pid: Number(pid), ppid: Number(fields[1]), cpu: Number(fields[11]) + Number(fields[12]) }];
      } catch {
        return [];
      }
    });
  const family = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const stat of stats)
      if (!family.has(stat.pid) && family.has(stat.ppid)) {
        family.add(stat.pid);
        grew = true;
      }
  }
  return stats.filter((stat) => family.has(stat.pid)).reduce((sum, stat) => sum + stat.cpu, 0) / ticks;
}

async function startServer(dataDir: string): Promise<ChildProcess> {
  const child = spawn('npx', ['tsx', 'server/src/main.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not start in 5 minutes')), 300_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('is running at')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => reject(new Error(`the server exited (${code})`)));
  });
  return child;
}

interface Session {
  token: string;
  companyId: number;
  writes: boolean;
}

async function signIn(email: string, writes: boolean): Promise<Session> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} answered ${response.status}`);
  const body = (await response.json()) as { accessToken: string; companyId?: number };
  const claims = JSON.parse(Buffer.from(body.accessToken.split('.')[1] ?? '', 'base64url').toString()) as {
    companyId: number;
  };
  return { token: body.accessToken, companyId: claims.companyId, writes };
}

const sleep = (wait: number) => new Promise((resolve) => setTimeout(resolve, wait));

async function device(index: number, session: Session, endsAt: number, written: string[]): Promise<void> {
  await sleep((staggerMs * index) / deviceCount);
  const feed = `/api/sync/${session.companyId}/changes`;
  let cursor: string | null = null;
  for (let hasMore = true; hasMore && Date.now() < endsAt;) {
    const query: string = cursor ? `?since=${encodeURIComponent(cursor)}&limit=1000` : '?limit=1000';
    const page = await feedPage('full pull page', `${feed}${query}`, session.token, index === 0);
    if (page.status !== 200 || !page.cursor) break;
    cursor = page.cursor;
    hasMore = page.hasMore;
  }
  let nextPoll = Date.now() + pollMs * Math.random();
  let nextWrite = Date.now() + writeMs * Math.random();
  let writes = 0;
  while (Date.now() < endsAt) {
    const now = Date.now();
    if (now >= nextPoll && cursor) {
      const page = await feedPage(
        'incremental poll',
        `${feed}?since=${encodeURIComponent(cursor)}`,
        session.token,
        index === 0,
      );
      if (page.status === 200 && page.cursor) cursor = page.cursor;
      nextPoll = now + pollMs;
    }
    if (now >= nextWrite && session.writes) {
      writes += 1;
      const id = randomUUID();
      const key = `bench-load-${index}:${writes}`;
      const site = {
        id,
        name: `bench-load ${index}-${writes}`,
        address: '1 Bench St',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
      };
      // Sent again with the same key until answered, as the outbox does: the server applies it once.
      for (let attempt = 0; attempt < 5; attempt++) {
        const answer = await call(
          'queued write',
          `/api/companies/${session.companyId}/locations`,
          session.token,
          {
            method: 'POST',
            body: site,
            headers: { 'idempotency-key': key },
          },
        );
        if (answer.status >= 200 && answer.status < 300) {
          written.push(id);
          // Every third write is sent once more with its key, as a device does when an answer is lost: the server
          // must answer it from the stored answer, not make a second site.
          if (writes % 3 === 0)
            await call('queued write', `/api/companies/${session.companyId}/locations`, session.token, {
              method: 'POST',
              body: site,
              headers: { 'idempotency-key': key },
            });
          break;
        }
        await sleep(500);
      }
      nextWrite = now + writeMs;
    }
    await sleep(Math.max(50, Math.min(nextPoll, nextWrite) - Date.now()));
  }
}

/** The light reads, asked by a process of their own (bench/lightReader.ts) and recorded here when it ends. */
async function lightReader(url: string, token: string, endsAt: number): Promise<void> {
  const child = spawn('npx', ['tsx', 'bench/lightReader.ts'], {
    env: { ...process.env, BENCH_URL: url, BENCH_TOKEN: token, BENCH_END_AT: String(endsAt) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the light reader exited (${code})`)),
    );
  });
  const result = JSON.parse(out) as { ms: number[]; errors: number; bytes: number };
  for (const took of result.ms) record('light read', took, true, 0);
  const entry = samples.get('light read');
  if (entry) {
    entry.errors = result.errors;
    entry.bytes = result.bytes;
  }
}

function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}

async function main(): Promise<void> {
  warnIfLoaded();
  const dataDir = mkdtempSync(join(tmpdir(), 'get-bench-load-'));
  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  log(
    `starting the server on ${database}${process.env.WEB_CONCURRENCY ? `, WEB_CONCURRENCY=${process.env.WEB_CONCURRENCY}` : ''}`,
  );
  const server = await startServer(dataDir);
  const serverPid = server.pid ?? 0;
  try {
    const sessions: Session[] = [];
    for (const user of USERS) sessions.push(await signIn(user.email, user.writes));
    const admin = sessions[1]!;
    const endsAt = Date.now() + durationMs;
    const written: string[] = [];
    const cpuBefore = cpuSeconds(serverPid);
    const started = Date.now();
    log(`${deviceCount} devices for ${durationMs / 1000} s`);
    const light = lightReader(`${base}/api/companies/${admin.companyId}`, admin.token, endsAt);
    await Promise.all([
      light,
      ...Array.from({ length: deviceCount }, (_, i) =>
        device(i, sessions[i % sessions.length]!, endsAt, written),
      ),
    ]);
    const wallS = (Date.now() - started) / 1000;
    const cpu = cpuSeconds(serverPid) - cpuBefore;
    // Exactly once: every write answered is one site on the server, and no site was made twice.
    const listed = new Map<string, number>();
    for (const session of sessions.filter((one) => one.writes)) {
      const answer = await call(
        'site list (check)',
        `/api/companies/${session.companyId}/locations`,
        session.token,
      );
      for (const row of (answer.body as { id: string; name: string }[] | null) ?? [])
        if (row.name.startsWith('bench-load ')) listed.set(row.id, (listed.get(row.id) ?? 0) + 1);
    }
    const missing = written.filter((id) => !listed.has(id)).length;
    const extra = listed.size - new Set(written).size;
    const rows = [['call', 'count', 'p50', 'p95', 'p99', 'errors', 'bytes']];
    for (const [kind, entry] of samples)
      rows.push([
        kind,
        int(entry.ms.length),
        ms(percentile(entry.ms, 0.5)),
        ms(percentile(entry.ms, 0.95)),
        ms(percentile(entry.ms, 0.99)),
        int(entry.errors),
        int(entry.bytes),
      ]);
    console.log(`\n${table(rows)}`);
    console.log(
      `\nserver CPU ${cpu.toFixed(1)} s over ${wallS.toFixed(0)} s (${((cpu / wallS) * 100).toFixed(0)} % of one core); writes answered ${written.length}, on the server ${listed.size}, missing ${missing}, extra ${extra}`,
    );
    console.log(
      `full-pull pages built ${int(fullPullBuilds.built)} for ${int(fullPullBuilds.answered)} answered (every process counted)`,
    );
    const light95 = percentile(samples.get('light read')?.ms ?? [], 0.99);
    const poll95 = percentile(samples.get('incremental poll')?.ms ?? [], 0.95);
    console.log(
      `light read p99 ${ms(light95)} (≤ 100 ms: ${light95 <= 100 ? 'held' : 'not held'}); incremental poll p95 ${ms(poll95)} (≤ 300 ms: ${poll95 <= 300 ? 'held' : 'not held'})`,
    );
    const file = writeResults('load', {
      database,
      webConcurrency: process.env.WEB_CONCURRENCY ?? null,
      devices: deviceCount,
      seconds: wallS,
      cpuSeconds: cpu,
      fullPullBuilds,
      writes: { answered: written.length, onServer: listed.size, missing, extra },
      calls: Object.fromEntries(
        [...samples].map(([kind, entry]) => [
          kind,
          {
            count: entry.ms.length,
            p50: percentile(entry.ms, 0.5),
            p95: percentile(entry.ms, 0.95),
            p99: percentile(entry.ms, 0.99),
            errors: entry.errors,
            bytes: entry.bytes,
          },
        ]),
      ),
    });
    console.log(`\nResults: ${file}`);
  } finally {
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
    await sleep(1000);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
