import { useLiveQuery } from 'dexie-react-hooks';
import { figureCompleteness } from '../../domain/completeness';
import type { Completeness, FigureReads } from '../../domain/completeness';
import { useUserDb } from '../database';

/**
 * Whether what a figure of the company reads is on this device (src/domain/completeness.ts), following the sync as
 * it brings more; undefined while unknown.
 */
export function useFigureCompleteness(
  companyId: number | null,
  reads: FigureReads,
): Completeness | undefined {
  const db = useUserDb();
  const key = JSON.stringify(reads);
  return useLiveQuery(async () => {
    if (!db || companyId === null) return undefined;
    return figureCompleteness(await db.syncState.get(companyId), JSON.parse(key) as FigureReads);
  }, [db, companyId, key]);
}
