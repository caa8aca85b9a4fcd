import { useLiveQuery } from 'dexie-react-hooks';
import { fetchConsultantNames, fetchSiteTypes, fetchVendorNames } from '../../api/contracts';
import { useUserDb } from '../../platform/database';
import { useOnline } from '../../platform/useOnline';
import {
  contractDetail,
  contractList,
  knownConsultantNames,
  knownSiteTypes,
  knownVendorNames,
} from '../../db/queries/contracts';
import type { ContractDetail, ContractList } from '../../db/queries/contracts';
import { localToday } from '../../domain/contracts';
import { useOnlineList } from '../../platform/useOnlineList';

/**
 * A company's contracts from the device (undefined while loading), with the expiry of the device's today: a
 * contract read offline days after the last sync shows the status of the day (spec 001 §4).
 */
export function useContractList(companyId: number | null): ContractList | undefined {
  const db = useUserDb();
  return useLiveQuery(
    async () =>
      db && companyId !== null
        ? contractList(db, companyId, localToday())
        : { rows: [], services: [], vendors: [], locations: [] },
    [db, companyId],
  );
}

/** One contract from the device: undefined while loading, null when it is not here. */
export function useContractDetail(id: string | undefined): ContractDetail | null | undefined {
  const db = useUserDb();
  return useLiveQuery(async () => (db && id ? contractDetail(db, id, localToday()) : null), [db, id]);
}

function sortedUnion(local: readonly string[] | undefined, online: readonly string[] | null): string[] {
  const names = new Set([...(local ?? []), ...(online ?? [])].filter((name) => name.trim() !== ''));
  return [...names].sort((a, b) => a.localeCompare(b));
}

/**
 * Vendor and consultant names for the contract form's suggestions: those the device knows, and while online the
 * server's look-ups too (every vendor, every consultant acting for the company).
 */
export function useContractSuggestions(companyId: number | null): {
  vendors: string[];
  consultants: string[];
} {
  const db = useUserDb();
  const isOnline = useOnline();
  const owner = companyId ?? 0;
  const onlineVendors = useOnlineList(owner, isOnline && companyId !== null, fetchVendorNames);
  const onlineConsultants = useOnlineList(owner, isOnline && companyId !== null, fetchConsultantNames);
  const local = useLiveQuery(
    async () =>
      db && companyId !== null
        ? {
            vendors: await knownVendorNames(db, companyId),
            consultants: await knownConsultantNames(db, companyId),
          }
        : { vendors: [], consultants: [] },
    [db, companyId],
  );
  return {
    vendors: sortedUnion(local?.vendors, onlineVendors.items),
    consultants: sortedUnion(local?.consultants, onlineConsultants.items),
  };
}

/** Site types for the new-site form: the device's, and the server's look-up while online. */
export function useSiteTypeSuggestions(companyId: number): string[] {
  const db = useUserDb();
  const isOnline = useOnline();
  const online = useOnlineList(companyId, isOnline, fetchSiteTypes);
  const local = useLiveQuery(async () => (db ? knownSiteTypes(db, companyId) : []), [db, companyId]);
  return sortedUnion(local, online.items);
}
