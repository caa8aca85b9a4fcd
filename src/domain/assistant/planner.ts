// The embedded default planner (docs/architecture.md §14 GET AI): a deterministic parser of intents, services, places,
// periods and numbers that turns one chat message into one plan, with no network and no model. The server runs it
// for online chats and the device runs it offline over its local data, so both answer the same way.
import { CHAT_REPORT_EMPTY_TEXT } from '../chat';
import { addDays } from '../dates';
import { addMonths } from '../totals';
import type { ReportFilter, SiteRanking } from '../reports/filter';
import { reportLabel, REPORT_TYPES } from '../reports/types';
import type { ReportTypeId } from '../reports/types';
import { stateLabel, STATES } from '../states';
import {
  citiesIn,
  locationsNamed,
  SERVICE_VOCABULARY,
  servicesIn,
  servicesLabel,
  statesIn,
} from './entities';
import {
  asksForReport,
  asksHelp,
  asksQuestion,
  chooseReportType,
  INTENT_VOCABULARY,
  isGreeting,
  NAV_VERBS,
  pageNamed,
  reportTypesNamed,
} from './intents';
import { NUMBER_WORDS, numberAfter } from './numbers';
import { MONTH_WORDS, monthLabel, parsePeriod } from './periods';
import type { Period } from './periods';
import { ACTIVE_CONTRACT_DAYS } from './types';
import type { AssistantPlan, FigureKind, PlannerContext } from './types';
import { correctWord, wordsOf } from './text';

/** Words that ask about the company's alerts (the audits' findings). */
const ALERT_WORDS = ['alert', 'alerts', 'anomaly', 'anomalies', 'flagged', 'flags'];

/** The longest message the planner reads; longer ones are cut, so a paste cannot make it slow. */
export const MAX_MESSAGE_LENGTH = 2_000;

const FIGURES: Partial<Record<ReportTypeId, FigureKind>> = {
  chargesByMonth: 'spend',
  usageByMonth: 'usage',
  missingInvoices: 'missingInvoices',
  contractExpiry: 'expiringContracts',
  topSites: 'topSites',
  emissions: 'emissions',
  budgetVsActual: 'budget',
  yearOverYear: 'trend',
};

function vocabularyOf(context: PlannerContext): Set<string> {
  return new Set([
    ...INTENT_VOCABULARY,
    ...ALERT_WORDS,
    ...SERVICE_VOCABULARY,
    ...NUMBER_WORDS,
    ...Object.keys(MONTH_WORDS),
    ...STATES.flatMap((state) => wordsOf(state.label)),
    ...context.locations.flatMap((location) => [...wordsOf(location.city), ...wordsOf(location.name)]),
  ]);
}

/** What the message says about where, what and when, shared by reports, figures and questions back. */
export interface Scope {
  services: string[];
  states: string[];
  cities: string[];
  period: Period | undefined;
}

export function scopeOf(raw: string, words: readonly string[], context: PlannerContext): Scope {
  return {
    services: servicesIn(words),
    states: statesIn(raw, words),
    cities: citiesIn(words, context.locations),
    period: parsePeriod(words, context.today, context.latestMonth),
  };
}

/** Words that say the scope back, and re-parse to it when sent as an option ("for Electricity in Texas ..."). */
function scopePhrase(scope: Scope): string {
  const parts: string[] = [];
  if (scope.services.length > 0) parts.push(`for ${servicesLabel(scope.services)}`);
  const places = [...scope.cities, ...scope.states.map(stateLabel)];
  if (places.length > 0) parts.push(`in ${places.join(', ')}`);
  if (scope.period)
    parts.push(
      scope.period.fromMonth === scope.period.toMonth
        ? `for ${monthLabel(scope.period.fromMonth)}`
        : `from ${monthLabel(scope.period.fromMonth)} to ${monthLabel(scope.period.toMonth)}`,
    );
  return parts.join(' ');
}

function filterOf(scope: Scope, context: PlannerContext, period: Period): ReportFilter {
  const filter: ReportFilter = { fromMonth: period.fromMonth, toMonth: period.toMonth };
  if (scope.services.length > 0) filter.serviceTypes = scope.services;
  if (scope.states.length > 0) filter.states = scope.states;
  if (scope.cities.length > 0)
    filter.locationIds = context.locations
      .filter((location) => scope.cities.includes(location.city))
      .map((location) => location.id)
      .sort();
  return filter;
}

