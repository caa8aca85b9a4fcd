// The assistant's tools as a language model sees them (docs/architecture.md §14 GET AI: the model path). When a model is
// configured, it only chooses a tool and fills its typed slots; every slot is then read by the embedded planner's
// own parsers (services, places, periods) and the plan is built by the same builders, so the answer, its
// authorization and its wording are the embedded planner's. The model sees the user's message and these schemas,
// never the company's data, so no text from data can become an instruction; a call that does not fit its schema
// is refused (null) and the embedded planner answers instead.
import { isRecord } from '../sync';
import { REPORT_TYPE_IDS, isReportTypeId } from '../reports/types';
import { MAX_TICKET_TEXT } from '../tickets';
import { citiesIn, servicesIn, statesIn } from './entities';
import { escapeMarkdown } from './messages';
import { parsePeriod } from './periods';
import { buildReportPlan, navigatePlan } from './planner';
import type { Scope } from './planner';
import { wordsOf } from './text';
import type { AssistantPlan, PlannerContext } from './types';

/** A function tool in the OpenAI chat-completions format. */
export interface ModelTool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

const words = (description: string) => ({ type: 'string', maxLength: 200, description });
const list = (description: string) => ({
  type: 'array',
  items: { type: 'string', maxLength: 100 },
  maxItems: 10,
  description,
});

const SCOPE_PROPERTIES = {
  services: list('Utility services named, e.g. "electric", "natural gas", "water".'),
  places: list('US states (name or code) or cities named.'),
  period: words(
    'The period in the user\'s words, e.g. "last 12 months", "2025", "since March", "last quarter".',
  ),
};

function tool(
  name: string,
  description: string,
  properties: Record<string, unknown>,
  required: string[] = [],
): ModelTool {
  return {
    type: 'function',
    function: {
      name,
      description,
      parameters: { type: 'object', properties, required, additionalProperties: false },
    },
  };
}

/** The tools offered to a model: what the embedded planner can decide, and asking back. */
export const MODEL_TOOLS: readonly ModelTool[] = [
  tool(
    'run_report',
    'Generate a report as a spreadsheet, or answer a question about spend, usage, missing invoices, expiring ' +
      'contracts, top sites or emissions with a figure from that report.',
    {
      reportType: { type: 'string', enum: [...REPORT_TYPE_IDS] },
      answerWithFigure: {
        type: 'boolean',
        description: 'True when the user asks a question rather than for a report.',
      },
      ...SCOPE_PROPERTIES,
      days: {
        type: 'integer',
        minimum: 1,
        maximum: 3650,
        description: 'Contracts ending within this many days.',
      },
      top: { type: 'integer', minimum: 1, maximum: 50, description: 'How many top sites.' },
      rankBy: {
        type: 'string',
        enum: ['spend', 'eui'],
        description: 'Top sites by spend or energy use intensity.',
      },
    },
    ['reportType'],
  ),
  tool(
    'open_page',
    'Open the locations list, the accounts list (optionally filtered by a place), or one location by its name.',
    {
      page: { type: 'string', enum: ['locations', 'accounts', 'location'] },
      place: words('A state or city to filter the list by.'),
      siteName: words('The name of the location to open.'),
    },
    ['page'],
  ),
  tool(
    'create_ticket',
    'Propose a support ticket; the user reviews it before it is sent.',
    {
      description: {
        type: 'string',
        minLength: 1,
        maxLength: MAX_TICKET_TEXT,
        description: 'What the ticket says.',
      },
    },
    ['description'],
  ),
  tool(
    'ask_back',
    'Ask the user a short question when the request is ambiguous, with up to six answers to choose from.',
    {
      question: words('The question.'),
      options: { type: 'array', items: { type: 'string', maxLength: 200 }, maxItems: 6 },
    },
    ['question'],
  ),
  tool(
    'count_open_alerts',
    "Count the company's open alerts (bill anomalies found by the audits) by rule.",
    {},
  ),
  tool('greet_or_help', 'Answer a greeting, or explain what the assistant can do.', {
    kind: { type: 'string', enum: ['greeting', 'help'] },
  }),
];

/** The system prompt: what the assistant is, today's date and the latest billed month, nothing from data. */
export function modelInstructions(context: PlannerContext): string {
  return (
    'You are GET AI, the assistant of an energy and utility bill portal. Answer every message by calling exactly ' +
    "one of the tools; never answer in prose. Put the user's own words for services, places and periods into the " +
    `slots. Today is ${context.today}; the latest month with bills is ${context.latestMonth}.`
  );
}

