// The GL tab's data besides the server's file list: the child companies a parent generates for, and the GL files kept
// on the device (docs/architecture.md §15), which is all the tab can list offline.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { fetchGlChildCompanies } from '../../api/billPay';
import type { GlChildCompany } from '../../api/billPay';
import { useUserDb } from '../../platform/database';
import { keptKeys, listKeptFiles } from '../../db/keptFiles';
import type { KeptFileRow } from '../../db/keptFiles';

/** The child companies with AP access a parent may generate GL files for (none offline). */
export function useGlChildCompanies(companyId: number, isOnline: boolean): GlChildCompany[] {
  const [children, setChildren] = useState<{ companyId: number; list: GlChildCompany[] } | null>(null);
  useEffect(() => {
    if (!isOnline) return;
    let isCurrent = true;
    void fetchGlChildCompanies(companyId).then((result) => {
      if (isCurrent && result.ok) setChildren({ companyId, list: result.data });
    });
    return () => {
      isCurrent = false;
    };
  }, [companyId, isOnline]);
  return children?.companyId === companyId ? children.list : [];
}

/** The GL files of the given companies kept on this device, newest first. */
export function useKeptGlFiles(companyIds: readonly number[]): KeptFileRow[] | undefined {
  const db = useUserDb();
  const key = companyIds.join(',');
  return useLiveQuery(async () => {
    if (!db) return [];
    const ids = new Set(key.split(',').map(Number));
    return (await listKeptFiles(db))
      .filter((row) => row.key.startsWith('gl/') && row.companyId !== null && ids.has(row.companyId))
      .sort((a, b) => b.keptAt.localeCompare(a.keptAt));
  }, [db, key]);
}

/** Which of these keys have a file kept on the device. */
export function useKeptFileKeys(keys: readonly string[]): Set<string> | undefined {
  const db = useUserDb();
  const joined = keys.join('\u0000');
  return useLiveQuery(
    async () => (db ? keptKeys(db, joined === '' ? [] : joined.split('\u0000')) : new Set<string>()),
    [db, joined],
  );
}
