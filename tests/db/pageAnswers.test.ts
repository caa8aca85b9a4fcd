import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  loadPageAnswer,
  loadPageAnswersOfPath,
  lookUpPageAnswersAhead,
  lookupAhead,
  savePageAnswer,
  takeAnswerAhead,
} from '../../src/db/pageAnswers';
import type { AppDb } from '../../src/db/schema';
import { readGenerations } from '../../src/db/tableGenerations';
import { openLocalDb } from '../helpers/localDb';
import { accountRow, billRow, locationRow, service } from './queries/locationRows';

const SOURCE = { name: 'test.list', tables: ['locations', 'accounts'] };

let db: AppDb;
beforeEach(() => {
  db = openLocalDb();
});
afterEach(() => db.close());

describe('table generations', () => {
  it('renews a table’s token with each transaction that writes it, and only then', async () => {
    const [start] = await readGenerations(db, ['locations']);
    expect(start).toBe('');
    await db.locations.put(locationRow('l1', 1));
    const [first] = await readGenerations(db, ['locations']);
    expect(first).not.toBe('');
    await db.locations.toArray();
    await db.accounts.put(accountRow('a1', 1, 'l1', 'electric'));
    expect(await readGenerations(db, ['locations'])).toEqual([first]);
    await db.transaction('rw', db.locations, async () => {
      await db.locations.put(locationRow('l2', 1));
      await db.locations.delete('l1');
    });
    const [second] = await readGenerations(db, ['locations']);
    expect(second).not.toBe(first);
  });

  it('keeps the token for a modify that matches no row (the worker resets its sending entries at each start)', async () => {
    await db.locations.put(locationRow('l1', 1, { state: 'TX' }));
    const before = await readGenerations(db, ['locations']);
    expect(await db.locations.where('companyId').equals(9).modify({ state: 'CA' })).toBe(0);
    expect(await readGenerations(db, ['locations'])).toEqual(before);
    expect(await db.locations.where('companyId').equals(1).modify({ state: 'CA' })).toBe(1);
    expect(await readGenerations(db, ['locations'])).not.toEqual(before);
  });

  it('keeps the token when the writing transaction fails', async () => {
    await db.locations.put(locationRow('l1', 1));
    const before = await readGenerations(db, ['locations']);
    await expect(
      db.transaction('rw', db.locations, async () => {
        await db.locations.put(locationRow('l2', 1));
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await readGenerations(db, ['locations'])).toEqual(before);
    expect(await db.locations.get('l2')).toBeUndefined();
  });

  it('renews the bill month summaries’ token when a bill write changes them', async () => {
    const account = accountRow('a1', 1, 'l1', 'electric');
    await db.bills.put(billRow('b1', account, '2026-01', [service('electric', 10, 100)]));
    const [first] = await readGenerations(db, ['billMonthSummaries']);
    expect(first).not.toBe('');
    await db.bills.put(billRow('b2', account, '2026-02', [service('electric', 10, 100)]));
    expect(await readGenerations(db, ['billMonthSummaries'])).not.toEqual([first]);
  });
});

/** Stores `value` as the source's answer of `key`, computed on `path` under the tables' current tokens. */
async function store(key: string, value: unknown, path = '/companies/1/locations'): Promise<string[]> {
  const generations = await readGenerations(db, SOURCE.tables);
  await savePageAnswer(db, SOURCE, { key, path, generations, value });
  return generations;
}

describe('stored page answers', () => {
  it('gives the answer back while its tables are unchanged, for its key only', async () => {
    await db.locations.put(locationRow('l1', 1));
    const generations = await store('u1|1', { rows: ['l1'] });
    // Writes to other tables and the answer's own save move none of its tokens.
    await db.alerts.clear();
    expect(await loadPageAnswer(db, SOURCE, 'u1|1')).toEqual({
      key: 'u1|1',
      value: { rows: ['l1'] },
      generations,
    });
    expect(await loadPageAnswer(db, SOURCE, 'u1|2')).toBeUndefined();
    expect(await loadPageAnswer(db, { ...SOURCE, name: 'other' }, 'u1|1')).toBeUndefined();
    // A source that now reads other tables does not trust what was read from the old ones.
    expect(await loadPageAnswer(db, { ...SOURCE, tables: ['locations'] }, 'u1|1')).toBeUndefined();
  });

  it('is not given back once a table it read was written', async () => {
    await store('k', 42);
    expect(await loadPageAnswer(db, SOURCE, 'k')).toBeDefined();
    await db.accounts.put(accountRow('a1', 1, 'l1', 'electric'));
    expect(await loadPageAnswer(db, SOURCE, 'k')).toBeUndefined();
  });

  it('is not given back to another build', async () => {
    await store('k', 42);
    await db.pageAnswers.update(SOURCE.name, { build: 'an older build' });
    expect(await loadPageAnswer(db, SOURCE, 'k')).toBeUndefined();
  });

  it('looks up a path’s answers ahead of its page, each taken once, the trusted ones only', async () => {
    await store('k', 42, '/companies/1/locations');
    const other = { name: 'test.other', tables: ['alerts'] };
    await savePageAnswer(db, other, {
      key: 'k',
      path: '/companies/1/locations',
      generations: await readGenerations(db, other.tables),
      value: 'stale',
    });
    await db.alerts.clear();
    expect([...(await loadPageAnswersOfPath(db, '/companies/1/locations')).keys()]).toEqual([SOURCE.name]);
    expect((await loadPageAnswersOfPath(db, '/companies/1/accounts')).size).toBe(0);

    lookUpPageAnswersAhead(db, '/companies/1/locations');
    expect(takeAnswerAhead(db, SOURCE.name, 'k')).toBeUndefined();
    await lookupAhead(db);
    expect(lookupAhead(db)).toBeNull();
    expect(takeAnswerAhead(db, SOURCE.name, 'another key')).toBeUndefined();
    expect(takeAnswerAhead(db, SOURCE.name, 'k')?.value).toBe(42);
    expect(takeAnswerAhead(db, SOURCE.name, 'k')).toBeUndefined();
    expect(takeAnswerAhead(db, other.name, 'k')).toBeUndefined();
  });
});
