import { describe, expect, it } from 'vitest';
import { setAccountNickname } from '../../src/db/mutations/accounts';
import { dismissRejected, keepMine, retrySetAside, takeTheirs } from '../../src/db/outbox';
import { outboxSummary } from '../../src/db/queries/outbox';
import { SERVER_FAILURES_BEFORE_SET_ASIDE } from '../../src/domain/sync';
import {
  addServerAccount,
  companyCounter,
  freshPull,
  localSnapshot,
  remoteNickname,
  serverAccount,
  syncedCompany,
  useSyncBench,
} from '../helpers/syncHarness';
import type { SyncBench } from '../helpers/syncHarness';

let bench: SyncBench;
useSyncBench((started) => {
  bench = started;
});

/** A database with company A pulled, and its engine. */
const syncedA = () => syncedCompany(bench, bench.world.a.id);

/** Queues "mine", lets another user write "theirs", and replays: the write ends in conflict. */
async function conflictOn(accountId: string) {
  const { a } = bench.world;
  const synced = await syncedA();
  const { db, engine, events } = synced;
  const entry = await setAccountNickname(db, accountId, 'mine');
  await remoteNickname(bench, accountId, 'theirs');
  // The write endpoint fails once: the pull still runs and must not overwrite the pending row.
  bench.proxy.inject({ method: 'PUT' }, { kind: 'status', status: 503 });
  await engine.syncNow(a.id);
  expect((await db.accounts.get(accountId))?.nickname).toBe('mine');
  expect((await db.outbox.get(entry.seq))?.effects[0]?.inverse).toMatchObject({ nickname: 'theirs' });

  await engine.syncNow(a.id);
  expect(events).toContainEqual({
    type: 'conflict',
    companyId: a.id,
    seq: entry.seq,
    entity: 'accounts',
    entityId: accountId,
  });
  const conflicted = await db.outbox.get(entry.seq);
  expect(conflicted).toMatchObject({ status: 'conflict', conflict: { theirs: { nickname: 'theirs' } } });
  expect((await db.accounts.get(accountId))?.nickname).toBe('mine');
  return { ...synced, entry };
}

