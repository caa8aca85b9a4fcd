import { beforeEach, describe, expect, it } from 'vitest';
import { setAccountNickname } from '../../src/db/mutations/accounts';
import { randomId } from '../../src/db/ids';
import {
  discardSetAside,
  dismissRejected,
  enqueue,
  keepMine,
  retrySetAside,
  takeTheirs,
} from '../../src/db/outbox';
import {
  acknowledge,
  markConflict,
  markRetry,
  markSending,
  markServerFailure,
  nextToSend,
  reject,
} from '../../src/db/outboxReplay';
import { outboxSummary } from '../../src/db/queries/outbox';
import type { AccountRow } from '../../src/db/rows';
import type { AppDb } from '../../src/db/schema';
import { openLocalDb } from '../helpers/localDb';
import { applyPage } from '../../workers/sync/apply';
import { SERVER_FAILURES_BEFORE_SET_ASIDE } from '../../src/domain/sync';

const account: AccountRow = {
  id: 'acc-1',
  companyId: 1,
  version: 10,
  updatedAt: '2025-01-01T00:00:00Z',
  locationId: 'loc-1',
  vendorId: 'ven-1',
  vendorName: 'Bright Power',
  accountNumber: 'A-1',
  nickname: 'server',
  collectionType: null,
  serviceAddress: null,
  serviceCity: null,
  serviceState: null,
  serviceZip: null,
  esiId: null,
  subAddress: null,
  meterCustomerNumbers: null,
  services: 'electric',
  nextExpectedDeliveryDate: null,
  isActive: true,
};

let db: AppDb;

beforeEach(async () => {
  db = openLocalDb();
  await db.accounts.put(account);
});

const nickname = async () => (await db.accounts.get(account.id))?.nickname;

