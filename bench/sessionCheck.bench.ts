// What the per-request session check of docs/architecture.md §5 costs: the real app on loopback, the same route called
// with a token naming a session (looked up in refresh_tokens on every request) and with a token naming none (checked
// by signature alone, as every request was before), in alternating rounds on one machine. Embedded PGlite in memory,
// or PostgreSQL with DATABASE_URL. Not part of `npm test`.
//
//   npx tsx bench/sessionCheck.bench.ts                 # 6 rounds of 1,500 requests per token, then 8 at a time
//   DATABASE_URL=postgres://… npx tsx bench/sessionCheck.bench.ts
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/src/app';
import { isSessionLive, startSession } from '../server/src/auth/sessions';
import { signAccessToken } from '../server/src/auth/tokens';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/client';
import { migrateDatabase } from '../server/src/db/migrate';
import { refreshTokens } from '../server/src/db/schema';
import { createCompany, createUser } from '../tests/helpers/fixtures';

const ROUNDS = 6;
const PER_ROUND = 1500;
const PARALLEL = 8;
/** Other sessions in the table, so the lookup reads a realistic index: 2,000 families of 10 rotations. */
const OTHER_FAMILIES = 2000;

const dataDir = mkdtempSync(join(tmpdir(), 'session-bench-'));
const config = loadConfig({
  JWT_SECRET: `bench-${randomUUID()}`,
  DATA_DIR: dataDir,
  SPA_DIR: join(dataDir, 'no-spa'),
  LOG_LEVEL: 'silent',
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
});
const handle = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir,
  inMemory: !config.databaseUrl,
});
await migrateDatabase(handle);
const { db } = handle;
const companyId = await createCompany(db, { name: 'Bench Co' });
const user = await createUser(db, { companyId, roles: ['Client'] });
for (let f = 0; f < OTHER_FAMILIES; f += 100) {
  const rows = [];
  for (let i = 0; i < 100; i += 1) {
    const familyId = randomUUID();
    for (let r = 0; r < 10; r += 1)
      rows.push({
        familyId,
        userId: user.id,
        tokenHash: randomUUID(),
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
        ...(r < 9 ? { rotatedAt: new Date().toISOString() } : {}),
      });
  }
  await db.insert(refreshTokens).values(rows);
}
await db.execute(sql`analyze refresh_tokens`);

const session = await startSession(db, config, { id: user.id, companyId: companyId, isActive: true });
const sid = decodeJwt(session.accessToken).sid;
const unchecked = await signAccessToken(config, { userId: user.id, companyId: companyId, role: ['Client'] });

const app = await buildApp({ config, db }, { logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no address');
const url = `http://127.0.0.1:${address.port}/api/companies/${companyId}`;

async function one(token: string): Promise<void> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`status ${res.status}`);
}

/** Mean milliseconds per request, one at a time. */
async function sequential(token: string, n: number): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < n; i += 1) await one(token);
  return (performance.now() - start) / n;
}

/** Requests per second, `PARALLEL` in flight. */
async function parallel(token: string, n: number): Promise<number> {
  const start = performance.now();
  let left = n;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (left-- > 0) await one(token);
    }),
  );
  return n / ((performance.now() - start) / 1000);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

await sequential(session.accessToken, 500);
await sequential(unchecked, 500);
const checkedMs: number[] = [];
const uncheckedMs: number[] = [];
for (let round = 0; round < ROUNDS; round += 1) {
  const order = round % 2 === 0 ? [true, false] : [false, true];
  for (const withCheck of order)
    (withCheck ? checkedMs : uncheckedMs).push(
      await sequential(withCheck ? session.accessToken : unchecked, PER_ROUND),
    );
}
const checkedRps: number[] = [];
const uncheckedRps: number[] = [];
for (let round = 0; round < ROUNDS; round += 1) {
  checkedRps.push(await parallel(session.accessToken, PER_ROUND));
  uncheckedRps.push(await parallel(unchecked, PER_ROUND));
}
const lookups = 5000;
const lookupStart = performance.now();
for (let i = 0; i < lookups; i += 1) await isSessionLive(db, String(sid));
const lookupUs = ((performance.now() - lookupStart) / lookups) * 1000;

const fmt = (n: number, digits: number) => n.toFixed(digits);
console.log(`database: ${handle.kind}; refresh_tokens rows: ${OTHER_FAMILIES * 10 + 1}`);
console.log(`GET /api/companies/:id, one at a time, ${ROUNDS} rounds × ${PER_ROUND} (median of rounds):`);
console.log(`  signature only:          ${fmt(median(uncheckedMs), 3)} ms/request`);
console.log(`  signature + session:     ${fmt(median(checkedMs), 3)} ms/request`);
console.log(`${PARALLEL} in flight, ${ROUNDS} rounds × ${PER_ROUND} (median of rounds):`);
console.log(`  signature only:          ${fmt(median(uncheckedRps), 0)} requests/s`);
console.log(`  signature + session:     ${fmt(median(checkedRps), 0)} requests/s`);
console.log(`isSessionLive alone, ${lookups} calls: ${fmt(lookupUs, 1)} µs each`);

await app.close();
await handle.close();
rmSync(dataDir, { recursive: true, force: true });
