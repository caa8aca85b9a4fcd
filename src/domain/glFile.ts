// The on-demand general-ledger file (spec 001 §3 Bill pay, §7 onDemandGl): one line per payment of the chosen range,
// with its GL code (by service), the cost centre of its site (the site's 'Cost Center' attribute), account, vendor,
// invoice and payment dates, amount and service. The server writes it as .xlsx and as CSV from these rows.
import { serviceLabel, splitServices } from './serviceTypes';
import { fromCents, toCents } from './money';

/** The custom attribute a site's cost centre is read from. */
export const COST_CENTER_ATTRIBUTE = 'Cost Center';

/** The utilities expense account, and its sub-account per service; other services book to the account itself. */
const GL_BASE = '6100';
const GL_BY_SERVICE: Readonly<Record<string, string>> = {
  electric: '6110',
  natural_gas: '6120',
  water: '6130',
  sewer: '6135',
  trash: '6140',
  telecom: '6150',
};

/** The GL code of a service type ('6110' for electric); unknown or no service: the utilities account '6100'. */
export function glCodeFor(serviceType: string | null | undefined): string {
  return (serviceType ? GL_BY_SERVICE[serviceType] : undefined) ?? GL_BASE;
}

/** What a GL line is made of: a payment with its account, site cost centre and the account's services. */
export interface GlSource {
  accountNumber: string;
  vendorName: string;
  /** The account's services, comma-separated ('electric,water'): the first is the one booked. */
  services: string | null;
  costCenter: string | null;
  invoiceDate: string | null;
  paymentDate: string;
  amount: number;
}

/** One line of the GL file. */
export interface GlLine {
  glCode: string;
  costCenter: string | null;
  accountNumber: string;
  vendorName: string;
  invoiceDate: string | null;
  paymentDate: string;
  amount: number;
  service: string;
}

/** The GL file's columns: title and how the cell is written (the export writer's kinds). */
export const GL_COLUMNS = [
  { key: 'glCode', title: 'GL Code', kind: 'text' },
  { key: 'costCenter', title: 'Cost Center', kind: 'text' },
  { key: 'accountNumber', title: 'Account Number', kind: 'text' },
  { key: 'vendorName', title: 'Vendor', kind: 'text' },
  { key: 'invoiceDate', title: 'Invoice Date', kind: 'date' },
  { key: 'paymentDate', title: 'Payment Date', kind: 'date' },
  { key: 'amount', title: 'Amount', kind: 'currency' },
  { key: 'service', title: 'Service', kind: 'text' },
] as const satisfies readonly { key: keyof GlLine; title: string; kind: 'text' | 'date' | 'currency' }[];

/** The lines of a GL file, by GL code, cost centre, payment date and account; and their total. */
export function glLines(sources: readonly GlSource[]): { lines: GlLine[]; total: number } {
  let cents = 0;
  const lines = sources.map((source): GlLine => {
    cents += toCents(source.amount);
    const service = splitServices(source.services)[0] ?? null;
    return {
      glCode: glCodeFor(service),
      costCenter: source.costCenter?.trim() || null,
      accountNumber: source.accountNumber,
      vendorName: source.vendorName,
      invoiceDate: source.invoiceDate,
      paymentDate: source.paymentDate,
      amount: source.amount,
      service: service ? serviceLabel(service) : '',
    };
  });
  lines.sort(
    (a, b) =>
      a.glCode.localeCompare(b.glCode) ||
      (a.costCenter ?? '').localeCompare(b.costCenter ?? '') ||
      a.paymentDate.localeCompare(b.paymentDate) ||
      a.accountNumber.localeCompare(b.accountNumber),
  );
  return { lines, total: fromCents(cents) };
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * The GL lines as CSV (RFC 4180, CRLF): a header row, ISO dates, amounts with two decimals. A field that a
 * spreadsheet would read as a formula (=, +, -, @) is quoted with a leading apostrophe so it stays text.
 */
export function glCsv(lines: readonly GlLine[]): string {
  const rows: string[][] = [GL_COLUMNS.map((column) => column.title)];
  for (const line of lines)
    rows.push(
      GL_COLUMNS.map((column) => {
        const value = line[column.key];
        if (value === null) return '';
        if (typeof value === 'number') return value.toFixed(2);
        return /^[=+\-@]/.test(value) ? `'${value}` : value;
      }),
    );
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** The name of a GL file of a range: 'GL 2026-01-01 to 2026-03-31.xlsx'. */
export function glFileName(fromDate: string, toDate: string, extension: 'xlsx' | 'csv'): string {
  return `GL ${fromDate} to ${toDate}.${extension}`;
}
