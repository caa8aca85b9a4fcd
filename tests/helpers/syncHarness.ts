// The sync engine against the real server: a seeded server on loopback, the fault proxy in front of it,
// fake-indexeddb databases (one IDBFactory per test, shared by "restarted" engines) and server-side writers.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { SYNCED_ENTITY_NAMES } from '../../src/domain/syncProtocol';
import type { AppDb } from '../../src/db/schema';
import type { Db } from '../../server/src/db/client';
import { accounts, bills, idempotencyKeys, locations, tags } from '../../server/src/db/schema';
import { runSyncedWrite } from '../../server/src/sync/syncedWrite';
import { bumpCompanyVersion, writeTombstone } from '../../server/src/sync/versioning';
import { createSyncEngine } from '../../workers/sync/engine';
import type { SyncEngine, SyncEngineOptions } from '../../workers/sync/engine';
import type { SyncEvent } from '../../workers/sync/types';
import { startFaultProxy } from './faultProxy';
import { openLocalDb } from './localDb';
import type { FaultProxy } from './faultProxy';
import { seedWorld, worldTokens } from './companyWorld';
import type { World } from './companyWorld';
import { tokenFor } from './fixtures';
import { call, startTestServer } from './testServer';
import type { TestServer } from './testServer';

export { openLocalDb, reopenLocalDb } from './localDb';

/** A server, a proxy and the world's users and tokens. */
export interface SyncBench {
  server: TestServer;
  proxy: FaultProxy;
  world: World;
  /** The syncing user: a super consultant, who reaches every company. */
  token: string;
  /** Another user of company A, for "remote" writes. */
  otherToken: string;
  close(): Promise<void>;
}

/** Starts the bench: the world of tests/helpers/companyWorld.ts plus bills, behind the fault proxy. */
export async function startSyncBench(): Promise<SyncBench> {
  let world: World | undefined;
  const server = await startTestServer({
    seed: async (db) => {
      world = await seedWorld(db);
      await addBills(db, world.a.id, world.a.accountId, world.a.locationId, 5);
    },
  });
  if (!world) throw new Error('seed did not run');
  const tokens = await worldTokens(server.config, world);
  const proxy = await startFaultProxy(server.url);
  return {
    server,
    proxy,
    world,
    token: tokens.superConsultant,
    otherToken: tokens.clientAdmin,
    close: async () => {
      await proxy.close();
      await server.close();
    },
  };
}

async function addBills(
  db: Db,
  companyId: number,
  accountId: string,
  locationId: string,
  count: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const version = await bumpCompanyVersion(tx, companyId);
    const [account] = await tx.select().from(accounts).where(eq(accounts.id, accountId));
    if (!account) throw new Error('no account for bills');
    await tx.insert(bills).values(
      Array.from({ length: count }, (_, i) => ({
        companyId,
        version,
        accountId,
        locationId,
        vendorId: account.vendorId,
        vendorName: account.vendorName,
        billMonth: `2025-0${i + 1}`,
        totalNewCharges: 100 + i,
        services: [
          {
            serviceType: 'electric',
            charges: 100 + i,
            usage: 1000,
            unit: 'kWh',
            demandKw: null,
            kvaMax: null,
            kvarSum: null,
            taxesFees: 5,
          },
        ],
      })),
    );
  });
}

/** A recording engine over a database. */
/**
 * A sync bench for one test file: started before its tests (handed to `onStarted`), closed after them, and the
 * proxy's log and faults cleared before each test.
 */
export function useSyncBench(onStarted: (bench: SyncBench) => void): void {
  let bench: SyncBench | undefined;
  beforeAll(async () => {
    bench = await startSyncBench();
    onStarted(bench);
  }, 60_000);
  afterAll(async () => {
    await bench?.close();
  });
  beforeEach(() => {
    bench?.proxy.clear({ log: true });
  });
}

export interface EngineUnderTest {
  engine: SyncEngine;
  events: SyncEvent[];
  refreshCalls: () => number;
}

/** An engine syncing through the proxy as the super consultant, with fast backoff. */
export function engineFor(
  bench: SyncBench,
  db: AppDb,
  overrides: Partial<SyncEngineOptions> = {},
): EngineUnderTest {
  const events: SyncEvent[] = [];
  let refreshCalls = 0;
  const user = bench.world.users.superConsultant;
  const engine = createSyncEngine({
    db,
    fetch: (input, init) => fetch(input, init),
    baseUrl: bench.proxy.url,
    getToken: () => bench.token,
    refreshToken: async () => {
      refreshCalls += 1;
      return tokenFor(bench.server.config, user);
    },
    onEvent: (event) => events.push(event),
    pageSize: 3,
    timeoutMs: 5_000,
    backoff: { baseMs: 20, maxMs: 100 },
    ...overrides,
  });
  return { engine, events, refreshCalls: () => refreshCalls };
}

/** A company's local rows per table, sorted, for comparing two databases. */
export async function localSnapshot(db: AppDb, companyId: number): Promise<Record<string, unknown[]>> {
  const snapshot: Record<string, unknown[]> = {};
  for (const entity of SYNCED_ENTITY_NAMES) {
    const rows =
      entity === 'companies'
        ? await db.companies.where('id').equals(companyId).toArray()
        : await db.table<{ id: string }, string>(entity).where('companyId').equals(companyId).toArray();
    snapshot[entity] = [...rows].sort((a, b) => String(a.id).localeCompare(String(b.id)));
  }
  return snapshot;
}

