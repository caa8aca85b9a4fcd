import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import { get } from '../../api/http';
import { useUserDb } from '../../platform/database';
import { useOnline } from '../../platform/useOnline';
import { businessUnitsOnDevice } from '../../db/queries/accountPages';

/** A company of the business units filter (`GET /api/companies/businessUnits/{id}`). */
interface ServerBusinessUnit {
  id: number;
  name: string;
  parentId: number | null;
  isParent: boolean;
}

/** One child company the filter offers. */
export interface BusinessUnit {
  id: number;
  name: string;
  /** Its accounts are on this device (a sync of it has completed). */
  isOnDevice: boolean;
}

/** The business units of a company and where the list came from. */
export interface BusinessUnits {
  /** Children of the company; empty for a company that is not a parent. Undefined while loading. */
  units: BusinessUnit[] | undefined;
  /** 'server' when the online list answered; 'device' when only the companies kept here are known (offline). */
  source: 'server' | 'device';
}

/**
 * The business units filter's companies: online, the server's list (children the user may open); offline, the
 * children kept on this device. Either way each says whether its accounts are here to show.
 */
export function useBusinessUnits(companyId: number | null): BusinessUnits {
  const db = useUserDb();
  const isOnline = useOnline();
  const [remote, setRemote] = useState<{ companyId: number; units: ServerBusinessUnit[] } | null>(null);

  useEffect(() => {
    if (companyId === null || !isOnline) return undefined;
    let isCurrent = true;
    void get<ServerBusinessUnit[]>(`/companies/businessUnits/${companyId}`).then((result) => {
      if (isCurrent && result.ok) setRemote({ companyId, units: result.data });
    });
    return () => {
      isCurrent = false;
    };
  }, [companyId, isOnline]);

  const serverChildren = useMemo(
    () =>
      remote && remote.companyId === companyId ? remote.units.filter((unit) => unit.id !== companyId) : null,
    [remote, companyId],
  );
  const local = useLiveQuery(
    async () =>
      db && companyId !== null
        ? businessUnitsOnDevice(db, companyId, serverChildren?.map((unit) => unit.id) ?? [])
        : [],
    [db, companyId, serverChildren],
  );

  return useMemo(() => {
    if (local === undefined) return { units: undefined, source: serverChildren ? 'server' : 'device' };
    const names = new Map(serverChildren?.map((unit) => [unit.id, unit.name]));
    const units = local
      // Online the server's list decides; offline, a child whose record never reached this device has no name
      // to show and nothing to open.
      .filter((unit) => (serverChildren ? names.has(unit.id) : unit.name !== null))
      .map((unit) => ({
        id: unit.id,
        name: names.get(unit.id) ?? unit.name ?? `Company ${unit.id}`,
        isOnDevice: unit.isOnDevice,
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
    return { units, source: serverChildren ? 'server' : 'device' };
  }, [local, serverChildren]);
}
