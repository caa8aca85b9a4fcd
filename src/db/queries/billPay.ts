// Live reads of the accounts payable and bill pay pages (docs/architecture.md §14): a company's synced AP
// deliveries, payment confirmations (with their account's number and vendor) and client deposits. The pages filter
// and add up in memory with the rules of src/domain, the same the server's answers use.
import type { AccrualRow, ApDeliveryRow, ClientDepositRow, PaymentConfirmationRow } from '../rows';
import type { AppDb } from '../schema';

/** The AP deliveries of a company on the device. */
export function companyApDeliveries(db: AppDb, companyId: number): Promise<ApDeliveryRow[]> {
  return db.apDeliveries.where('companyId').equals(companyId).toArray();
}

/** A payment confirmation with what the tab shows of its account. */
export interface PaymentListRow extends PaymentConfirmationRow {
  accountNumber: string | null;
  vendorName: string | null;
}

/** The payment confirmations of a company, newest payment first, with their accounts' numbers and vendors. */
export async function companyPayments(db: AppDb, companyId: number): Promise<PaymentListRow[]> {
  const payments = await db.paymentConfirmations.where('companyId').equals(companyId).toArray();
  const accountIds = [...new Set(payments.map((payment) => payment.accountId))];
  const accounts = await db.accounts.bulkGet(accountIds);
  const byId = new Map(accounts.flatMap((account) => (account ? [[account.id, account] as const] : [])));
  return payments
    .map((payment) => {
      const account = byId.get(payment.accountId);
      return {
        ...payment,
        accountNumber: account?.accountNumber ?? null,
        vendorName: account?.vendorName ?? null,
      };
    })
    .sort((a, b) => b.paymentDate.localeCompare(a.paymentDate) || a.id.localeCompare(b.id));
}

/** The client deposits of a company, newest first. */
export async function companyDeposits(db: AppDb, companyId: number): Promise<ClientDepositRow[]> {
  const deposits = await db.clientDeposits.where('companyId').equals(companyId).toArray();
  return deposits.sort((a, b) => b.depositDate.localeCompare(a.depositDate) || a.id.localeCompare(b.id));
}

/** An accrual row with its account's number and vendor. */
export interface AccrualListRow extends AccrualRow {
  accountNumber: string | null;
  vendorName: string | null;
}

/** The accrual rows of a company, newest batch first, with their accounts' numbers and vendors. */
export async function companyAccruals(db: AppDb, companyId: number): Promise<AccrualListRow[]> {
  const rows = await db.accruals.where('companyId').equals(companyId).toArray();
  const accounts = await db.accounts.bulkGet([...new Set(rows.map((row) => row.accountId))]);
  const byId = new Map(accounts.flatMap((account) => (account ? [[account.id, account] as const] : [])));
  return rows
    .map((row) => ({
      ...row,
      accountNumber: byId.get(row.accountId)?.accountNumber ?? null,
      vendorName: byId.get(row.accountId)?.vendorName ?? null,
    }))
    .sort(
      (a, b) =>
        b.batchDate.localeCompare(a.batchDate) ||
        (a.accountNumber ?? '').localeCompare(b.accountNumber ?? ''),
    );
}
