// Schema version 14's data step: alerts carry their bill's month (server migration 0012 fills the column without
// new versions, so stored alerts never receive it from the feed). The month is read here, once, from the bills on
// the device; an alert whose bill is not on the device gets null, as the company window then leaves it out.
import type { Transaction } from 'dexie';
import { isRecord } from '../domain/sync';

/** Gives every stored alert without a `billMonth` its bill's month (Dexie runs it once, opening version 14). */
export async function fillAlertBillMonths(transaction: Transaction): Promise<void> {
  const alerts = transaction.table('alerts');
  const billIds = new Set<string>();
  await alerts.toCollection().each((row: unknown) => {
    if (isRecord(row) && typeof row.billId === 'string' && row.billMonth === undefined)
      billIds.add(row.billId);
  });
  const ids = [...billIds];
  const bills: unknown[] = await transaction.table('bills').bulkGet(ids);
  const monthOf = new Map<string, string>();
  bills.forEach((bill, i) => {
    if (isRecord(bill) && typeof bill.billMonth === 'string') monthOf.set(ids[i] ?? '', bill.billMonth);
  });
  await alerts.toCollection().modify((value: unknown, ref: { value: unknown }) => {
    if (!isRecord(value) || value.billMonth !== undefined) return;
    const billId = typeof value.billId === 'string' ? value.billId : null;
    ref.value = { ...value, billMonth: billId === null ? null : (monthOf.get(billId) ?? null) };
  });
}
