// Files that came with some bills (spec 001 §7 `GET /downloadAttachment`): a meter-read log for about one bill in
// forty with an invoice, in the companies whose bills have lines (the demo; scale mode leaves them out).
import type { billAttachments } from '../db/schema';
import type { AccountBills, CompanyContext, RowOf } from './context';
import { tinyPdf } from './documents';
import { rngFor } from './random';

/** The attachments of a company's bills. */
export function generateBillAttachments(
  ctx: CompanyContext,
  accountBills: readonly AccountBills[],
): RowOf<typeof billAttachments>[] {
  if (!ctx.billLines) return [];
  const rng = rngFor(ctx.seed, ctx.plan.key, 'bill-attachments');
  const rows: RowOf<typeof billAttachments>[] = [];
  let seen = 0;
  for (const { account, bills } of accountBills) {
    for (const bill of bills) {
      if (bill.isInvoiceMissing) continue;
      seen += 1;
      if (seen % 40 !== 7) continue;
      rows.push({
        id: rng.uuid(),
        companyId: ctx.companyId,
        billId: bill.id,
        accountNumber: account.row.accountNumber,
        fileName: `Meter read log ${bill.billMonth}.pdf`,
        content: tinyPdf(`Meter read log, ${bill.billMonth}`, [
          account.vendorName,
          `Account ${account.row.accountNumber}`,
          `Read ${bill.readDateFrom ?? ''} to ${bill.readDateTo ?? ''}`,
        ]),
        createdAt: ctx.stamp,
      });
    }
  }
  return rows;
}
