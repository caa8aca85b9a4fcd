// The accounts payable page's live reads (docs/architecture.md §1): the company's synced AP deliveries, and the
// figures of the chosen period by the shared rule (src/domain/accountsPayable.ts). Undefined while loading.
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { useUserDb } from '../../platform/database';
import { accountsPayableFigures, apFileDays } from '../../domain/accountsPayable';
import type { AccountsPayableFigures, ApFileDay, ApPeriod } from '../../domain/accountsPayable';
import { companyApDeliveries } from '../../db/queries/billPay';
import type { ApDeliveryRow } from '../../db/rows';

/** The AP deliveries of a company on the device. */
export function useApDeliveries(companyId: number | null): ApDeliveryRow[] | undefined {
  const db = useUserDb();
  return useLiveQuery(
    async () => (db && companyId !== null ? companyApDeliveries(db, companyId) : []),
    [db, companyId],
  );
}

/** The AP files on the device, newest first. */
export function useApFileDays(rows: readonly ApDeliveryRow[] | undefined): ApFileDay[] | undefined {
  return useMemo(() => (rows ? apFileDays(rows) : undefined), [rows]);
}

/** The figures of a period (none while the rows load or no period is chosen). */
export function useApFigures(
  rows: readonly ApDeliveryRow[] | undefined,
  period: ApPeriod | null,
): AccountsPayableFigures | undefined {
  return useMemo(() => (rows && period ? accountsPayableFigures(rows, period) : undefined), [rows, period]);
}
