// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { AppDb } from '../../src/db/schema';
import { answerSlot, useRememberedLiveQuery } from '../../src/ui/useRememberedLiveQuery';
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
