// Monthly bills of every account with their per-service summary, charge lines and usage lines.
// Occasional anomalies (usage spikes and drops), late fees (~2 %) and missing invoices (~1 %) give the alert
// rules something to find.
import type { BillServiceSummary, billCharges, billLines, billUsages } from '../db/schema';
import type { SyncedInsert } from './bulkInsert';
import type { AccountBills, BillRow, CompanyContext, RowOf, SeedAccount } from './context';
import { addDays, addMonths, dayOfMonth, mmddyy, splitMonth } from './dates';
import { rngFor } from './random';
import type { Rng } from './random';
import { monthServices } from './usageModel';
import type { ServiceBill } from './usageModel';

/** Bills of a company, grouped by account, plus their line items. */
export interface BillData {
  accountBills: AccountBills[];
  charges: RowOf<typeof billCharges>[];
  usages: RowOf<typeof billUsages>[];
  /** The same lines, one synced row per bill (what devices pull). */
  lines: SyncedInsert<typeof billLines>[];
}

const SPIKE_ODDS = 0.008;
const DROP_ODDS = 0.005;
const LATE_ODDS = 0.02;
const MISSING_ODDS = 0.01;

/** Usage multiplier per month: mostly 1, sometimes a spike (leak, meter fault) or a drop (estimated read). */
function anomalies(rng: Rng, count: number, showcase: boolean): number[] {
  const out = Array.from({ length: count }, () => {
    const roll = rng.next();
    if (roll < SPIKE_ODDS) return rng.float(2.1, 3);
    if (roll < SPIKE_ODDS + DROP_ODDS) return rng.float(0.25, 0.4);
    return 1;
  });
  // The company's first account always spikes three months back, so every company shows a recent alert.
  if (showcase && count >= 4) out[count - 3] = 2.4;
  return out;
}

function summary(service: ServiceBill, extraCents: number): BillServiceSummary {
  return {
    serviceType: service.serviceType,
    charges: (service.totalCents + extraCents) / 100,
    usage: service.usage,
    unit: service.unit,
    demandKw: service.demandKw,
    kvaMax: service.kvaMax,
    kvarSum: service.kvarSum,
    taxesFees: service.taxesCents / 100,
  };
}

function pushLines(
  data: BillData,
  ctx: CompanyContext,
  rng: Rng,
  bill: BillRow,
  services: ServiceBill[],
  lateFeeCents: number,
) {
  const firstCharge = data.charges.length;
  const firstUsage = data.usages.length;
  for (const service of services) {
    for (const line of service.lines) {
      data.charges.push({
        id: rng.uuid(),
        billId: bill.id,
        companyId: ctx.companyId,
        serviceType: service.serviceType,
        tariff: service.tariff,
        chargeClassification: line.classification,
        description: line.description,
        amount: line.cents / 100,
      });
    }
    if (service.usage !== null) {
      data.usages.push({
        id: rng.uuid(),
        billId: bill.id,
        companyId: ctx.companyId,
        serviceName: service.serviceType,
        tariff: service.tariff,
        measurementType: rng.chance(0.94) ? 'Actual' : 'Estimated',
        energyUnit: service.unit,
        usageTotal: service.usage,
        kwMax: service.demandKw,
        kvaMax: service.kvaMax,
        kvarSum: service.kvarSum,
        readDateFrom: bill.readDateFrom,
        readDateTo: bill.readDateTo,
      });
    }
  }
  const first = services[0];
  if (lateFeeCents > 0 && first) {
    data.charges.push({
      id: rng.uuid(),
      billId: bill.id,
      companyId: ctx.companyId,
      serviceType: first.serviceType,
      tariff: first.tariff,
      chargeClassification: 'Late Fee',
      description: 'Late Payment Charge',
      amount: lateFeeCents / 100,
    });
  }
  data.lines.push({
    id: bill.id,
    companyId: ctx.companyId,
    updatedAt: ctx.stamp,
    charges: data.charges.slice(firstCharge).map((line) => ({
      serviceType: line.serviceType,
      tariff: line.tariff ?? null,
      chargeClassification: line.chargeClassification ?? null,
      description: line.description ?? null,
      amount: line.amount,
    })),
    usages: data.usages.slice(firstUsage).map((line) => ({
      serviceName: line.serviceName,
      tariff: line.tariff ?? null,
      measurementType: line.measurementType ?? null,
      energyUnit: line.energyUnit ?? null,
      usageTotal: line.usageTotal ?? 0,
      kwMax: line.kwMax ?? null,
      kvaMax: line.kvaMax ?? null,
      kvarSum: line.kvarSum ?? null,
      readDateFrom: line.readDateFrom ?? null,
      readDateTo: line.readDateTo ?? null,
    })),
  });
}