function understoodOf(scope: Scope, period: Period, head: string): string[] {
  const parts = [head];
  if (scope.services.length > 0) parts.push(servicesLabel(scope.services));
  for (const city of scope.cities) parts.push(city);
  for (const state of scope.states) parts.push(stateLabel(state));
  parts.push(period.label);
  return parts;
}

function defaultPeriod(context: PlannerContext): Period {
  return {
    fromMonth: addMonths(context.latestMonth, -11),
    toMonth: context.latestMonth,
    label: 'the last 12 months',
  };
}

/** How a report request is to be answered, beyond its scope: read from the words, or given by a model's tool call. */
export interface ReportSlots {
  /** A question to answer with a figure, rather than a spreadsheet to generate. */
  question: boolean;
  /** Contracts ending within this many days. */
  days?: number;
  /** How many top sites. */
  top?: number;
  rankBy?: SiteRanking;
}

/** The plan of a report request of a type, scope and slots: one builder for both planners. */
export function buildReportPlan(
  type: ReportTypeId,
  scope: Scope,
  slots: ReportSlots,
  context: PlannerContext,
): AssistantPlan {
  if (type === 'emissions' && !context.sustainabilityAccess)
    return {
      kind: 'clarify',
      question: 'Emissions reports are not turned on for this company. Would another report help?',
      options: [`Usage by Month report ${scopePhrase(scope)}`.trim()],
    };
  let period = scope.period ?? defaultPeriod(context);
  const figure = FIGURES[type];
  const question = figure !== undefined && slots.question;
  let days: number | undefined;
  if (type === 'contractExpiry' && (scope.period === undefined || slots.days !== undefined)) {
    days = Math.min(Math.max(slots.days ?? 90, 1), 3650);
    const end = addDays(context.today, days).slice(0, 7);
    period = { fromMonth: context.today.slice(0, 7), toMonth: end, label: `the next ${days} days` };
  }
  const filter = filterOf(scope, context, period);
  const top = type === 'topSites' ? Math.min(Math.max(slots.top ?? 5, 1), 50) : undefined;
  if (type === 'topSites') filter.rankBy = slots.rankBy ?? 'spend';
  const understood = understoodOf(scope, period, `${reportLabel(type)} report`);
  if (!question || figure === undefined) return { kind: 'report', reportType: type, filter, understood };
  return {
    kind: 'figure',
    figure,
    reportType: type,
    filter,
    understood,
    ...(days === undefined ? {} : { days }),
    ...(top === undefined ? {} : { top }),
  };
}

/** Words that ask for the contracts still running ("open contracts", "active contracts"), not those ending soon. */
const ACTIVE_CONTRACT_WORDS = ['open', 'active', 'current', 'running'];

function reportPlan(
  type: ReportTypeId,
  raw: string,
  words: readonly string[],
  scope: Scope,
  context: PlannerContext,
): AssistantPlan {
  if (
    type === 'contractExpiry' &&
    scope.period === undefined &&
    !words.includes('days') &&
    !asksForReport(words) &&
    words.some((word) => ACTIVE_CONTRACT_WORDS.includes(word))
  )
    return buildReportPlan(type, scope, { question: true, days: ACTIVE_CONTRACT_DAYS }, context);
  const days =
    type === 'contractExpiry' && (scope.period === undefined || words.includes('days'))
      ? (numberAfter(words, ['within', 'next', 'in', 'coming']) ?? 90)
      : undefined;
  const top = type === 'topSites' ? numberAfter(words, ['top', 'first']) : undefined;
  const byEui = words.some((word) => ['eui', 'intensity', 'usage', 'energy', 'consumption'].includes(word));
  return buildReportPlan(
    type,
    scope,
    {
      question: !asksForReport(words) && asksQuestion(raw, words),
      ...(days === undefined ? {} : { days }),
      ...(top === undefined ? {} : { top }),
      ...(type === 'topSites' ? { rankBy: byEui ? 'eui' : 'spend' } : {}),
    },
    context,
  );
}

function ticketDescription(raw: string): string {
  const colon = raw.indexOf(':');
  if (colon >= 0) return raw.slice(colon + 1).trim();
  return raw
    .replace(/^.*?\b(tickets?|request)\b\s*(about|for|that|saying|because|regarding|:)?\s*/i, '')
    .trim();
}

