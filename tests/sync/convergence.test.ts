import fc from 'fast-check';
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAccountNickname } from '../../src/db/mutations/accounts';
import { setSiteTags } from '../../src/db/mutations/locations';
import { discardSetAside, dismissRejected, keepMine, retrySetAside, takeTheirs } from '../../src/db/outbox';
import type { AppDb } from '../../src/db/schema';
import type { Fault } from '../helpers/faultProxy';
import { call } from '../helpers/testServer';
import {
  addServerAccount,
  companyCounter,
  engineFor,
  freshPull,
  localSnapshot,
  openLocalDb,
  remoteNickname,
  reopenLocalDb,
  startSyncBench,
  storedKeys,
} from '../helpers/syncHarness';
import type { EngineUnderTest, SyncBench } from '../helpers/syncHarness';

let bench: SyncBench;
let accountIds: string[];

beforeAll(async () => {
  bench = await startSyncBench();
  const { a } = bench.world;
  accountIds = [a.accountId, await addServerAccount(bench, a.id, a.locationId, 'PROP-2')];
}, 60_000);

afterAll(async () => {
  await bench.close();
});

const nickname = fc.constantFrom('north', 'south', 'east', '', 'x'.repeat(120));
const fault = fc.constantFrom<Fault>(
  { kind: 'refuse' },
  { kind: 'status', status: 500 },
  { kind: 'lose-response' },
  { kind: 'cut-response', fraction: 0.5 },
  { kind: 'status', status: 401 },
  { kind: 'status', status: 422 },
);
const action = fc.oneof(
  fc.record({ kind: fc.constant('local' as const), account: fc.nat(1), nickname }),
  fc.record({
    kind: fc.constant('remote' as const),
    account: fc.nat(1),
    nickname: nickname.filter((n) => n.length < 100),
  }),
  // A site's tag set: a multi-row write (links added and removed, the site as its aggregate), here and remotely.
  fc.record({ kind: fc.constant('localTags' as const), tags: fc.subarray([0, 1]) }),
  fc.record({ kind: fc.constant('remoteTags' as const), tags: fc.subarray([0, 1]) }),
  fc.record({ kind: fc.constant('fault' as const), fault, method: fc.constantFrom('PUT', 'POST', 'GET') }),
  fc.record({ kind: fc.constant('sync' as const) }),
  fc.record({ kind: fc.constant('restart' as const) }),
  fc.record({ kind: fc.constant('resolve' as const), keepMine: fc.boolean() }),
);

const tagIdsOf = (indexes: readonly number[]) => indexes.map((index) => bench.world.a.tagIds[index] ?? '');

/** Answers every conflict (keep mine or take theirs) and set-aside write (retry or discard), dismisses rejections. */
async function resolveAll(db: AppDb, mine: boolean): Promise<void> {
  for (const entry of await db.outbox.toArray()) {
    if (entry.status === 'conflict') await (mine ? keepMine(db, entry.seq) : takeTheirs(db, entry.seq));
    if (entry.status === 'rejected') await dismissRejected(db, entry.seq);
    if (entry.status === 'setAside')
      await (mine ? retrySetAside(db, entry.seq) : discardSetAside(db, entry.seq));
  }
}

describe('sync convergence', () => {
  it(
    'converges to the server’s state, each write applied once, whatever the interleaving',
    { timeout: 120_000 },
    async () => {
      const { a } = bench.world;
      await fc.assert(
        fc.asyncProperty(fc.array(action, { minLength: 3, maxLength: 12 }), async (actions) => {
          bench.proxy.clear({ log: true });
          const factory = new IDBFactory();
          let db = openLocalDb(factory);
          // Slow automatic retries: the property drives the syncs itself.
          const make = (): EngineUnderTest =>
            engineFor(bench, db, { backoff: { baseMs: 60_000, maxMs: 60_000 } });
          let under = make();
          await under.engine.syncNow(a.id);
          const counterBefore = await companyCounter(bench, a.id);
          const keysBefore = new Set(await storedKeys(bench));
          let remoteWrites = 0;

          for (const step of actions) {
            if (step.kind === 'local')
              await setAccountNickname(db, accountIds[step.account] ?? '', step.nickname);
            if (step.kind === 'remote') {
              await remoteNickname(bench, accountIds[step.account] ?? '', step.nickname);
              remoteWrites += 1;
            }
            if (step.kind === 'localTags') await setSiteTags(db, a.locationId, tagIdsOf(step.tags));
            if (step.kind === 'remoteTags') {
              const answer = await call(
                bench.server,
                'POST',
                `/api/companies/${a.id}/site/${a.locationId}/associateTags`,
                {
                  token: bench.otherToken,
                  body: { tagIds: tagIdsOf(step.tags) },
                },
              );
              expect(answer.status).toBe(200);
              remoteWrites += 1;
            }
            if (step.kind === 'fault') bench.proxy.inject({ method: step.method }, step.fault);
            if (step.kind === 'sync') await under.engine.syncNow(a.id);
            if (step.kind === 'resolve') await resolveAll(db, step.keepMine);
            if (step.kind === 'restart') {
              await under.engine.stop();
              db.close();
              db = reopenLocalDb(db, factory);
              under = make();
              await under.engine.start([a.id]);
            }
          }

          bench.proxy.clear();
          for (let round = 0; round < 6 && (await db.outbox.count()) > 0; round += 1) {
            await resolveAll(db, round % 2 === 0);
            await under.engine.syncNow(a.id);
          }
          await under.engine.syncNow(a.id);
          await under.engine.stop();

          expect(await db.outbox.count()).toBe(0);
          expect(await localSnapshot(db, a.id)).toEqual(await freshPull(bench, a.id));
          // Every applied effect bumps the company's counter once; each stored key is one applied local write.
          const newKeys = (await storedKeys(bench)).filter((key) => !keysBefore.has(key));
          expect((await companyCounter(bench, a.id)) - counterBefore).toBe(remoteWrites + newKeys.length);
          expect(newKeys.length).toBeLessThanOrEqual(
            actions.filter((step) => step.kind === 'local' || step.kind === 'localTags').length,
          );
          db.close();
        }),
        { numRuns: 12 },
      );
    },
  );
});
