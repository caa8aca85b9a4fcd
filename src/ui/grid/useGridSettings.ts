// A grid's column choice, saved per user per grid (spec 000 §3): read from the local gridSettings table and
// written as a synced write through the outbox (POST …/user/saveGridSettings), so it works offline too.
import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue } from 'jotai';
import { useCallback, useMemo, useState } from 'react';
import { useUserDb } from '../../platform/database';
import { saveGridSettings } from '../../db/mutations/gridSettings';
import type { AppDb } from '../../db/schema';
import { sessionAtom } from '../../session/atoms';
import { defaultVisibleIds } from './columns';
import type { GridColumnDef } from './columns';
import { orderedIds, parseVisibleIds, serializeVisibleIds } from './gridSettings';

/** Whose settings: the signed-in user in the company the page works in. */
export type GridSettingsOwner = { readonly userId: number; readonly companyId: number };

/** The visible columns of a grid and how to change them. */
export type GridSettingsState = {
  /** Ids of the visible columns, in the columns' order. */
  readonly visibleIds: readonly string[];
  /** Saves a new choice (locally at once, to the server through the outbox). */
  readonly setVisibleIds: (ids: readonly string[]) => Promise<void>;
  /** Saves the default choice: every column not hidden by default. */
  readonly reset: () => Promise<void>;
  /** False until the saved choice has been read (the defaults show meanwhile). */
  readonly isLoaded: boolean;
};

/**
 * The signed-in user's column choice for `gridName` in `companyId` (default: the user's own company; consultants
 * pass the client company of the page).
 */
export function useGridSettings<Row>(
  gridName: string,
  columns: readonly GridColumnDef<Row>[],
  companyId?: number,
): GridSettingsState {
  const db = useUserDb();
  const session = useAtomValue(sessionAtom);
  const userId = session?.userId;
  const ownerCompanyId = companyId ?? session?.companyId;
  const owner = useMemo(
    () =>
      userId !== undefined && ownerCompanyId !== undefined ? { userId, companyId: ownerCompanyId } : null,
    [userId, ownerCompanyId],
  );
  return useGridSettingsIn(db, owner, gridName, columns);
}

/** useGridSettings over a given database and owner; without them the choice lives in memory only. */
export function useGridSettingsIn<Row>(
  db: AppDb | null,
  owner: GridSettingsOwner | null,
  gridName: string,
  columns: readonly GridColumnDef<Row>[],
): GridSettingsState {
  const companyId = owner?.companyId;
  const saved = useLiveQuery(async () => {
    if (!db || companyId === undefined) return null;
    const row = await db.gridSettings.where('[companyId+gridName]').equals([companyId, gridName]).first();
    return row?.gridSettings ?? null;
  }, [db, companyId, gridName]);
  // A choice just made shows at once, until the saved value it was made over changes (our write landing, or
  // a newer one arriving by sync): no flash of the old columns while the write commits.
  const [pending, setPending] = useState<{
    gridName: string;
    text: string;
    basis: string | null | undefined;
  } | null>(null);
  const effective = pending?.gridName === gridName && pending.basis === saved ? pending.text : saved;
  const visibleIds = useMemo(() => parseVisibleIds(effective, columns), [effective, columns]);

  const setVisibleIds = useCallback(
    async (ids: readonly string[]) => {
      const text = serializeVisibleIds(orderedIds(ids, columns));
      setPending({ gridName, text, basis: saved });
      if (!db || !owner) return;
      try {
        await saveGridSettings(db, {
          companyId: owner.companyId,
          userId: owner.userId,
          gridName,
          gridSettings: text,
        });
      } catch (error) {
        setPending(null);
        throw error;
      }
    },
    [columns, db, owner, gridName, saved],
  );
  const reset = useCallback(() => setVisibleIds(defaultVisibleIds(columns)), [columns, setVisibleIds]);

  return { visibleIds, setVisibleIds, reset, isLoaded: saved !== undefined };
}
