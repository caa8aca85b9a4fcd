// Accounts payable and bill pay (spec 001 §3): AP deliveries, payment confirmations, client deposits, accruals
// with their report, GL files and control workbooks, all derived from the company's bills.
import { AP_CLIENT_COMPANY_TYPE_ID } from '../../../src/domain/nav';
import { serviceLabel } from '../../../src/domain/serviceTypes';
import type {
  accrualReports,
  accruals,
  apDeliveries,
  billPayBillNotes,
  clientDeposits,
  controlWorkbooks,
  glFiles,
  paymentConfirmations,
} from '../db/schema';
import type { SyncedInsert } from './bulkInsert';
import type { AccountBills, BillRow, CompanyContext, RowOf } from './context';
import { addDays, addMonths, daysBetween, dayOfMonth, monthOf, stamp } from './dates';
import { csvFile } from './documents';
import { rngFor } from './random';

/** Every bill-pay and AP row of a company. */
export interface BillPayData {
  apDeliveries: SyncedInsert<typeof apDeliveries>[];
  payments: SyncedInsert<typeof paymentConfirmations>[];
  deposits: SyncedInsert<typeof clientDeposits>[];
  accruals: SyncedInsert<typeof accruals>[];
  accrualReports: RowOf<typeof accrualReports>[];
  glFiles: RowOf<typeof glFiles>[];
  workbooks: RowOf<typeof controlWorkbooks>[];
  billNotes: RowOf<typeof billPayBillNotes>[];
}

/** What the bill pay team writes on a bill it paid (a few bills get one). */
const NOTES = [
  'Paid in full; remittance confirmed by the vendor.',
  'Late fee disputed with the vendor; credit expected on the next bill.',
  'Vendor portal payment; confirmation emailed to the site manager.',
  'Account number on the remittance stub updated to match the vendor.',
  'Check mailed overnight to avoid a disconnection notice.',
] as const;

const METHODS = ['CHECK', 'ACH', 'CARD', 'WIRE', 'VCARD'] as const;

/** The AP file's own spelling of a date: six digits, MMDDYY (spec 001 §5). */
function apFileDateText(isoDate: string): string {
  return `${isoDate.slice(5, 7)}${isoDate.slice(8, 10)}${isoDate.slice(2, 4)}`;
}

function cents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Generates AP and bill-pay rows for the areas the company's flags open. */
export function generateBillPay(ctx: CompanyContext, accountBills: readonly AccountBills[]): BillPayData {
  const { plan, companyId } = ctx;
  const flags = plan.flags;
  const rng = rngFor(ctx.seed, plan.key, 'bill-pay');
  const data: BillPayData = {
    apDeliveries: [],
    payments: [],
    deposits: [],
    accruals: [],
    accrualReports: [],
    glFiles: [],
    workbooks: [],
    billNotes: [],
  };
  const noteRng = rngFor(ctx.seed, plan.key, 'bill-pay-notes');
  const lastMonth = ctx.months[ctx.months.length - 1] ?? monthOf(ctx.asOf);
  const recentFrom = addMonths(lastMonth, -5);
  const billPay = flags.billPayAccess === true || flags.companyTypeId === AP_CLIENT_COMPANY_TYPE_ID;
  const paidByMonth = new Map<string, number>();

  for (const { account, bills } of accountBills) {
    const method = rng.weighted(METHODS, [25, 50, 10, 5, 10]);
    for (const bill of bills) {
      if (bill.isInvoiceMissing || !bill.invoiceDate || bill.billMonth < recentFrom) continue;
      if (flags.apAccess === true) {
        const apFileDate = addDays(bill.invoiceDate, 2);
        data.apDeliveries.push({
          id: rng.uuid(),
          companyId,
          vendorName: account.vendorName,
          accountNumber: account.row.accountNumber ?? '',
          locationId: account.location.row.id,
          apFileDate: apFileDateText(apFileDate),
          invoiceDate: bill.invoiceDate,
          dueDate: bill.dueDate,
          amount: bill.amountDue,
          isPenalty: bill.lateFee > 0,
          serviceGroup: serviceLabel(bill.services[0]?.serviceType ?? 'electric'),
          createdAt: stamp(apFileDate, 6),
        });
      }
      if (billPay && bill.status === 'Cleared' && bill.statusDate) {
        data.payments.push({
          id: rng.uuid(),
          companyId,
          accountId: account.row.id,
          amount: bill.amountDue,
          paymentMethod: method,
          invoiceDate: bill.invoiceDate,
          paymentDate: bill.statusDate,
          confirmationNumber: `${method === 'CHECK' ? 'CK' : 'EP'}${String(rng.int(10_000_000, 99_999_999))}`,
          billId: bill.id,
        });
        if (noteRng.float(0, 1) < 0.15)
          data.billNotes.push({
            id: noteRng.uuid(),
            companyId,
            billId: bill.id,
            note: bill.lateFee > 0 ? NOTES[1] : noteRng.pick(NOTES),
            authorName: 'Bill Pay Team',
            createdAt: stamp(bill.statusDate, 15),
          });
        const month = monthOf(bill.statusDate);
        paidByMonth.set(month, (paidByMonth.get(month) ?? 0) + cents(bill.amountDue));
      }
    }
  }

  if (billPay) {
    // Two deposits a month fund the payments; the latest month is not fully matched yet.
    for (const month of [...paidByMonth.keys()].sort()) {
      const total = paidByMonth.get(month) ?? 0;
      const first = Math.round(total * rng.float(0.45, 0.6));
      for (const [day, amount] of [
        [1, first],
        [15, total - first],
      ] as const) {
        const depositDate = dayOfMonth(month, day);
        if (depositDate >= ctx.asOf) continue;
        const matched = month === lastMonth ? Math.round(amount * rng.float(0.5, 0.9)) : amount;
        data.deposits.push({
          id: rng.uuid(),
          companyId,
          depositDate,
          transactionAmount: amount / 100,
          matchedAmount: matched / 100,
        });
      }
    }
    for (let k = 1; k <= 3; k += 1) {
      const month = addMonths(lastMonth, 1 - k);
      const fromDate = dayOfMonth(month, 1);
      const toDate = dayOfMonth(month, 31);
      data.glFiles.push({
        id: rng.uuid(),
        companyId,
        fileName: `GL_${plan.key}_${month}.csv`,
        fromDate,
        toDate,
        content: csvFile([
          ['gl_account', 'cost_center', 'description', 'amount'],
          [
            '6100-Utilities',
            'CC-1000',
            `Utility payments ${month}`,
            ((paidByMonth.get(month) ?? 0) / 100).toFixed(2),
          ],
        ]),
        createdAt: stamp(addDays(toDate, 2), 7),
      });
    }
    for (let k = 1; k <= 2; k += 1) {
      const month = addMonths(lastMonth, 1 - k);
      data.workbooks.push({
        id: rng.uuid(),
        companyId,
        fileName: `Control Workbook ${month}.pdf`,
        batchMonth: month,
        createdAt: stamp(addDays(dayOfMonth(month, 28), 5), 9),
      });
    }
  }

  if (flags.accrualsAccess === true) generateAccruals(ctx, accountBills, data, lastMonth);
  return data;
}