/** Sites named in full ("the Houston Main Street location"), else by the rest of the words within a named city. */
function namedLocations(words: readonly string[], scope: Scope, context: PlannerContext) {
  const full = locationsNamed(words, context.locations);
  if (full.length > 0 || scope.cities.length === 0) return full;
  const cityWords = new Set(scope.cities.flatMap(wordsOf));
  const inCities = context.locations.filter((location) => scope.cities.includes(location.city));
  return locationsNamed(
    words.filter((word) => !cityWords.has(word) && word !== 'in'),
    inCities,
  );
}

export function navigatePlan(
  words: readonly string[],
  scope: Scope,
  context: PlannerContext,
): AssistantPlan | undefined {
  const page = pageNamed(words);
  const verb = words.some((word) => NAV_VERBS.includes(word));
  const search = scope.cities[0] ?? (scope.states[0] === undefined ? undefined : stateLabel(scope.states[0]));
  const understood = (head: string) => [head, ...(search === undefined ? [] : [search])];
  if (page === 'accounts')
    return {
      kind: 'navigate',
      target: { page: 'accounts', ...(search ? { search } : {}) },
      understood: understood('Accounts'),
    };
  if (page === 'locations')
    return {
      kind: 'navigate',
      target: { page: 'locations', ...(search ? { search } : {}) },
      understood: understood('Locations'),
    };
  if (page !== 'location' && !verb) return undefined;
  const named = namedLocations(words, scope, context);
  if (named.length === 1)
    return {
      kind: 'navigate',
      target: { page: 'location', locationId: named[0]!.id },
      understood: [named[0]!.name],
    };
  if (named.length > 1)
    return {
      kind: 'clarify',
      question: `${named.length} locations match. Which one?`,
      options: named.slice(0, 6).map((location) => `Open the ${location.name} location`),
    };
  if (page === 'location' || search !== undefined)
    return {
      kind: 'navigate',
      target: { page: 'locations', ...(search ? { search } : {}) },
      understood: understood('Locations'),
    };
  return undefined;
}

/** Plans the answer to one user message in the chat's company. */
export function planMessage(message: string, context: PlannerContext): AssistantPlan {
  const raw = message.slice(0, MAX_MESSAGE_LENGTH);
  if (raw.trim() === CHAT_REPORT_EMPTY_TEXT) return { kind: 'noRows' };
  const vocabulary = vocabularyOf(context);
  const words = wordsOf(raw).map((word) => correctWord(word, vocabulary));
  if (words.length === 0) return { kind: 'unknown' };
  if (words.includes('ticket') || words.includes('tickets') || /\bsupport request\b/.test(words.join(' '))) {
    const description = ticketDescription(raw);
    return description === ''
      ? {
          kind: 'clarify',
          question: 'What should the ticket say? Write "ticket:" and then the problem.',
          options: [],
        }
      : { kind: 'ticket', description };
  }
  if (isGreeting(words)) return { kind: 'greeting' };
  if (asksHelp(words)) return { kind: 'help' };
  const scope = scopeOf(raw, words, context);
  const types = chooseReportType(reportTypesNamed(words));
  if (types.length === 0 && words.some((word) => ALERT_WORDS.includes(word))) return { kind: 'openAlerts' };
  if (types.length === 1) return reportPlan(types[0]!, raw, words, scope, context);
  const phrase = scopePhrase(scope);
  const withPhrase = (text: string) => (phrase === '' ? text : `${text} ${phrase}`);
  if (types.length > 1)
    return {
      kind: 'clarify',
      question: 'Which report do you mean?',
      options: types.map((type) => withPhrase(`${reportLabel(type)} report`)),
    };
  const navigation = navigatePlan(words, scope, context);
  if (navigation) return navigation;
  // A question it cannot read is not a request for a report, whatever word it holds: say so, with examples.
  if (asksForReport(words) && !asksQuestion(raw, words))
    return {
      kind: 'clarify',
      question: 'Which report would you like?',
      options: REPORT_TYPES.filter((type) => type.id !== 'emissions' || context.sustainabilityAccess).map(
        (type) => withPhrase(`${type.label} report`),
      ),
    };
  if (phrase !== '') {
    const options = [withPhrase('Charges by Month report'), withPhrase('Usage by Month report')];
    const place =
      scope.cities[0] ?? (scope.states[0] === undefined ? undefined : stateLabel(scope.states[0]));
    if (place !== undefined) options.push(`Show locations in ${place}`, `Show accounts in ${place}`);
    return { kind: 'clarify', question: 'What would you like to know about that?', options };
  }
  // A site's name alone ("Westheimer"): open it, or ask which when several share the words.
  return navigatePlan(['open', ...words], scope, context) ?? { kind: 'unknown' };
}
