// The mapping step of a bill spreadsheet: which column holds which bill field, guessed from the header row's words and
// corrected by the user, kept per company as a plain object and applied to the next file by header text.
import { CHARGE_CLASSIFICATION_WORDS, REQUIRED_BILL_FIELDS } from './fields';
import type { BillField, BillLayout, ColumnTarget } from './fields';
import { looseWords, normaliseUnit } from './units';

/** One column of a file and what it holds (null: not imported). */
export interface MappedColumn {
  header: string;
  target: ColumnTarget | null;
}

/** A file's columns in order with their targets, and its layout: what the user confirms and the company keeps. */
export interface BillColumnMapping {
  layout: BillLayout;
  columns: MappedColumn[];
}

/**
 * A header's words for matching: camel case split ('AccountCode', not 'kWh'), '#' read as 'number', '$' and the punctuation
 * between words dropped, lower case: 'Acct #' → 'acct number', 'Usage/Quantity' → 'usage quantity'.
 */
export function headerWords(header: string): string {
  return looseWords(
    header
      .replace(/([a-z]{2})([A-Z])/g, '$1 $2')
      .replace(/#/g, ' number ')
      .replace(/&/g, ' and '),
  );
}

// Words of a field's headers, matched against the whole header (after headerWords). Abbreviations spelled out once
// here ('acct', 'svc', 'inv', 'no', 'nbr') so every field takes them.
const NUMBER = '(number|no|num|nbr|id|code)';
const START = '(start|begin|beginning|from|prev|previous|prior)';
const END = '(end|ending|to|thru|through|current|curr|present)';
const READ = '(read|reading|service|svc|billing|bill|period|meter read|service period|billing period|usage)';
const FIELD_PATTERNS: readonly (readonly [BillField, RegExp])[] = [
  [
    'accountNumber',
    new RegExp(`^(utility |customer |billing |vendor |service )?(acct|account|acc)( ${NUMBER})?$`),
  ],
  ['accountNumber', /^accountcode$/],
  [
    'vendorName',
    /^(vendor|utility|provider|supplier|biller|ldc|utility company|utility provider)( (name|code))?$/,
  ],
  ['vendorName', /^vendorcode$/],
  ['serviceType', /^(service|svc|commodity|fuel)( type)?$/],
  ['serviceType', /^(utility|meter|energy|fuel|service utility) type$/],
  ['serviceType', /^(commodity|service|svc) (code|name)$/],
  ['meterNumber', new RegExp(`^(portfolio manager |custom )?meter( ${NUMBER}| serial( number)?)?$`)],
  ['meterNumber', /^metercode$/],
  ['tariff', /^(tariff|rate|rate schedule|rate code|rate class|tariff code)$/],
  [
    'siteNumber',
    new RegExp(
      `^(site|location|store|facility|building|property|premise|portfolio manager|custom) ${NUMBER}$`,
    ),
  ],
  ['siteName', /^(site|location|store|facility|building|property|premise)( name)?$/],
  ['invoiceNumber', new RegExp(`^(invoice|inv|bill|statement|document) ${NUMBER}$`)],
  ['invoiceNumber', /^invoice$/],
  ['readDateFrom', new RegExp(`^(${READ} )?${START}( ${READ})?( date)?$`)],
  ['readDateFrom', new RegExp(`^(startdate|${READ} date ${START})$`)],
  ['readDateTo', new RegExp(`^(${READ} )?${END}( ${READ})?( date)?$`)],
  ['readDateTo', new RegExp(`^(enddate|read date|meter read date|${READ} date ${END})$`)],
  ['invoiceDate', /^(invoice|inv|bill|statement|billing|issue) date$/],
  ['dueDate', /^(due|due date|date due|payment due|payment due date|pay by|pay by date)$/],
  ['billMonth', /^(bill|billing|service|usage|account|accounting)? ?(month|period|month year)$/],
  [
    'usage',
    /^(total )?(usage|use|consumption|quantity|qty|usage quantity|usage amount|use amount|billed usage)$/,
  ],
  ['unit', /^(usage |use )?(unit|units|uom|unit of measure|units of measure|measure)$/],
  ['demandKw', /^(billed |peak |max |maximum |actual )?(demand|kw)( kw| max| demand)?$/],
  [
    'totalNewCharges',
    /^(total|total charges|total cost|cost|cost dollars|total current charges|current charges|new charges|total new charges|bill amount|invoice amount|total amount|total bill|amount|charges|total bill amount)$/,
  ],
  ['amountDue', /^(amount due|total amount due|total due|balance due|amount payable|amount due dollars)$/],
  [
    'lineClassification',
    /^(charge )?(type|classification|class|category|line type|charge type|line item type)$/,
  ],
  ['lineDescription', /^(charge |line |line item )?(description|caption|line item|item)$/],
];

// In a bill line per row file the plain amount columns are the line's, not the bill's total.
const LINE_AMOUNT = /^(line |line item |charge )?(amount|cost|charge|charges|amount dollars|cost dollars)$/;

// A column of charges of one classification: its words, optionally followed by 'charge(s)', 'cost(s)' or 'fee(s)'.
const CHARGE_SUFFIX = '( (charge|charges|cost|costs|amount|fee|fees|dollars))*';
const CHARGE_PATTERNS: readonly (readonly [string, RegExp])[] = CHARGE_CLASSIFICATION_WORDS.map(
  ({ classification, words }) => [
    classification,
    new RegExp(`^(total )?(${words.join('|')})${CHARGE_SUFFIX}$`),
  ],
);

/** The classification words name ('Distribution Charge' → 'Delivery'); null when none does. */
export function chargeClassificationOf(text: string): string | null {
  const words = headerWords(text);
  return CHARGE_PATTERNS.find(([, pattern]) => pattern.test(words))?.[0] ?? null;
}

// 'kWh', 'Usage (kWh)', 'Total kWh', 'kWh Usage': a usage column that names its unit.
const UNIT_USAGE =
  /^(total |billed |usage |use |consumption |quantity )?(.+?)( usage| use| consumption| used| billed)?$/;

function usageUnitOf(words: string): string | null {
  const unit = normaliseUnit(words);
  if (unit) return unit;
  const inner = UNIT_USAGE.exec(words)?.[2];
  return inner && inner !== words ? normaliseUnit(inner) : null;
}

// EnergyCAP's advanced bill import names bill line columns TYPE:UNIT:LABEL ('USE:KWH:Total Use',
// 'COST:USD:Delivery', 'DEMAND:KW:Billed Demand'; helpcenter.energycap.com, "Bill import with advanced file format").
function energyCapTarget(header: string): ColumnTarget | null | undefined {
  const parts = header.split(':').map((part) => part.trim());
  if (parts.length !== 3) return undefined;
  const [type = '', unit = '', label = ''] = parts;
  switch (type.toUpperCase()) {
    case 'USE': {
      const known = normaliseUnit(unit);
      return known ? { field: 'usage', unit: known } : { field: 'usage' };
    }
    case 'DEMAND':
      return { field: 'demandKw' };
    case 'COST': {
      const classification = chargeClassificationOf(label);
      return classification ? { field: 'charges', classification } : { field: 'totalNewCharges' };
    }
    default:
      return undefined;
  }
}

/** What one header holds, by its words alone; null when nothing matches. */
export function guessColumnTarget(header: string, layout: BillLayout = 'billPerRow'): ColumnTarget | null {
  const energyCap = energyCapTarget(header);
  if (energyCap !== undefined) return energyCap;
  const words = headerWords(header);
  if (words === '') return null;
  if (layout === 'linePerRow' && LINE_AMOUNT.test(words)) return { field: 'lineAmount' };
  const field = FIELD_PATTERNS.find(([, pattern]) => pattern.test(words))?.[0];
  if (field) return { field };
  const unit = usageUnitOf(words);
  if (unit) return { field: 'usage', unit };
  const classification = chargeClassificationOf(header);
  return classification ? { field: 'charges', classification } : null;
}

/** Whether headers describe a bill line per row: a column names each line's classification or description. */
export function guessLayout(headers: readonly string[]): BillLayout {
  return headers.some((header) => {
    const field = guessColumnTarget(header)?.field;
    return field === 'lineClassification' || field === 'lineDescription';
  })
    ? 'linePerRow'
    : 'billPerRow';
}

/** The key a target is taken once by: a field, a charges column per classification. */
function targetKey(target: ColumnTarget): string {
  return target.field === 'charges' ? `charges:${target.classification ?? ''}` : target.field;
}

/**
 * The mapping guessed from a header row: each header's target, the first column taking a field (a later 'Total' does
 * not replace the first), the layout guessed unless given.
 */
export function guessColumnMapping(headers: readonly string[], layout?: BillLayout): BillColumnMapping {
  const chosen = layout ?? guessLayout(headers);
  const taken = new Set<string>();
  const columns = headers.map((header) => {
    const target = guessColumnTarget(header, chosen);
    if (target === null || taken.has(targetKey(target))) return { header, target: null };
    taken.add(targetKey(target));
    return { header, target };
  });
  return { layout: chosen, columns };
}

/** What a mapping covers: the headers mapped and not, and the requirements no column meets (REQUIRED_BILL_FIELDS). */
export interface MappingReport {
  mapped: string[];
  unmapped: string[];
  missing: string[];
}

/** The report of a mapping, for the mapping step to show. */
export function describeMapping(mapping: BillColumnMapping): MappingReport {
  const fields = new Set(mapping.columns.flatMap((column) => (column.target ? [column.target.field] : [])));
  return {
    mapped: mapping.columns.filter((column) => column.target !== null).map((column) => column.header),
    unmapped: mapping.columns.filter((column) => column.target === null).map((column) => column.header),
    missing: REQUIRED_BILL_FIELDS.filter((rule) => !rule.anyOf.some((field) => fields.has(field))).map(
      (rule) => rule.label,
    ),
  };
}

/** A saved mapping applied to a new file: the file's mapping, its report, and the saved headers the file lacks. */
export interface AppliedMapping extends MappingReport {
  mapping: BillColumnMapping;
  notInFile: string[];
}

/**
 * A company's saved mapping applied to a new file's headers, matched by their words (so 'Acct #' matches 'ACCT #'
 * and column order may change). Headers the saved mapping does not name stay unmapped for the user to decide.
 */
export function applySavedMapping(saved: BillColumnMapping, headers: readonly string[]): AppliedMapping {
  const byWords = new Map<string, ColumnTarget | null>();
  for (const column of saved.columns) {
    const words = headerWords(column.header);
    if (!byWords.has(words)) byWords.set(words, column.target);
  }
  const inFile = new Set(headers.map(headerWords));
  const mapping: BillColumnMapping = {
    layout: saved.layout,
    columns: headers.map((header) => ({ header, target: byWords.get(headerWords(header)) ?? null })),
  };
  return {
    mapping,
    ...describeMapping(mapping),
    notInFile: saved.columns
      .filter((column) => column.target !== null && !inFile.has(headerWords(column.header)))
      .map((column) => column.header),
  };
}
