// What a batch shows of a parsed file: its counts and its usage and cost per unit (the import's `totals: [{ unit, usage,
// cost }]`). Money sums in cents and usage in thousandths, as every figure of the product does (src/domain/money.ts,
// src/domain/billFigures.ts), so the batch agrees with the bills it brings.
import { fromMilli, milli } from '../../billFigures';
import { fromCents, toCents } from '../../money';
import { compareServiceTypes } from '../../serviceTypes';
import { accountKey, vendorKey } from './duplicates';
import type { BillMatch } from './duplicates';
import type { SheetReading } from './sheetBills';

/** Usage and cost of one unit; unit null for charges of services billed without a usage (trash, taxes…). */
export interface UnitTotal {
  unit: string | null;
  usage: number;
  cost: number;
}

/** The counts and totals of a parsed file. */
export interface ImportTotals {
  rows: number;
  bills: number;
  chargeLines: number;
  usageLines: number;
  errorRows: number;
  accounts: number;
  vendors: number;
  sites: number;
  duplicates: number;
  reissues: number;
  /** Per unit, units in the order their services come (spec 001 §9), null last. */
  byUnit: UnitTotal[];
}

/**
 * The totals of a file's good bills: a service's charges count as the cost of its usage's unit on that bill (the unit
 * null when it has no usage). `matches` (classifyBills, in bill order) counts duplicates and re-issues.
 */
export function importTotals(reading: SheetReading, matches: readonly BillMatch[] = []): ImportTotals {
  const accounts = new Set<string>();
  const vendors = new Set<string>();
  const sites = new Set<string>();
  const units = new Map<string, { unit: string | null; milli: number; cents: number; service: string }>();
  const into = (unit: string | null, service: string) => {
    const key = unit ?? '';
    let total = units.get(key);
    if (!total) {
      total = { unit, milli: 0, cents: 0, service };
      units.set(key, total);
    }
    return total;
  };
  let chargeLines = 0;
  let usageLines = 0;
  for (const bill of reading.bills) {
    accounts.add(`${accountKey(bill.accountNumber)}|${vendorKey(bill.vendorName)}`);
    vendors.add(vendorKey(bill.vendorName));
    if (bill.siteNumber ?? bill.siteName) sites.add(bill.siteNumber ?? bill.siteName ?? '');
    const unitOfService = new Map<string, string | null>();
    for (const line of bill.usages) {
      if (!unitOfService.has(line.serviceName)) unitOfService.set(line.serviceName, line.energyUnit);
      into(line.energyUnit, line.serviceName).milli += milli(line.usageTotal);
    }
    for (const line of bill.charges)
      into(unitOfService.get(line.serviceType) ?? null, line.serviceType).cents += toCents(line.amount);
    chargeLines += bill.charges.length;
    usageLines += bill.usages.length;
  }
  const byUnit = [...units.values()]
    .sort((a, b) =>
      a.unit === null
        ? 1
        : b.unit === null
          ? -1
          : compareServiceTypes(a.service, b.service) || a.unit.localeCompare(b.unit),
    )
    .map((total) => ({ unit: total.unit, usage: fromMilli(total.milli), cost: fromCents(total.cents) }));
  return {
    rows: reading.rowCount,
    bills: reading.bills.length,
    chargeLines,
    usageLines,
    errorRows: reading.errorRows.length,
    accounts: accounts.size,
    vendors: vendors.size,
    sites: sites.size,
    duplicates: matches.filter((match) => match.kind === 'duplicate').length,
    reissues: matches.filter((match) => match.kind === 'reissue').length,
    byUnit,
  };
}
