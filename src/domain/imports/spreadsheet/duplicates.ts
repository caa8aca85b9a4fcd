// Duplicates and re-issued bills: a bill is the same bill when its account, vendor and service period are, whatever its
// statement id — a re-issued statement gets a new one, so bills are de-duplicated on account, provider and period, not
// on an id. The same period with other amounts is a re-issue that replaces the earlier bill; an invoice number already
// present is a duplicate too.
import { toCents } from '../../money';
import { looseWords } from './units';

/** What identifies a bill and what tells a re-issue from a duplicate. */
export interface ComparableBill {
  accountNumber: string;
  vendorName: string;
  readDateFrom: string | null;
  readDateTo: string | null;
  billMonth: string;
  invoiceNumber?: string | null;
  totalNewCharges: number;
  usages: readonly { energyUnit: string | null; usageTotal: number }[];
}

/** An account number compared without case, spaces or punctuation ('123-45' is '12345', as account aliases read). */
export function accountKey(accountNumber: string): string {
  return accountNumber.toUpperCase().replace(/[^0-9A-Z]/g, '');
}

/** A vendor name compared without case or punctuation ('Metro Power, Inc.' is 'metro power inc'). */
export function vendorKey(vendorName: string): string {
  return looseWords(vendorName);
}

type PeriodOf = Pick<ComparableBill, 'readDateFrom' | 'readDateTo' | 'billMonth'>;

/** What the key of a bill reads; a row being read may still lack some of it. */
export interface BillKeyParts {
  accountNumber: string | null;
  vendorName: string | null;
  readDateFrom: string | null;
  readDateTo: string | null;
  billMonth: string | null;
}

/**
 * The key of the same bill: account + vendor + service period, the period being the read dates when the end is
 * given, else the bill month. The rows of one bill share it.
 */
export function billPeriodKey(bill: BillKeyParts): string {
  const period =
    bill.readDateTo === null
      ? `month ${bill.billMonth ?? ''}`
      : `${bill.readDateFrom ?? ''}..${bill.readDateTo}`;
  return `${accountKey(bill.accountNumber ?? '')}|${vendorKey(bill.vendorName ?? '')}|${period}`;
}

/** The key of the same statement when the bill has an invoice number: account + vendor + invoice number. */
export function invoiceKey(
  bill: Pick<ComparableBill, 'accountNumber' | 'vendorName' | 'invoiceNumber'>,
): string | null {
  const invoice = bill.invoiceNumber?.trim();
  return invoice
    ? `${accountKey(bill.accountNumber)}|${vendorKey(bill.vendorName)}|#${invoice.toUpperCase()}`
    : null;
}

/**
 * Whether two bills cover the same period: the same read dates when both have them (a start only one side gives is
 * not compared), else the same bill month.
 */
export function isSamePeriod(a: PeriodOf, b: PeriodOf): boolean {
  if (a.readDateTo !== null && b.readDateTo !== null)
    return (
      a.readDateTo === b.readDateTo &&
      (a.readDateFrom === null || b.readDateFrom === null || a.readDateFrom === b.readDateFrom)
    );
  return a.billMonth === b.billMonth;
}

function usageKey(bill: ComparableBill): string {
  const milli = new Map<string, number>();
  for (const line of bill.usages) {
    const unit = line.energyUnit ?? '';
    milli.set(unit, (milli.get(unit) ?? 0) + Math.round(line.usageTotal * 1000));
  }
  return [...milli.entries()]
    .filter(([, value]) => value !== 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([unit, value]) => `${unit}:${value}`)
    .join(',');
}

/** Whether two bills of the same period carry the same amounts: total charges to the cent and usage per unit. */
export function hasSameAmounts(a: ComparableBill, b: ComparableBill): boolean {
  return toCents(a.totalNewCharges) === toCents(b.totalNewCharges) && usageKey(a) === usageKey(b);
}

/** An incoming bill's place: new, a duplicate of a bill present, or a re-issue that replaces it. */
export type BillMatchKind = 'new' | 'duplicate' | 'reissue';

/** The outcome for one incoming bill: what it is and which bill it matches (index of `existing`, or of an earlier incoming one). */
export interface BillMatch {
  kind: BillMatchKind;
  existingIndex: number | null;
  earlierIncomingIndex: number | null;
}

/** The outcome for one bill against those present, in one pass over its account's bills. */
export function classifyBill(bill: ComparableBill, existing: readonly ComparableBill[]): BillMatch {
  return (
    classifyBills([bill], existing)[0] ?? { kind: 'new', existingIndex: null, earlierIncomingIndex: null }
  );
}

/**
 * Each incoming bill against the bills present and the file's earlier bills (a file may repeat a bill): the same
 * account, vendor and period with the same amounts is a duplicate, with other amounts a re-issue; an invoice number
 * already present is a duplicate. Bills are indexed by account and vendor, so 50,000 rows compare in one pass.
 */
export function classifyBills(
  incoming: readonly ComparableBill[],
  existing: readonly ComparableBill[],
): BillMatch[] {
  type Entry = { bill: ComparableBill; existingIndex: number | null; incomingIndex: number | null };
  const byAccount = new Map<string, Entry[]>();
  const byInvoice = new Map<string, Entry>();
  const add = (entry: Entry) => {
    const key = `${accountKey(entry.bill.accountNumber)}|${vendorKey(entry.bill.vendorName)}`;
    const list = byAccount.get(key);
    if (list) list.push(entry);
    else byAccount.set(key, [entry]);
    const invoice = invoiceKey(entry.bill);
    if (invoice !== null && !byInvoice.has(invoice)) byInvoice.set(invoice, entry);
  };
  existing.forEach((bill, i) => add({ bill, existingIndex: i, incomingIndex: null }));
  return incoming.map((bill, i) => {
    const account = byAccount.get(`${accountKey(bill.accountNumber)}|${vendorKey(bill.vendorName)}`) ?? [];
    const samePeriod = account.filter((entry) => isSamePeriod(entry.bill, bill));
    const same = samePeriod.find((entry) => hasSameAmounts(entry.bill, bill));
    const invoice = invoiceKey(bill);
    const sameInvoice = invoice === null ? undefined : byInvoice.get(invoice);
    const reissued = samePeriod[samePeriod.length - 1];
    const match = same ?? reissued ?? sameInvoice;
    add({ bill, existingIndex: null, incomingIndex: i });
    if (!match) return { kind: 'new', existingIndex: null, earlierIncomingIndex: null };
    // The same period with other amounts is a re-issue even under the same invoice number (a corrected statement).
    const kind: BillMatchKind = same === undefined && reissued !== undefined ? 'reissue' : 'duplicate';
    return { kind, existingIndex: match.existingIndex, earlierIncomingIndex: match.incomingIndex };
  });
}
