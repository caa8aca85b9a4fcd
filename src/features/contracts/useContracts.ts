import { useLiveQuery } from 'dexie-react-hooks';
import { useUserDb } from '../../app/database';
import {
  contractDetail,
  contractList,
  knownConsultantNames,
  knownVendorNames,
} from '../../db/queries/contracts';
import type { ContractDetail, ContractList } from '../../db/queries/contracts';
import { localToday } from '../../domain/contracts';

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

/** Vendor and consultant names the device knows, for the contract form's suggestions. */
export function useContractSuggestions(companyId: number | null): {
  vendors: string[];
  consultants: string[];
} {
  const db = useUserDb();
  return (
    useLiveQuery(
      async () =>
        db && companyId !== null
          ? {
              vendors: await knownVendorNames(db, companyId),
              consultants: await knownConsultantNames(db, companyId),
            }
          : { vendors: [], consultants: [] },
      [db, companyId],
    ) ?? { vendors: [], consultants: [] }
  );
}