describe('enqueue', () => {
  it('applies the change and appends the entry in one go, numbering mutations without gaps', async () => {
    const first = await setAccountNickname(db, account.id, 'one');
    const second = await setAccountNickname(db, account.id, ' two ');
    expect(await nickname()).toBe('two');
    expect([first.mutationId, second.mutationId]).toEqual([1, 2]);
    expect(first).toMatchObject({
      status: 'pending',
      attempts: 0,
      baseVersion: 10,
      effects: [{ inverse: { nickname: 'server' } }],
      method: 'PUT',
    });
    // The second edit builds on the first: same base version, its inverse is the first's result.
    expect(second).toMatchObject({ baseVersion: 10, effects: [{ inverse: { nickname: 'one' } }] });
    expect(await db.meta.get('client')).toMatchObject({
      nextMutationId: 3,
      clientId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(await outboxSummary(db)).toEqual({
      pending: 2,
      sending: 0,
      conflict: 0,
      rejected: 0,
      setAside: 0,
    });
  });

  it('creates rows without If-Match and deletes with it', async () => {
    const created = await enqueue(db, {
      companyId: 1,
      write: 'addTicketAttachment',
      params: { companyId: 1 },
      entity: 'tags',
      entityId: 'tag-1',
      change: {
        kind: 'put',
        row: { id: 'tag-1', companyId: 1, version: 0, updatedAt: '', text: 'new', isActive: true },
      },
    });
    expect(created.baseVersion).toBeNull();
    expect(await db.tags.get('tag-1')).toMatchObject({ text: 'new' });
    const removed = await enqueue(db, {
      companyId: 1,
      write: 'deleteBudget',
      params: { id: account.id },
      entity: 'accounts',
      entityId: account.id,
      change: { kind: 'delete' },
    });
    expect(removed.baseVersion).toBe(10);
    expect(await db.accounts.get(account.id)).toBeUndefined();
  });
});

describe('replay outcomes', () => {
  it('keeps pending writes over pulled rows and rolls a rejection back to the pulled state', async () => {
    const bad = await setAccountNickname(db, account.id, 'bad');
    await setAccountNickname(db, account.id, 'good');
    await applyPage(
      db,
      1,
      {
        changes: [
          {
            entity: 'accounts',
            op: 'put',
            id: account.id,
            version: 12,
            row: { ...account, version: 12, nickname: 'pulled', services: 'gas' },
          },
        ],
        cursor: '12',
        hasMore: false,
      },
      100,
    );
    expect(await db.accounts.get(account.id)).toMatchObject({ nickname: 'good', services: 'gas' });
    await reject(db, bad.seq, 400, 'Too long');
    expect(await db.accounts.get(account.id)).toMatchObject({
      nickname: 'good',
      services: 'gas',
      version: 12,
    });
    const [remaining] = (await db.outbox.toArray()).filter((entry) => entry.status === 'pending');
    expect(remaining?.effects[0]?.inverse).toMatchObject({ nickname: 'pulled' });
    await reject(db, remaining?.seq ?? 0, 400, 'Also refused');
    expect(await nickname()).toBe('pulled');
    await dismissRejected(db, bad.seq);
    await expect(dismissRejected(db, bad.seq)).rejects.toThrow('no longer exists');
    expect(await outboxSummary(db)).toEqual({
      pending: 0,
      sending: 0,
      conflict: 0,
      rejected: 1,
      setAside: 0,
    });
  });

  it('rebases later writes of a row on the acknowledged version', async () => {
    const first = await setAccountNickname(db, account.id, 'one');
    await setAccountNickname(db, account.id, 'two');
    await acknowledge(db, first.seq, { ...account, nickname: 'one', version: 11 });
    const [second] = await db.outbox.toArray();
    expect(second).toMatchObject({
      baseVersion: 11,
      effects: [{ inverse: { nickname: 'one', version: 11 } }],
    });
    expect(await db.accounts.get(account.id)).toMatchObject({ nickname: 'two', version: 11 });
    await acknowledge(db, second?.seq ?? 0, { ...account, nickname: 'two', version: 13 });
    expect(await db.accounts.get(account.id)).toMatchObject({ nickname: 'two', version: 13 });
    expect(await db.outbox.count()).toBe(0);
  });

  it('holds later writes of a conflicted row and resolves either way', async () => {
    const first = await setAccountNickname(db, account.id, 'mine');
    const later = await setAccountNickname(db, account.id, 'mine again');
    await markConflict(db, first.seq, { ...account, nickname: 'theirs', version: 15 }, 'changed');
    expect(await nextToSend(db, 1)).toBeUndefined();
    await expect(takeTheirs(db, later.seq)).rejects.toThrow('is pending, not conflict');
    await keepMine(db, first.seq);
    expect(await db.outbox.get(first.seq)).toMatchObject({ status: 'pending', baseVersion: 15 });
    expect((await db.outbox.get(later.seq))?.baseVersion).toBe(15);
    expect(await nickname()).toBe('mine again');

    await markConflict(db, first.seq, { ...account, nickname: 'newer', version: 16 }, 'changed again');
    await takeTheirs(db, first.seq);
    expect(await db.accounts.get(account.id)).toMatchObject({ nickname: 'mine again', version: 16 });
    expect(await nextToSend(db, 1)).toMatchObject({ seq: later.seq, baseVersion: 16 });
  });
});

describe('writes the server keeps failing on', () => {
  const other: AccountRow = { ...account, id: 'acc-2', accountNumber: 'A-2', nickname: 'other server' };

  /** Sends an entry and answers it with a 5xx `times` times, as the worker does; returns the last status. */
  async function failOnServer(seq: number, times: number, status = 500) {
    let result;
    for (let i = 0; i < times; i += 1) {
      await markSending(db, seq);
      result = await markServerFailure(db, seq, status, 'Something went wrong on the server.');
    }
    return result;
  }

  it('counts 5xx answers only, and sets the write aside at the limit with the server’s answer', async () => {
    const entry = await setAccountNickname(db, account.id, 'mine');
    for (let i = 0; i < 3; i += 1) {
      await markSending(db, entry.seq);
      await markRetry(db, entry.seq, 'offline');
    }
    expect(await failOnServer(entry.seq, SERVER_FAILURES_BEFORE_SET_ASIDE - 1)).toBe('pending');
    expect(await db.outbox.get(entry.seq)).toMatchObject({
      status: 'pending',
      serverFailures: SERVER_FAILURES_BEFORE_SET_ASIDE - 1,
      attempts: SERVER_FAILURES_BEFORE_SET_ASIDE + 2,
    });
    expect(await failOnServer(entry.seq, 1, 503)).toBe('setAside');
    expect(await db.outbox.get(entry.seq)).toMatchObject({
      status: 'setAside',
      serverFailures: SERVER_FAILURES_BEFORE_SET_ASIDE,
      setAside: { status: 503, reason: 'Something went wrong on the server.' },
    });
    // Set aside is not sent until the user says so; its change still shows.
    expect(await markSending(db, entry.seq)).toBeUndefined();
    expect(await nickname()).toBe('mine');
    expect(await outboxSummary(db)).toEqual({
      pending: 0,
      sending: 0,
      conflict: 0,
      rejected: 0,
      setAside: 1,
    });
  });

  it('holds the later writes of its row, lets the others go, and keeps its change over pulled rows', async () => {
    await db.accounts.put(other);
    const stuck = await setAccountNickname(db, account.id, 'stuck');
    const later = await setAccountNickname(db, account.id, 'later');
    const elsewhere = await setAccountNickname(db, other.id, 'elsewhere');
    await failOnServer(stuck.seq, SERVER_FAILURES_BEFORE_SET_ASIDE);
    expect(await nextToSend(db, 1)).toMatchObject({ seq: elsewhere.seq });
    await acknowledge(db, elsewhere.seq, { ...other, nickname: 'elsewhere', version: 11 });
    expect(await nextToSend(db, 1)).toBeUndefined();

    await applyPage(
      db,
      1,
      {
        changes: [
          {
            entity: 'accounts',
            op: 'put',
            id: account.id,
            version: 12,
            row: { ...account, version: 12, services: 'gas' },
          },
        ],
        cursor: '12',
        hasMore: false,
      },
      100,
    );
    expect(await db.accounts.get(account.id)).toMatchObject({ nickname: 'later', services: 'gas' });
    expect((await db.outbox.get(stuck.seq))?.effects[0]?.inverse).toMatchObject({ version: 12 });
    expect((await db.outbox.get(later.seq))?.status).toBe('pending');
  });

  it('retry puts it back in its place as a fresh write', async () => {
    const stuck = await setAccountNickname(db, account.id, 'stuck');
    const later = await setAccountNickname(db, account.id, 'later');
    await failOnServer(stuck.seq, SERVER_FAILURES_BEFORE_SET_ASIDE);
    await expect(retrySetAside(db, later.seq)).rejects.toThrow('is pending, not setAside');
    await retrySetAside(db, stuck.seq);
    const retried = await db.outbox.get(stuck.seq);
    expect(retried).toMatchObject({ status: 'pending', attempts: 0, serverFailures: 0, lastError: null });
    expect(retried?.setAside).toBeUndefined();
    expect(await nextToSend(db, 1)).toMatchObject({ seq: stuck.seq });
    expect(await nickname()).toBe('later');
  });

  it('discard undoes it under the later writes of its row, which then go', async () => {
    const stuck = await setAccountNickname(db, account.id, 'stuck');
    const later = await setAccountNickname(db, account.id, 'later');
    await failOnServer(stuck.seq, SERVER_FAILURES_BEFORE_SET_ASIDE);
    await expect(discardSetAside(db, later.seq)).rejects.toThrow('is pending, not setAside');
    await discardSetAside(db, stuck.seq);
    expect(await db.outbox.get(stuck.seq)).toBeUndefined();
    expect(await nickname()).toBe('later');
    // The later write now stands on the server's row, not on the discarded one.
    expect(await nextToSend(db, 1)).toMatchObject({
      seq: later.seq,
      baseVersion: 10,
      effects: [{ inverse: { nickname: 'server', version: 10 } }],
    });
    await expect(discardSetAside(db, stuck.seq)).rejects.toThrow('no longer exists');
  });

  it('discard of a write alone on its row restores the server’s row', async () => {
    const stuck = await setAccountNickname(db, account.id, 'stuck');
    await failOnServer(stuck.seq, SERVER_FAILURES_BEFORE_SET_ASIDE);
    await discardSetAside(db, stuck.seq);
    expect(await db.accounts.get(account.id)).toEqual(account);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('randomId', () => {
  it('makes v4 UUIDs, also where crypto.randomUUID is missing (plain http)', () => {
    const pattern = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(randomId()).toMatch(pattern);
    const original = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(crypto), 'randomUUID');
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const ids = new Set(Array.from({ length: 50 }, () => randomId()));
      expect(ids.size).toBe(50);
      for (const id of ids) expect(id).toMatch(pattern);
    } finally {
      // Drop the own property again: the prototype's randomUUID shows through.
      Reflect.deleteProperty(crypto, 'randomUUID');
      expect(Object.getOwnPropertyDescriptor(Object.getPrototypeOf(crypto), 'randomUUID')).toEqual(original);
    }
  });
});
