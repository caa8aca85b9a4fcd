// Budget actuals (spec 001 §3 Budget: "actualSpendAmount, actualUsageAmount"): what a budget's site (or, without a
// site, its whole company) was billed for its service in each month, from the bills' per-service summaries, so the
// actuals follow the bills on the device and on the server alike.
import { fromMilli, milli } from './billFigures';
import type { BillServiceSummary } from './billFigures';
import { fromCents, toCents } from './money';
import { monthKey } from './totals';

/** The budget fields the actuals read. */
export interface ActualsBudget {
  locationId: string | null;
  serviceType: string;
}

/** The bill fields the actuals read. */
export interface ActualsBill {
  locationId: string;
  billMonth: string;
  isInvoiceMissing: boolean;
  services: readonly BillServiceSummary[];
}

/** A month's actuals: charges and usage of the budget's service. */
export interface BudgetActual {
  actualSpendAmount: number;
  actualUsageAmount: number;
}

/**
 * The actuals of a budget for each of `months` (`YYYY-MM`): the charges (exact to the cent) and usage of its
 * service on the bills of its site, or of every site when the budget is company-wide. A month without bills is 0.
 */
export function budgetActuals(
  budget: ActualsBudget,
  bills: readonly ActualsBill[],
  months: readonly string[],
): Map<string, BudgetActual> {
  const sums = new Map(months.map((month) => [month, { cents: 0, usageMilli: 0 }]));
  for (const bill of bills) {
    if (bill.isInvoiceMissing) continue;
    if (budget.locationId !== null && bill.locationId !== budget.locationId) continue;
    const entry = sums.get(monthKey(bill.billMonth) ?? bill.billMonth);
    if (!entry) continue;
    for (const summary of bill.services) {
      if (summary.serviceType !== budget.serviceType) continue;
      entry.cents += toCents(summary.charges);
      if (summary.usage !== null) entry.usageMilli += milli(summary.usage);
    }
  }
  return new Map(
    [...sums].map(([month, entry]) => [
      month,
      { actualSpendAmount: fromCents(entry.cents), actualUsageAmount: fromMilli(entry.usageMilli) },
    ]),
  );
}
