// The planner's keyword tables (docs/decisions/assistant.md Planner): which report a message asks for, whether it asks a question
// or for a spreadsheet, and whether it asks to open a page. Matched on spelling-corrected words.
import type { ReportTypeId } from '../reports/types';
import { indexOfPhrase } from './text';

type Rule = { type: ReportTypeId; words?: readonly string[]; phrases?: readonly string[] };

/** Report types by the words that name them, strongest first. */
const REPORT_RULES: readonly Rule[] = [
  {
    type: 'billDetail',
    phrases: [
      'bill detail',
      'bill details',
      'detailed bills',
      'every bill',
      'all bills',
      'bill list',
      'list of bills',
    ],
  },
  { type: 'missingInvoices', words: ['missing', 'gaps', 'gap', 'unbilled'] },
  {
    type: 'emissions',
    words: ['emissions', 'emission', 'carbon', 'co2', 'co2e', 'ghg', 'greenhouse', 'scope', 'footprint'],
  },
  { type: 'budgetVsActual', words: ['budget', 'budgets', 'budgeted'] },
  {
    type: 'contractExpiry',
    words: ['contract', 'contracts', 'expiring', 'expire', 'expires', 'expiry', 'renewal', 'renewals'],
  },
  {
    type: 'yearOverYear',
    words: ['yoy', 'trend', 'trends', 'trending'],
    phrases: [
      'year over year',
      'compared to last year',
      'vs last year',
      'versus last year',
      'against last year',
    ],
  },
  {
    type: 'costPerUnit',
    words: ['rate', 'rates'],
    phrases: ['cost per unit', 'unit cost', 'unit costs', 'per kwh', 'per therm', 'price per', 'cost per'],
  },
  {
    type: 'topSites',
    words: ['top', 'rank', 'ranking', 'ranked', 'biggest', 'highest', 'largest', 'worst', 'eui', 'intensity'],
    phrases: ['most expensive'],
  },
  {
    type: 'usageByMonth',
    words: ['usage', 'consumption', 'consumed', 'kwh', 'therms', 'gallons', 'use', 'used'],
  },
  {
    type: 'chargesByMonth',
    words: [
      'spend',
      'spending',
      'spent',
      'charges',
      'charge',
      'cost',
      'costs',
      'expenses',
      'expense',
      'paid',
      'pay',
      'money',
      'dollars',
      'bills',
      'billing',
    ],
  },
];

/** The report types a message names, in the rules' order. */
export function reportTypesNamed(words: readonly string[]): ReportTypeId[] {
  const named: ReportTypeId[] = [];
  for (const rule of REPORT_RULES) {
    const hit =
      (rule.words ?? []).some((word) => words.includes(word)) ||
      (rule.phrases ?? []).some((phrase) => indexOfPhrase(words, phrase.split(' ')) >= 0);
    if (hit) named.push(rule.type);
  }
  return named;
}

/** Types that are what they are, whatever measure words come with them ("missing bills", "budget spend"). */
const SPECIFIC: readonly ReportTypeId[] = [
  'billDetail',
  'missingInvoices',
  'emissions',
  'budgetVsActual',
  'contractExpiry',
];
/** Types that shape a measure: "top sites by spend", "usage year over year", "cost per kWh". */
const SHAPES: readonly ReportTypeId[] = ['yearOverYear', 'costPerUnit', 'topSites'];

/**
 * The one report a message asks for, or the few it might mean (then the bot asks back): a specific type wins
 * over measure words, a shape over a measure, and spend with usage is ambiguous.
 */
export function chooseReportType(named: readonly ReportTypeId[]): ReportTypeId[] {
  const specific = named.filter((type) => SPECIFIC.includes(type));
  if (specific.length > 0) return specific;
  const shapes = named.filter((type) => SHAPES.includes(type));
  if (shapes.length > 0) return shapes;
  return [...named];
}

