// Answers from the company's data (docs/decisions/assistant.md, one turn, two places): a figure summed from a report's rows, with the
// report itself offered, so every figure links to where it comes from. The server computes the rows with the
// report engine over its tables, the device over its local database; this text is the same either way.
import { auditRuleLabel } from '../alertMessage';
import { formatAmount, formatWhole } from '../format';
import { formatCurrency, sumMoney } from '../money';
import type { ReportRow } from '../reports/types';
import { ACTIVE_CONTRACT_DAYS } from './types';
import type { AssistantPlan } from './types';
import { escapeMarkdown, generateOption } from './messages';
import type { ChatMessage } from './messages';

type FigurePlan = Extract<AssistantPlan, { kind: 'figure' }>;

function numberCell(row: ReportRow, key: string): number {
  const value = row[key];
  return typeof value === 'number' ? value : 0;
}

function textCell(row: ReportRow, key: string): string {
  const value = row[key];
  return value === null || value === undefined ? '' : String(value);
}

/** Sums a column per group, keeping the groups in first-seen order. */
function sumsBy(
  rows: readonly ReportRow[],
  group: (row: ReportRow) => string,
  key: string,
): [string, number][] {
  const sums = new Map<string, number[]>();
  for (const row of rows) {
    const name = group(row);
    sums.set(name, [...(sums.get(name) ?? []), numberCell(row, key)]);
  }
  return [...sums].map(([name, values]) => [name, sumMoney(values)]);
}

function lines(items: readonly string[]): string {
  return items.map((item) => `- ${item}`).join('\n');
}

/**
 * Weather-normalised usage against the year before, per service and unit, over the months both years have a
 * normalised figure for (the year-over-year rows of a company with weather normalisation); '' without any.
 */
function weatherNormalizedTrend(
  rows: readonly ReportRow[],
  change: (now: number, before: number) => string,
): string {
  const compared = rows.filter(
    (row) =>
      typeof row.usage_weather_normalized === 'number' &&
      typeof row.usage_weather_normalized_prior_year === 'number',
  );
  if (compared.length === 0) return '';
  const group = (row: ReportRow) => `${textCell(row, 'service')}|${textCell(row, 'unit')}`;
  const now = sumsBy(compared, group, 'usage_weather_normalized');
  const before = new Map(sumsBy(compared, group, 'usage_weather_normalized_prior_year'));
  return `\n\nWeather-normalised usage (the weather of both years taken out), over the months with a weather model:\n\n${lines(
    now.map(([key, sum]) => {
      const [service = '', unit = ''] = key.split('|');
      const prior = before.get(key) ?? 0;
      const amount = (value: number) => `${formatAmount(value)}${unit ? ` ${escapeMarkdown(unit)}` : ''}`;
      return `${escapeMarkdown(service)}: ${amount(sum)} against ${amount(prior)}${change(sum, prior)}`;
    }),
  )}`;
}