function optionalText(value: unknown, max: number): string | undefined | null {
  if (value === undefined) return undefined;
  return typeof value === 'string' && value.length <= max ? value : null;
}

function textList(value: unknown, maxItems: number, maxLength: number): string[] | null {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length > maxItems) return null;
  return value.every((item): item is string => typeof item === 'string' && item.length <= maxLength)
    ? value
    : null;
}

function optionalInteger(value: unknown, min: number, max: number): number | undefined | null {
  if (value === undefined) return undefined;
  return Number.isInteger(value) && (value as number) >= min && (value as number) <= max
    ? (value as number)
    : null;
}

/** The scope of a call's slots, each read by the embedded planner's parser; null when a slot is malformed. */
function scopeOfSlots(args: Record<string, unknown>, context: PlannerContext): Scope | null {
  const services = textList(args.services, 10, 100);
  const places = textList(args.places, 10, 100);
  const period = optionalText(args.period, 200);
  if (services === null || places === null || period === null) return null;
  const placeText = places.join(', ');
  return {
    services: servicesIn(wordsOf(services.join(' '))),
    states: statesIn(placeText, wordsOf(placeText)),
    cities: citiesIn(wordsOf(placeText), context.locations),
    period:
      period === undefined ? undefined : parsePeriod(wordsOf(period), context.today, context.latestMonth),
  };
}

function reportCall(args: Record<string, unknown>, context: PlannerContext): AssistantPlan | null {
  const { reportType, answerWithFigure, rankBy } = args;
  if (typeof reportType !== 'string' || !isReportTypeId(reportType)) return null;
  if (answerWithFigure !== undefined && typeof answerWithFigure !== 'boolean') return null;
  if (rankBy !== undefined && rankBy !== 'spend' && rankBy !== 'eui') return null;
  const days = optionalInteger(args.days, 1, 3650);
  const top = optionalInteger(args.top, 1, 50);
  const scope = scopeOfSlots(args, context);
  if (days === null || top === null || !scope) return null;
  return buildReportPlan(
    reportType,
    scope,
    {
      question: answerWithFigure === true,
      ...(days === undefined ? {} : { days }),
      ...(top === undefined ? {} : { top }),
      ...(rankBy === undefined ? {} : { rankBy }),
    },
    context,
  );
}

function pageCall(args: Record<string, unknown>, context: PlannerContext): AssistantPlan | null {
  const { page } = args;
  const place = optionalText(args.place, 200);
  const siteName = optionalText(args.siteName, 200);
  if (
    (page !== 'locations' && page !== 'accounts' && page !== 'location') ||
    place === null ||
    siteName === null
  )
    return null;
  const scope = scopeOfSlots({ places: place === undefined ? [] : [place] }, context);
  if (!scope) return null;
  // The embedded planner's navigation reads the page word and the site's name words.
  const pageWords = page === 'location' ? [...wordsOf(siteName ?? ''), 'location'] : [page];
  return navigatePlan(['open', ...pageWords], scope, context) ?? null;
}

/**
 * The plan of a model's tool call, or null when the call is unknown or does not fit its schema (then the
 * embedded planner answers). `argumentsJson` is the call's arguments as the model sent them (JSON text).
 */
export function planFromToolCall(
  name: string,
  argumentsJson: string,
  context: PlannerContext,
): AssistantPlan | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(argumentsJson === '' ? '{}' : argumentsJson);
  } catch {
    return null;
  }
  if (!isRecord(parsed)) return null;
  const args = parsed;
  switch (name) {
    case 'run_report':
      return reportCall(args, context);
    case 'open_page':
      return pageCall(args, context);
    case 'create_ticket': {
      const description = typeof args.description === 'string' ? args.description.trim() : '';
      return description === '' || description.length > MAX_TICKET_TEXT
        ? null
        : { kind: 'ticket', description };
    }
    case 'ask_back': {
      const question = optionalText(args.question, 200);
      const options = textList(args.options, 6, 200);
      if (question === undefined || question === null || question.trim() === '' || options === null)
        return null;
      // The model's words are shown, never formatted: escaped like any text that did not come from us.
      return { kind: 'clarify', question: escapeMarkdown(question.trim()), options };
    }
    case 'count_open_alerts':
      return { kind: 'openAlerts' };
    case 'greet_or_help':
      return { kind: args.kind === 'greeting' ? 'greeting' : 'help' };
    default:
      return null;
  }
}