function lastBillBefore(bills: readonly BillRow[], date: string): BillRow | undefined {
  for (let i = bills.length - 1; i >= 0; i -= 1) {
    const bill = bills[i];
    if (bill && !bill.isInvoiceMissing && bill.readDateTo && bill.readDateTo < date) return bill;
  }
  return undefined;
}

/** Month-end accrual batches: service since each account's last read, estimated from its last bill's daily cost. */
function generateAccruals(
  ctx: CompanyContext,
  accountBills: readonly AccountBills[],
  data: BillPayData,
  lastMonth: string,
) {
  const rng = rngFor(ctx.seed, ctx.plan.key, 'accruals');
  for (let k = 0; k < 2; k += 1) {
    const batchDate = dayOfMonth(addMonths(lastMonth, -k), 31);
    const rows: (string | number)[][] = [
      ['account_number', 'service_start', 'service_end', 'days', 'amount'],
    ];
    for (const { account, bills } of accountBills) {
      const bill = lastBillBefore(bills, batchDate);
      if (!bill?.readDateTo || !bill.readDateFrom) continue;
      const serviceStartPeriod = addDays(bill.readDateTo, 1);
      const daysOfService = daysBetween(serviceStartPeriod, batchDate) + 1;
      if (daysOfService <= 0) continue;
      const billedDays = Math.max(1, daysBetween(bill.readDateFrom, bill.readDateTo) + 1);
      const amount =
        Math.round((cents(bill.totalNewCharges - bill.lateFee) * daysOfService) / billedDays) / 100;
      const paid = [...bills]
        .reverse()
        .find((b) => b.status === 'Cleared' && b.statusDate && b.statusDate <= batchDate);
      data.accruals.push({
        id: rng.uuid(),
        companyId: ctx.companyId,
        accountId: account.row.id,
        serviceStartPeriod,
        serviceEndPeriod: batchDate,
        invoiceDate: bill.invoiceDate,
        lastBillReceived: bill.invoiceDate,
        lastBillPaid: paid?.statusDate ?? null,
        batchDate,
        totalMinusAllCategories: amount,
        daysOfService,
      });
      if (rows.length <= 20)
        rows.push([
          account.row.accountNumber ?? '',
          serviceStartPeriod,
          batchDate,
          daysOfService,
          amount.toFixed(2),
        ]);
    }
    data.accrualReports.push({
      blobId: rng.uuid(),
      companyId: ctx.companyId,
      fileName: `Accruals ${batchDate}.csv`,
      content: csvFile(rows),
      createdAt: stamp(batchDate < ctx.asOf ? batchDate : addDays(ctx.asOf, -1), 20),
    });
  }
}