function figureBody(plan: FigurePlan, rows: readonly ReportRow[]): string {
  const scope = plan.understood.slice(1).map(escapeMarkdown).join(', ');
  switch (plan.figure) {
    case 'spend': {
      const total = sumMoney(rows.map((row) => numberCell(row, 'cost')));
      const byService = sumsBy(rows, (row) => textCell(row, 'service'), 'cost').sort((a, b) => b[1] - a[1]);
      return `Spend — ${scope}: **${formatCurrency(total)}**\n\n${lines(
        byService.map(([service, sum]) => `${escapeMarkdown(service)}: ${formatCurrency(sum)}`),
      )}`;
    }
    case 'usage': {
      const byService = sumsBy(
        rows,
        (row) => `${textCell(row, 'service')}|${textCell(row, 'unit')}`,
        'usage_total',
      );
      return `Usage — ${scope}:\n\n${lines(
        byService.map(([key, sum]) => {
          const [service = '', unit = ''] = key.split('|');
          return `${escapeMarkdown(service)}: **${formatWhole(sum)}** ${escapeMarkdown(unit)}`;
        }),
      )}`;
    }
    case 'missingInvoices': {
      const sites = new Set(rows.map((row) => textCell(row, 'site_name')));
      return `**${formatWhole(rows.length)}** missing invoices at **${formatWhole(sites.size)}** sites — ${scope}.`;
    }
    case 'expiringContracts': {
      const days = plan.days ?? 90;
      const due = rows
        .filter((row) => {
          const left = numberCell(row, 'days_till_expire');
          return left > 0 && left <= days;
        })
        .sort((a, b) => numberCell(a, 'days_till_expire') - numberCell(b, 'days_till_expire'));
      const list = due
        .slice(0, 5)
        .map(
          (row) =>
            `${escapeMarkdown(textCell(row, 'vendor'))} (${escapeMarkdown(textCell(row, 'service'))}): ends ` +
            `${textCell(row, 'end_date')}, ${formatWhole(numberCell(row, 'days_till_expire'))} days left`,
        );
      if (days >= ACTIVE_CONTRACT_DAYS) {
        const active = due
          .slice(0, 10)
          .map(
            (row) =>
              `${escapeMarkdown(textCell(row, 'vendor'))} (${escapeMarkdown(textCell(row, 'service'))}): ends ` +
              `${textCell(row, 'end_date')}`,
          );
        const more =
          due.length > active.length ? `\n\n…and ${formatWhole(due.length - active.length)} more.` : '';
        return `**${formatWhole(due.length)}** active contracts (not yet ended), soonest end first.${active.length > 0 ? `\n\n${lines(active)}` : ''}${more}`;
      }
      return `**${formatWhole(due.length)}** contracts expire within ${days} days.${list.length > 0 ? `\n\n${lines(list)}` : ''}`;
    }
    case 'topSites': {
      const byEui = plan.filter.rankBy === 'eui';
      const top = rows.slice(0, plan.top ?? 5).map((row) => {
        const figure = byEui
          ? `${formatAmount(numberCell(row, 'eui'))} kBtu/ft²/yr`
          : formatCurrency(numberCell(row, 'cost'));
        return `${escapeMarkdown(textCell(row, 'site_name'))} (${escapeMarkdown(textCell(row, 'city'))}): ${figure}`;
      });
      return `Top ${top.length} sites by ${byEui ? 'energy use intensity' : 'spend'} — ${scope}:\n\n${lines(top)}`;
    }
    case 'budget': {
      const budget = sumMoney(rows.map((row) => numberCell(row, 'budget_spend')));
      const actual = sumMoney(rows.map((row) => numberCell(row, 'actual_spend')));
      const variance = sumMoney([actual, -budget]);
      const pct = budget === 0 ? '' : ` (${formatAmount(Math.abs((variance / budget) * 100))} %)`;
      const state = variance > 0 ? 'over' : 'under';
      const sites = sumsBy(rows, (row) => textCell(row, 'site_name'), 'spend_variance')
        .filter(([, sum]) => sum > 0)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([site, sum]) => `${escapeMarkdown(site || 'Company-wide')}: ${formatCurrency(sum)} over`);
      const head =
        rows.length === 0
          ? `No budgets cover ${scope}.`
          : `Budget — ${scope}: actual **${formatCurrency(actual)}** against **${formatCurrency(budget)}** ` +
            `budgeted, **${formatCurrency(Math.abs(variance))} ${state}**${pct}.`;
      return sites.length > 0 ? `${head}\n\nMost over budget:\n\n${lines(sites)}` : head;
    }
    case 'trend': {
      const change = (now: number, before: number) =>
        before === 0
          ? ''
          : ` (${now >= before ? '+' : '−'}${formatAmount(Math.abs(((now - before) / before) * 100))} %)`;
      const cost = sumMoney(rows.map((row) => numberCell(row, 'cost')));
      const prior = sumMoney(rows.map((row) => numberCell(row, 'cost_prior_year')));
      const now = sumsBy(rows, (row) => textCell(row, 'service'), 'cost');
      const before = new Map(sumsBy(rows, (row) => textCell(row, 'service'), 'cost_prior_year'));
      const byService = now
        .sort((a, b) => b[1] - a[1])
        .map(
          ([service, sum]) =>
            `${escapeMarkdown(service)}: ${formatCurrency(sum)} against ${formatCurrency(before.get(service) ?? 0)}` +
            change(sum, before.get(service) ?? 0),
        );
      return (
        `Spend — ${scope}: **${formatCurrency(cost)}** against **${formatCurrency(prior)}** the year before` +
        `${change(cost, prior)}.\n\n${lines(byService)}${weatherNormalizedTrend(rows, change)}`
      );
    }
    case 'emissions': {
      const total = rows.reduce((sum, row) => sum + numberCell(row, 'co2e_total'), 0);
      return `Emissions — ${scope}: **${formatAmount(total)}** metric tons CO2e.`;
    }
  }
}

/** The bot's answer about open alerts: how many, by the audit rule that raised them, and the Alerts page. */
export function openAlertsReply(
  counts: readonly { rule: string; count: number }[],
  syncedAt?: string,
): ChatMessage {
  const sorted = [...counts].sort((a, b) => b.count - a.count || a.rule.localeCompare(b.rule));
  const total = sorted.reduce((sum, item) => sum + item.count, 0);
  const body =
    total === 0
      ? 'There are no open alerts.'
      : `**${formatWhole(total)}** open alerts, by rule:\n\n${lines(
          sorted.map((item) => `${escapeMarkdown(auditRuleLabel(item.rule))}: ${formatWhole(item.count)}`),
        )}`;
  return {
    agent: 'bot',
    type: 'text',
    text: `${body}${syncedNote(syncedAt)}\n\nThe alerts are on the Alerts page.`,
    options: [
      {
        value: 'Open Alerts',
        icon: 'external-link',
        action: { type: 'navigate', target: { page: 'alerts' } },
      },
    ],
  };
}

function syncedNote(syncedAt: string | undefined): string {
  return syncedAt === undefined ? '' : `\n\n_Answered from data synced at ${escapeMarkdown(syncedAt)}._`;
}

/** The bot's answer to a figure question, with the report behind it offered as Generate. */
export function figureReply(plan: FigurePlan, rows: readonly ReportRow[], syncedAt?: string): ChatMessage {
  return {
    agent: 'bot',
    type: 'text',
    text: `${figureBody(plan, rows)}${syncedNote(syncedAt)}\n\nThe figures come from the report below.`,
    options: [generateOption(plan.reportType, plan.filter)],
  };
}
