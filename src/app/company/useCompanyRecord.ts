import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { get } from '../../api/http';
import type { CompanyRow } from '../../db/rows';
import { useUserDb } from '../database';

/** The company a page works in: loading, found, unknown to this user, or not available offline. */
export type CompanyRecord = CompanyRow | null | undefined | 'offline';

/**
 * The company record (name and access flags) from the local database. The sync worker keeps it
 * current; when it is not local yet (first sign-in, a consultant's first visit) it is fetched once
 * and stored, so guards and the sidebar work at once. Undefined while loading; null when the server
 * says the company does not exist or is not the user's (404); 'offline' when neither can tell.
 */
export function useCompanyRecord(companyId: number | null): CompanyRecord {
  const db = useUserDb();
  const local = useLiveQuery(
    async () => (db && companyId !== null ? ((await db.companies.get(companyId)) ?? null) : null),
    [db, companyId],
  );
  const [remote, setRemote] = useState<{ companyId: number; outcome: 'missing' | 'offline' } | null>(null);

  useEffect(() => {
    if (!db || companyId === null || local !== null) return;
    let isCurrent = true;
    void get<CompanyRow>(`/companies/${companyId}`).then(async (result) => {
      if (!isCurrent) return;
      if (result.ok) await db.companies.put(result.data);
      else setRemote({ companyId, outcome: result.status === 404 ? 'missing' : 'offline' });
    });
    return () => {
      isCurrent = false;
    };
  }, [db, companyId, local]);

  if (companyId === null) return null;
  if (local) return local;
  if (remote?.companyId === companyId) return remote.outcome === 'missing' ? null : 'offline';
  return undefined;
}
