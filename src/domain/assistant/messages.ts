// Chat messages of spec 000 §3 ("agent (bot or user), type text, text, options (value, icon, disabled, action),
// sessionId, disableInput, defaultPlaceholderText. A report request has reportType and params.") and the bot's
// replies to each plan. Text from data (site names, cities) is escaped before it joins the Markdown, so a name can
// neither add a link nor format the answer; the window sanitizes the rendered HTML as well (spec 000 §5).
import type { ReportFilter } from '../reports/filter';
import type { ReportTypeId } from '../reports/types';
import type { AssistantPlan, PageTarget } from './types';

/** What an option does when pressed. */
export type ChatAction =
  /** Sends `text` as the user's next message. */
  | { type: 'say'; text: string }
  /** Runs the report on the device and exports the .xlsx (spec 000 §4 "Report via chat"). */
  | { type: 'report'; reportType: ReportTypeId; params: ReportFilter }
  /** Opens a page of the chat's company; `openNow`: at once, as the answer to "open …" (else on the press). */
  | { type: 'navigate'; target: PageTarget; openNow?: boolean }
  /** Opens the ticket's info dialog to review and send it (spec 000 §4 "Support ticket via chat"). */
  | { type: 'ticket'; description: string };

/** An option button under a bot message. */
export interface ChatOption {
  value: string;
  icon?: string;
  disabled?: boolean;
  action: ChatAction;
}

/** One chat message. */
export interface ChatMessage {
  agent: 'bot' | 'user';
  type: 'text';
  text: string;
  options?: ChatOption[];
  sessionId?: string;
  disableInput?: boolean;
  defaultPlaceholderText?: string;
}

/** Escapes Markdown and HTML in text that came from data or the user. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>&~]/g, (char) => `\\${char}`);
}

/** A page target as a path under the company's root (`locations/…`, `accounts?search=…`). */
export function targetPath(target: PageTarget): string {
  if (target.page === 'location' && target.locationId !== undefined)
    return `locations/${encodeURIComponent(target.locationId)}`;
  if (target.page === 'alerts') return 'alerts';
  const page = target.page === 'accounts' ? 'accounts' : 'locations';
  return target.search === undefined ? page : `${page}?search=${encodeURIComponent(target.search)}`;
}

const EXAMPLES = [
  'Spend by service for the last 12 months',
  'How many invoices are missing this year?',
  'Contracts expiring within 90 days',
  'Show accounts',
];

function say(text: string): ChatOption {
  return { value: text, action: { type: 'say', text } };
}

/** The bot's greeting when a chat starts. */
export function greetingMessage(companyName: string): ChatMessage {
  return {
    agent: 'bot',
    type: 'text',
    text:
      `Hi, I am GET AI. I can generate reports for **${escapeMarkdown(companyName)}**, answer questions about ` +
      'its figures, open the locations or accounts pages and open support tickets. Try one of these:',
    options: EXAMPLES.map(say),
  };
}

/** The Generate option of a report plan. */
export function generateOption(reportType: ReportTypeId, params: ReportFilter): ChatOption {
  return { value: 'Generate', icon: 'file-spreadsheet', action: { type: 'report', reportType, params } };
}

/** Text from the user as a Markdown quote, every line escaped. */
function quoted(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => `> ${escapeMarkdown(line)}`)
    .join('\n');
}

/** The option that opens a proposed ticket for review. */
export function ticketOption(description: string): ChatOption {
  return { value: 'Review ticket', icon: 'life-buoy', action: { type: 'ticket', description } };
}

function understoodText(understood: readonly string[]): string {
  const [head, ...rest] = understood;
  const details = rest.map(escapeMarkdown).join(', ');
  return `**${escapeMarkdown(head ?? '')}**${details === '' ? '' : ` — ${details}`}`;
}

/** The bot's reply to a plan that needs no data (all but figures, whose text comes from `figureText`). */
export function replyTo(plan: Exclude<AssistantPlan, { kind: 'figure' | 'openAlerts' }>): ChatMessage {
  const bot = (text: string, options?: ChatOption[]): ChatMessage => ({
    agent: 'bot',
    type: 'text',
    text,
    ...(options && options.length > 0 ? { options } : {}),
  });
  switch (plan.kind) {
    case 'report':
      return bot(
        `I understood: ${understoodText(plan.understood)}. Press Generate to download it as a spreadsheet.`,
        [generateOption(plan.reportType, plan.filter)],
      );
    case 'navigate':
      return bot(`Opening ${understoodText(plan.understood)}.`, [
        {
          value: 'Open',
          icon: 'external-link',
          action: { type: 'navigate', target: plan.target, openNow: true },
        },
      ]);
    case 'clarify':
      return bot(plan.question, plan.options.map(say));
    case 'ticket':
      return bot(
        `I can open a support ticket that says:\n\n${quoted(plan.description)}\n\n` +
          'Press Review ticket to choose its request type and check the text before it is sent.',
        [ticketOption(plan.description)],
      );
    case 'greeting':
      return bot('Hello! What would you like to know?', EXAMPLES.map(say));
    case 'help':
      return bot(
        'I can generate any report (charges, usage, cost per unit, year over year, top sites, missing invoices, ' +
          'emissions, budget vs actual, contract expiry) for a service, place and period; answer questions such ' +
          'as total spend, budget status, open alerts or expiring contracts; open the locations or accounts ' +
          'pages; and open a support ticket ("ticket: the March bill for account 1234 is missing").',
        EXAMPLES.map(say),
      );
    case 'noRows':
      return bot(
        'That report has no rows for those filters. Try a longer period, or fewer services or places.',
      );
    case 'unknown':
      return bot('Sorry, I did not understand that. Here are some things I can do:', EXAMPLES.map(say));
  }
}
