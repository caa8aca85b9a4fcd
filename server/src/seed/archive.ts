// Archived bill statements from before the bill history, for companies with an archive table name: a year of every
// second account for the demo companies, two years of every account for a scale company (≥ 100,000 statements at
// scale L, what the archive search is measured on).
import type { archiveRecords } from '../db/schema';
import type { AccountBills, CompanyContext, RowOf } from './context';
import { addDays, addMonths } from './dates';
import { tinyPdf } from './documents';
import { rngFor } from './random';

/** Generates the archived statements of a company; a few carry a stored PDF. */
export function generateArchive(
  ctx: CompanyContext,
  accountBills: readonly AccountBills[],
): RowOf<typeof archiveRecords>[] {
  if (!ctx.plan.flags.archiveTableName) return [];
  const rng = rngFor(ctx.seed, ctx.plan.key, 'archive');
  const firstMonth = ctx.months[0] ?? ctx.asOf.slice(0, 7);
  const rows: RowOf<typeof archiveRecords>[] = [];
  let statement = 4_200_000;
  const isScale = ctx.plan.key.startsWith('scale-');
  const months = isScale ? 24 : 12;
  accountBills.forEach(({ account, bills }, index) => {
    if (!isScale && index % 2 !== 0) return;
    const reference = bills.find((bill) => !bill.isInvoiceMissing)?.totalNewCharges ?? 250;
    for (let k = months; k >= 1; k -= 1) {
      statement += rng.int(1, 9);
      const billMonth = addMonths(firstMonth, -k);
      const amount = Math.round(reference * rng.float(0.85, 1.05) * 100) / 100;
      const gcStatementId = `GC${statement}`;
      rows.push({
        id: rng.uuid(),
        companyId: ctx.companyId,
        gcStatementId,
        accountNumber: account.row.accountNumber,
        vendorName: account.vendorName,
        billMonth,
        invoiceDate: addDays(`${billMonth}-01`, rng.int(2, 26)),
        amount,
        // Most statements have no stored PDF: the download renders one (spec 001 §7 Archive).
        pdf:
          !isScale && rows.length % 25 === 0
            ? tinyPdf(`Statement ${gcStatementId}`, [
                account.vendorName,
                `Account ${account.row.accountNumber}`,
                `Bill month ${billMonth}`,
                `Amount $${amount.toFixed(2)}`,
              ])
            : null,
      });
    }
  });
  return rows;
}
