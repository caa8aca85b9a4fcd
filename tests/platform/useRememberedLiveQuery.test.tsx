// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { AppDb } from '../../src/db/schema';
import { answerSlot, useRememberedLiveQuery } from '../../src/platform/useRememberedLiveQuery';
import { openLocalDb } from '../helpers/localDb';
import { locationRow } from '../helpers/localRows';

afterEach(cleanup);

const names = (db: AppDb) => async () => (await db.locations.toArray()).map((row) => row.name);

describe('useRememberedLiveQuery', () => {
  it('shows the last answer of the same key in the first render, then the fresh one', async () => {
    const db = openLocalDb();
    await db.locations.put(locationRow({ id: 'l1', name: 'Alpha' }));
    const slot = answerSlot<string[]>();
    const first = renderHook(() => useRememberedLiveQuery(slot, 'company-1', names(db), [db]));
    expect(first.result.current).toBeUndefined();
    await waitFor(() => expect(first.result.current).toEqual(['Alpha']));
    first.unmount();

    await db.locations.put(locationRow({ id: 'l2', name: 'Beta' }));
    const again = renderHook(() => useRememberedLiveQuery(slot, 'company-1', names(db), [db]));
    expect(again.result.current).toEqual(['Alpha']);
    await waitFor(() => expect(again.result.current).toEqual(['Alpha', 'Beta']));
    again.unmount();

    const other = renderHook(() => useRememberedLiveQuery(slot, 'company-2', names(db), [db]));
    expect(other.result.current).toBeUndefined();
    await waitFor(() => expect(other.result.current).toEqual(['Alpha', 'Beta']));
    db.close();
  });

  it('shows the answer stored before a reload while its tables are unchanged, before the query answers', async () => {
    const db = openLocalDb();
    await db.locations.put(locationRow({ id: 'l1', name: 'Alpha' }));
    const source = { name: 'test.names', tables: ['locations'] };
    // One slot per page module: a reload makes a new one.
    const slot = () => answerSlot<string[]>(source);
    const firstSlot = slot();
    const first = renderHook(() => useRememberedLiveQuery(firstSlot, 'company-1', names(db), [db], db));
    await waitFor(() => expect(first.result.current).toEqual(['Alpha']));
    // Stored once the page has been quiet for a moment.
    await waitFor(() => expect(db.pageAnswers.get('test.names')).resolves.toBeDefined(), { timeout: 4_000 });
    first.unmount();

    // A reload: the module's slot is new and empty; the query never answers here, so what shows is the stored one.
    const never = () => new Promise<string[]>(() => undefined);
    const reloadedSlot = slot();
    const reloaded = renderHook(() => useRememberedLiveQuery(reloadedSlot, 'company-1', never, [db], db));
    expect(reloaded.result.current).toBeUndefined();
    await waitFor(() => expect(reloaded.result.current).toEqual(['Alpha']));
    reloaded.unmount();

    // Another key, or a write to the table since, and the stored answer is not shown.
    const otherSlot = slot();
    const otherKey = renderHook(() => useRememberedLiveQuery(otherSlot, 'company-2', never, [db], db));
    await db.locations.put(locationRow({ id: 'l2', name: 'Beta' }));
    const writtenSlot = slot();
    const afterWrite = renderHook(() => useRememberedLiveQuery(writtenSlot, 'company-1', never, [db], db));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(afterWrite.result.current).toBeUndefined();
    expect(otherKey.result.current).toBeUndefined();
    db.close();
  }, 10_000);

  it('keeps the remembered answer while the query has nothing to read yet', async () => {
    const slot = answerSlot<number>();
    slot.set('k', 7);
    const { result } = renderHook(() =>
      useRememberedLiveQuery(slot, 'k', () => Promise.resolve(undefined), []),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current).toBe(7);
    expect(slot.get('k')).toBe(7);
    expect(slot.get('other')).toBeUndefined();
  });
});