/** What a fresh pull of a company gives now (no faults, a new database). */
export async function freshPull(bench: SyncBench, companyId: number): Promise<Record<string, unknown[]>> {
  const db = openLocalDb();
  const { engine } = engineFor(bench, db, { baseUrl: bench.server.url, pageSize: 1000 });
  await engine.syncNow(companyId);
  await engine.stop();
  const snapshot = await localSnapshot(db, companyId);
  db.close();
  return snapshot;
}

/** A write by another user straight to the server (not through the proxy). */
export async function remoteNickname(
  bench: SyncBench,
  accountId: string,
  nickname: string | null,
): Promise<void> {
  const answer = await call(bench.server, 'PUT', `/api/accounts/nickname/${accountId}`, {
    token: bench.otherToken,
    body: { nickname },
  });
  if (answer.status !== 200) throw new Error(`remote nickname write answered ${answer.status}`);
}

/** The server's account row. */
export async function serverAccount(bench: SyncBench, accountId: string) {
  const [row] = await bench.server.db.select().from(accounts).where(eq(accounts.id, accountId));
  return row;
}

/** Idempotency keys the server stored for the syncing user. */
export async function storedKeys(bench: SyncBench): Promise<string[]> {
  const rows = await bench.server.db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.userId, bench.world.users.superConsultant.id));
  return rows.map((row) => row.key);
}

/** The company's version counter: +1 per applied write, so it counts effects. */
export async function companyCounter(bench: SyncBench, companyId: number): Promise<number> {
  const result = await bench.server.db.execute<{ version: string | number }>(
    sql`select version from company_sync where company_id = ${companyId}`,
  );
  return Number(result.rows[0]?.version ?? 0);
}

/** Deletes a tag on the server the way the application does: row gone, tombstone written. */
export async function deleteServerTag(bench: SyncBench, companyId: number, tagId: string): Promise<void> {
  const context = {
    companyId,
    userId: bench.world.users.superConsultant.id,
    idempotencyKey: undefined,
    method: 'DELETE',
    path: '/test',
  };
  await runSyncedWrite(bench.server.db, context, async (tx, version) => {
    await tx.execute(sql`delete from site_tags where tag_id = ${tagId}`);
    await tx.delete(tags).where(eq(tags.id, tagId));
    await writeTombstone(tx, companyId, 'tags', tagId, version);
    return { statusCode: 200, body: null };
  });
}

/** Adds a location on the server; returns its id. */
export async function addServerLocation(bench: SyncBench, companyId: number, name: string): Promise<string> {
  const id = randomUUID();
  const context = {
    companyId,
    userId: bench.world.users.superConsultant.id,
    idempotencyKey: undefined,
    method: 'POST',
    path: '/test',
  };
  await runSyncedWrite(bench.server.db, context, async (tx, version) => {
    await tx.insert(locations).values({
      id,
      companyId,
      version,
      name,
      address: '2 Side St',
      city: 'Dallas',
      state: 'TX',
      zip: '75001',
    });
    return { statusCode: 200, body: null };
  });
  return id;
}

/** Moves a location to another company: a tombstone in the old company's feed, a put in the new one's. */
export async function moveServerLocation(
  bench: SyncBench,
  locationId: string,
  from: number,
  to: number,
): Promise<void> {
  const context = {
    companyId: to,
    userId: bench.world.users.superConsultant.id,
    idempotencyKey: undefined,
    method: 'PUT',
    path: '/test',
  };
  await runSyncedWrite(bench.server.db, context, async (tx, version) => {
    const oldVersion = await bumpCompanyVersion(tx, from);
    await tx
      .update(locations)
      .set({ companyId: to, version, updatedAt: sql`now()` })
      .where(eq(locations.id, locationId));
    await writeTombstone(tx, from, 'locations', locationId, oldVersion);
    return { statusCode: 200, body: null };
  });
}

/** Waits until `check` holds (polling), or fails after `timeoutMs`. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Adds an account on the server at a location of the company; returns its id. */
export async function addServerAccount(
  bench: SyncBench,
  companyId: number,
  locationId: string,
  accountNumber: string,
): Promise<string> {
  const id = randomUUID();
  const [vendor] = await bench.server.db
    .select({ vendorId: accounts.vendorId, vendorName: accounts.vendorName })
    .from(accounts)
    .limit(1);
  if (!vendor) throw new Error('no vendor in the world');
  const context = {
    companyId,
    userId: bench.world.users.superConsultant.id,
    idempotencyKey: undefined,
    method: 'POST',
    path: '/test',
  };
  await runSyncedWrite(bench.server.db, context, async (tx, version) => {
    await tx.insert(accounts).values({
      id,
      companyId,
      version,
      locationId,
      vendorId: vendor.vendorId,
      vendorName: vendor.vendorName,
      accountNumber,
      services: 'water',
    });
    return { statusCode: 200, body: null };
  });
  return id;
}

/** The PUT requests the proxy saw, as [idempotency key, upstream status, fault]. */
export function putsSeen(bench: SyncBench): [string | undefined, number | null, string | null][] {
  return bench.proxy.log
    .filter((entry) => entry.method === 'PUT')
    .map((entry) => [entry.idempotencyKey, entry.status, entry.fault]);
}

/** A fresh local database with a company pulled, and its engine; the proxy's log starts empty after the pull. */
export async function syncedCompany(
  bench: SyncBench,
  companyId: number,
): Promise<{ db: AppDb } & EngineUnderTest> {
  const db = openLocalDb();
  const under = engineFor(bench, db);
  await under.engine.syncNow(companyId);
  bench.proxy.clear({ log: true });
  return { db, ...under };
}