/** Words that ask for a spreadsheet rather than a figure. */
const REPORT_WORDS = [
  'report',
  'reports',
  'export',
  'spreadsheet',
  'xlsx',
  'excel',
  'download',
  'generate',
  'run',
  'csv',
  'file',
  'breakdown',
];

/** Whether the message asks for a report file. */
export function asksForReport(words: readonly string[]): boolean {
  return words.some((word) => REPORT_WORDS.includes(word));
}

const QUESTION_LEADS = [
  'how',
  'what',
  "what's",
  'whats',
  'which',
  'who',
  'where',
  'when',
  'did',
  'do',
  'does',
  'is',
  'are',
  'tell',
  'were',
  'was',
  'any',
  'count',
];

/** Whether the message asks a question the bot can answer with a figure. */
export function asksQuestion(raw: string, words: readonly string[]): boolean {
  return (
    raw.trim().endsWith('?') ||
    QUESTION_LEADS.includes(words[0] ?? '') ||
    words.some((word) => ['total', 'totals', 'sum', 'many', 'much'].includes(word))
  );
}

/** Words that ask to open something. */
export const NAV_VERBS = [
  'open',
  'show',
  'go',
  'goto',
  'take',
  'navigate',
  'view',
  'see',
  'find',
  'list',
  'display',
  'bring',
  'jump',
];

/** The page a message names: accounts, the locations list, or one location. */
export function pageNamed(words: readonly string[]): 'accounts' | 'locations' | 'location' | undefined {
  if (words.some((word) => ['accounts', 'account'].includes(word))) return 'accounts';
  if (words.some((word) => ['locations', 'sites', 'stores', 'buildings', 'facilities'].includes(word)))
    return 'locations';
  if (words.some((word) => ['location', 'site', 'store', 'building', 'facility'].includes(word)))
    return 'location';
  return undefined;
}

const GREETING_WORDS = new Set([
  'hi',
  'hello',
  'hey',
  'thanks',
  'thank',
  'you',
  'good',
  'morning',
  'afternoon',
  'evening',
  'there',
  'ok',
  'okay',
  'cheers',
  'great',
  'yo',
]);

/** Whether the message is only a greeting or thanks. */
export function isGreeting(words: readonly string[]): boolean {
  return words.length > 0 && words.every((word) => GREETING_WORDS.has(word));
}

/** Whether the message asks what the assistant can do. */
export function asksHelp(words: readonly string[]): boolean {
  return (
    words.includes('help') ||
    indexOfPhrase(words, ['what', 'can', 'you', 'do']) >= 0 ||
    indexOfPhrase(words, ['what', 'can', 'i', 'ask']) >= 0 ||
    indexOfPhrase(words, ['who', 'are', 'you']) >= 0
  );
}

/** Every keyword above, for the spelling vocabulary. */
export const INTENT_VOCABULARY: readonly string[] = [
  ...REPORT_RULES.flatMap((rule) => [
    ...(rule.words ?? []),
    ...(rule.phrases ?? []).flatMap((p) => p.split(' ')),
  ]),
  ...REPORT_WORDS,
  ...QUESTION_LEADS,
  ...NAV_VERBS,
  ...GREETING_WORDS,
  'help',
  'accounts',
  'account',
  'locations',
  'location',
  'sites',
  'site',
  'stores',
  'store',
  'buildings',
  'building',
  'facilities',
  'facility',
  'ticket',
  'tickets',
  'support',
  'request',
  'months',
  'month',
  'years',
  'year',
  'quarter',
  'last',
  'past',
  'previous',
  'this',
  'since',
  'from',
  'between',
  'through',
  'until',
  'within',
  'next',
  'days',
  'day',
  'service',
  'services',
  'total',
  'many',
  'much',
  'state',
  'city',
  'invoices',
  'invoice',
  'trailing',
  'current',
  'date',
  'the',
  'and',
  'for',
  'by',
];