function accountBills(ctx: CompanyContext, account: SeedAccount, data: BillData): BillRow[] {
  const rng = rngFor(ctx.seed, ctx.plan.key, 'bills', account.index);
  // Line ids come from their own stream so bills are identical with or without lines.
  const lineRng = rngFor(ctx.seed, ctx.plan.key, 'bill-lines', account.index);
  const count = ctx.months.length;
  const factors = anomalies(rng, count, account.index === 0);
  const rows: BillRow[] = [];
  let previousPaidLate = false;
  for (let t = 0; t < count; t += 1) {
    const month = ctx.months[t] ?? '';
    const previous = rows[t - 1];
    const yearAgo = rows[t - 12];
    // One object per bill with every key in the same order (the JSON insert reads the keys of the rows).
    const bill: BillRow = {
      companyId: ctx.companyId,
      updatedAt: ctx.stamp,
      id: rng.uuid(),
      accountId: account.row.id,
      locationId: account.location.row.id,
      vendorId: account.row.vendorId,
      vendorName: account.row.vendorName,
      billMonth: month,
      invoiceDate: null,
      dueDate: null,
      status: 'Missing Invoice',
      statusDate: null,
      statementDate: null,
      readDateFrom: null,
      readDateTo: null,
      totalNewCharges: 0,
      amountDue: 0,
      outstandingBalance: 0,
      prevMonthTotalNewCharges: previous && !previous.isInvoiceMissing ? previous.totalNewCharges : null,
      prevYearTotalCharges: yearAgo && !yearAgo.isInvoiceMissing ? yearAgo.totalNewCharges : null,
      lateFee: 0,
      taxesFees: 0,
      isInvoiceMissing: true,
      apFileInfo: null,
      services: [],
    };
    const noise = rng.noise(0.05);
    const extra = rng.chance(0.08);
    const paidLate = rng.chance(LATE_ODDS);
    // The showcase month always has an invoice, so its alert is never lost to a missing one.
    if (rng.chance(MISSING_ODDS) && !(account.index === 0 && t === count - 3)) {
      rows.push(bill);
      previousPaidLate = false;
      continue;
    }
    const services = monthServices(
      account.profile,
      { calendarMonth: splitMonth(month).month, years: t / 12, noise, anomaly: factors[t] ?? 1 },
      extra,
    );
    const previousCents = previous ? Math.round(previous.totalNewCharges * 100) : 0;
    const previousLate = previousPaidLate && previous?.status === 'Cleared';
    const lateFeeCents =
      previousLate && previousCents > 0 ? Math.max(500, Math.round(previousCents * 0.015)) : 0;
    const outstandingCents = lateFeeCents > 0 ? previousCents : 0;
    let totalCents = lateFeeCents;
    let taxesCents = 0;
    for (const service of services) {
      totalCents += service.totalCents;
      taxesCents += service.taxesCents;
    }
    const readTo = dayOfMonth(month, account.cycleDay);
    const invoiceDate = addDays(readTo, 3);
    const dueDate = addDays(invoiceDate, 21);
    const paidOn = paidLate ? addDays(dueDate, rng.int(8, 15)) : addDays(dueDate, -rng.int(1, 12));
    const cleared = paidOn < ctx.asOf;
    bill.invoiceDate = invoiceDate;
    bill.dueDate = dueDate;
    bill.status = cleared ? 'Cleared' : 'Pending';
    bill.statusDate = cleared ? paidOn : null;
    bill.statementDate = invoiceDate;
    bill.readDateFrom = addDays(dayOfMonth(addMonths(month, -1), account.cycleDay), 1);
    bill.readDateTo = readTo;
    bill.totalNewCharges = totalCents / 100;
    bill.amountDue = (totalCents + outstandingCents) / 100;
    bill.outstandingBalance = outstandingCents / 100;
    bill.lateFee = lateFeeCents / 100;
    bill.taxesFees = taxesCents / 100;
    bill.isInvoiceMissing = false;
    bill.apFileInfo = ctx.plan.flags.apAccess ? `AP_${mmddyy(addDays(invoiceDate, 2))}.csv` : null;
    // The late fee is billed with the first service, so the summaries add up to the bill's total.
    bill.services = services.map((service, i) => summary(service, i === 0 ? lateFeeCents : 0));
    rows.push(bill);
    if (ctx.billLines) pushLines(data, ctx, lineRng, bill, services, lateFeeCents);
    previousPaidLate = paidLate;
  }
  return rows;
}

/** Generates every account's bills over the context's months. */
export function generateBills(ctx: CompanyContext, accounts: readonly SeedAccount[]): BillData {
  const data: BillData = { accountBills: [], charges: [], usages: [], lines: [] };
  for (const account of accounts)
    data.accountBills.push({ account, bills: accountBills(ctx, account, data) });
  return data;
}
