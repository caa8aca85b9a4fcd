// The rows `npm run bench:xlsx` exports: bill-detail rows of 12 grid columns covering every export kind (text,
// service lists, dates, currency, whole and decimal numbers, grid percents, VIEW BILL links) with N/A cells, drawn
// from a seeded generator so every run and both writers get the same rows. Plain data: runs in a page and in Node.
import type { ExportSourceColumn } from '../../src/export/exportRows';

/** One bill as a grid row holds it (percents as percents, dates as ISO days, blanks as null). */
export interface BenchBill {
  id: string;
  location: string;
  accountNumber: string;
  vendor: string;
  services: string[];
  billDate: string;
  dueDate: string | null;
  totalCharges: number | null;
  usage: number | null;
  days: number;
  change: number | null;
  meterNumber: string | null;
}

/** The 12 export columns, in the grid's shape (pixel widths where the grids set one). */
export const BENCH_COLUMNS: readonly ExportSourceColumn<BenchBill>[] = [
  { title: 'Location', kind: 'text', width: 290, value: (b) => b.location },
  { title: 'Account Number', kind: 'text', value: (b) => b.accountNumber },
  { title: 'Vendor', kind: 'text', value: (b) => b.vendor },
  { title: 'Services', kind: 'text', width: 240, value: (b) => b.services },
  { title: 'Bill Date', kind: 'date', value: (b) => b.billDate },
  { title: 'Due Date', kind: 'date', value: (b) => b.dueDate },
  { title: 'Total Charges', kind: 'currency', value: (b) => b.totalCharges },
  { title: 'Usage', kind: 'number', value: (b) => b.usage },
  { title: 'Days', kind: 'number', value: (b) => b.days },
  { title: 'Change', kind: 'percent', value: (b) => b.change },
  { title: 'Meter Number', kind: 'text', value: (b) => b.meterNumber },
  { title: 'VIEW BILL', kind: 'link', value: () => 'VIEW BILL', href: (b) => `/api/bills/${b.id}` },
];

const CITIES = ['Houston', 'Dallas', 'Austin', 'San Antonio', 'El Paso', 'Fort Worth', 'Plano', 'Laredo'];
const VENDORS = [
  'Reliant Energy',
  'TXU Energy',
  'CenterPoint Energy',
  'City of Austin Utilities',
  'Atmos Energy',
  'San Antonio Water System',
  'Green Mountain Energy',
];
const SERVICE_SETS = [
  ['Electricity'],
  ['Electricity', 'Water'],
  ['Natural Gas'],
  ['Water', 'Sewer'],
  ['Electricity', 'Natural Gas', 'Water'],
  [],
];
const LOCATIONS = 1_200;
const ACCOUNTS = 4_616;
const DAY_MS = 86_400_000;
const FIRST_BILL = Date.UTC(2023, 0, 1);

/** mulberry32: a small seeded generator, so runs are repeatable without a dependency. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** `count` bills; the same seed gives the same rows. About 2–10 % of the nullable cells are blank (N/A). */
export function benchBills(count: number, seed = 10): BenchBill[] {
  const random = seeded(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const blankOr = <T>(share: number, value: T): T | null => (random() < share ? null : value);
  return Array.from({ length: count }, (_, i) => {
    const account = Math.floor(random() * ACCOUNTS);
    const location = account % LOCATIONS;
    const billMs = FIRST_BILL + Math.floor(random() * 1_095) * DAY_MS;
    return {
      id: `b${seed}-${i}`,
      location: `${CITIES[location % CITIES.length] ?? 'Houston'} Site ${location + 1}`,
      accountNumber: String(1_000_000_000 + account * 7_919),
      vendor: VENDORS[account % VENDORS.length] ?? 'Reliant Energy',
      services: SERVICE_SETS[account % SERVICE_SETS.length] ?? [],
      billDate: isoDay(billMs),
      dueDate: blankOr(0.05, isoDay(billMs + 21 * DAY_MS)),
      totalCharges: blankOr(0.02, Math.round(random() * 5_000_000) / 100),
      usage: blankOr(0.05, Math.round(random() * 250_000) / 10),
      days: 28 + Math.floor(random() * 6),
      change: blankOr(0.08, Math.round((random() * 100 - 40) * 10) / 10),
      meterNumber: blankOr(0.1, `M${String(account).padStart(6, '0')}-${pick(['A', 'B', 'C'])}`),
    };
  });
}