describe('conflicts and rejections', { timeout: 30_000 }, () => {
  it('turns a stale If-Match into a conflict; keep mine resends over the new version', async () => {
    const { a } = bench.world;
    const { db, engine, entry } = await conflictOn(a.accountId);
    await keepMine(db, entry.seq);
    expect(await db.outbox.get(entry.seq)).toMatchObject({ status: 'pending' });
    await engine.syncNow(a.id);
    await engine.stop();
    expect((await serverAccount(bench, a.accountId))?.nickname).toBe('mine');
    expect(await db.outbox.count()).toBe(0);
    expect(await localSnapshot(db, a.id)).toEqual(await freshPull(bench, a.id));
  });

  it('take theirs drops my write and shows theirs', async () => {
    const { a } = bench.world;
    const { db, engine, entry } = await conflictOn(a.accountId);
    const before = await companyCounter(bench, a.id);
    await takeTheirs(db, entry.seq);
    expect((await db.accounts.get(a.accountId))?.nickname).toBe('theirs');
    await engine.syncNow(a.id);
    await engine.stop();
    expect(await companyCounter(bench, a.id)).toBe(before);
    expect((await serverAccount(bench, a.accountId))?.nickname).toBe('theirs');
    expect(await db.outbox.count()).toBe(0);
    expect(await localSnapshot(db, a.id)).toEqual(await freshPull(bench, a.id));
  });

  it('rejects a refused write, rolls it back under later writes of the row and goes on with the queue', async () => {
    const { a } = bench.world;
    const other = await addServerAccount(bench, a.id, a.locationId, 'REJECT-2');
    const { db, engine, events } = await syncedA();
    const bad = await setAccountNickname(db, a.accountId, 'x'.repeat(150));
    await setAccountNickname(db, a.accountId, 'valid');
    await setAccountNickname(db, other, 'other');
    await engine.syncNow(a.id);
    await engine.stop();
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'rejected',
        seq: bad.seq,
        reason: 'Nickname must be at most 100 characters',
      }),
    );
    expect(await db.outbox.get(bad.seq)).toMatchObject({ status: 'rejected', rejection: { status: 400 } });
    expect((await serverAccount(bench, a.accountId))?.nickname).toBe('valid');
    expect((await serverAccount(bench, other))?.nickname).toBe('other');
    expect(await outboxSummary(db, a.id)).toEqual({
      pending: 0,
      sending: 0,
      conflict: 0,
      rejected: 1,
      setAside: 0,
    });
    await dismissRejected(db, bad.seq);
    expect(await db.outbox.count()).toBe(0);
    expect(await localSnapshot(db, a.id)).toEqual(await freshPull(bench, a.id));
  });

  it('rolls a rejected write (422) back to the row’s last server state', async () => {
    const { a } = bench.world;
    const { db, engine, events } = await syncedA();
    const serverNickname = (await serverAccount(bench, a.accountId))?.nickname;
    const entry = await setAccountNickname(db, a.accountId, 'unprocessable');
    bench.proxy.inject(
      { method: 'PUT' },
      {
        kind: 'status',
        status: 422,
        body: {
          error: {
            code: 'unprocessable',
            message: 'The account is closed',
            fields: { 'body.nickname': 'cannot change' },
          },
        },
      },
    );
    await engine.syncNow(a.id);
    await engine.stop();
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'rejected',
        seq: entry.seq,
        reason: 'The account is closed: cannot change',
      }),
    );
    expect((await db.accounts.get(a.accountId))?.nickname).toBe(serverNickname);
    expect(await localSnapshot(db, a.id)).toEqual(await freshPull(bench, a.id));
  });

  it('sets aside a write the server keeps failing on, goes on with the others, and sends it again on retry', async () => {
    const { a } = bench.world;
    const other = await addServerAccount(bench, a.id, a.locationId, 'SET-ASIDE-2');
    const { db, engine, events } = await syncedA();
    const serverNickname = (await serverAccount(bench, a.accountId))?.nickname;
    const stuck = await setAccountNickname(db, a.accountId, 'stuck');
    const later = await setAccountNickname(db, a.accountId, 'later');
    await setAccountNickname(db, other, 'elsewhere');
    const ofStuckRow = { method: 'PUT', path: new RegExp(a.accountId) };
    // A dropped connection and a rate limit are retried but not counted: only the server failing is.
    bench.proxy.inject(ofStuckRow, { kind: 'refuse' });
    bench.proxy.inject(ofStuckRow, { kind: 'status', status: 429 });
    const message = 'Something went wrong on the server. Please try again.';
    bench.proxy.inject(
      ofStuckRow,
      { kind: 'status', status: 500, body: { error: { code: 'internal_error', message } } },
      SERVER_FAILURES_BEFORE_SET_ASIDE,
    );
    for (let round = 0; round < SERVER_FAILURES_BEFORE_SET_ASIDE + 3; round += 1) await engine.syncNow(a.id);

    expect(bench.proxy.remaining()).toBe(0);
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'setAside', seq: stuck.seq, entityId: a.accountId, reason: message }),
    );
    expect(await db.outbox.get(stuck.seq)).toMatchObject({
      status: 'setAside',
      serverFailures: SERVER_FAILURES_BEFORE_SET_ASIDE,
      setAside: { status: 500, reason: message },
    });
    // The write behind it on the same account waits; the other account's went.
    expect(await db.outbox.get(later.seq)).toMatchObject({ status: 'pending', attempts: 0 });
    expect((await serverAccount(bench, other))?.nickname).toBe('elsewhere');
    expect((await serverAccount(bench, a.accountId))?.nickname).toBe(serverNickname);
    expect((await db.accounts.get(a.accountId))?.nickname).toBe('later');
    expect(
      bench.proxy.log.filter((entry) => entry.method === 'PUT' && ofStuckRow.path.test(entry.path)),
    ).toHaveLength(SERVER_FAILURES_BEFORE_SET_ASIDE + 2);

    await retrySetAside(db, stuck.seq);
    await engine.syncNow(a.id);
    await engine.stop();
    expect((await serverAccount(bench, a.accountId))?.nickname).toBe('later');
    expect(await db.outbox.count()).toBe(0);
    expect(await localSnapshot(db, a.id)).toEqual(await freshPull(bench, a.id));
  });
});
