// The Bill pay tabs' live reads of synced rows (docs/architecture.md §1): payment confirmations with their accounts,
// and client deposits. Undefined while loading; the tabs filter and add up with src/domain/billPay.ts.
import { useLiveQuery } from 'dexie-react-hooks';
import { useUserDb } from '../../platform/database';
import { companyAccruals, companyDeposits, companyPayments } from '../../db/queries/billPay';
import type { AccrualListRow, PaymentListRow } from '../../db/queries/billPay';
import type { ClientDepositRow } from '../../db/rows';

/** The company's payment confirmations on the device, newest first. */
export function usePayments(companyId: number): PaymentListRow[] | undefined {
  const db = useUserDb();
  return useLiveQuery(async () => (db ? companyPayments(db, companyId) : []), [db, companyId]);
}

/** The company's client deposits on the device, newest first. */
export function useDeposits(companyId: number): ClientDepositRow[] | undefined {
  const db = useUserDb();
  return useLiveQuery(async () => (db ? companyDeposits(db, companyId) : []), [db, companyId]);
}

/** The company's accrual rows on the device, newest batch first. */
export function useAccruals(companyId: number): AccrualListRow[] | undefined {
  const db = useUserDb();
  return useLiveQuery(async () => (db ? companyAccruals(db, companyId) : []), [db, companyId]);
}
