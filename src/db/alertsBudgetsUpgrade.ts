// Schema version 5's data step: rows stored before alerts named their audit and before budgets covered any run of
// months. Alerts get the rule that raised them all (the spec's anomaly flag); a year's budget
// becomes the twelve months from its January; items lose the actuals they stored (they come from the bills now).
// The server's migration 0004 makes the same change to its rows without new versions, so the two agree.
import type { Transaction } from 'dexie';
import { isRecord } from '../domain/sync';

/** An alert row as versions 1 to 4 stored it, brought to the current shape (other rows returned as they are). */
export function upgradeAlertRow(row: Record<string, unknown>): Record<string, unknown> {
  if (typeof row.rule === 'string') return row;
  return { ...row, rule: 'anomaly', measured: null, reference: null };
}

/** A budget row of versions 1 to 4 (a calendar year) in the current shape. */
export function upgradeBudgetRow(row: Record<string, unknown>): Record<string, unknown> {
  if (typeof row.startMonth === 'string') return row;
  const { year, ...rest } = row;
  return { ...rest, startMonth: `${String(year)}-01`, monthCount: 12 };
}

/** A budget item without the actuals earlier versions stored. */
export function upgradeBudgetItemRow(row: Record<string, unknown>): Record<string, unknown> {
  const { actualSpendAmount: _spend, actualUsageAmount: _usage, ...rest } = row;
  return rest;
}

async function rewrite(
  transaction: Transaction,
  table: string,
  upgrade: (row: Record<string, unknown>) => Record<string, unknown>,
): Promise<void> {
  await transaction
    .table(table)
    .toCollection()
    .modify((value: unknown, ref: { value: unknown }) => {
      if (isRecord(value)) ref.value = upgrade(value);
    });
}

/** Rewrites stored alerts, budgets and budget items in the current shape (Dexie runs it once, opening version 5). */
export async function upgradeAlertsAndBudgets(transaction: Transaction): Promise<void> {
  await rewrite(transaction, 'alerts', upgradeAlertRow);
  await rewrite(transaction, 'budgets', upgradeBudgetRow);
  await rewrite(transaction, 'budgetItems', upgradeBudgetItemRow);
}
