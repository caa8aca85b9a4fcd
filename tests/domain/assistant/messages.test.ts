import { describe, expect, it } from 'vitest';
import { figureReply, openAlertsReply } from '../../../src/domain/assistant/figures';
import { escapeMarkdown, greetingMessage, replyTo, targetPath } from '../../../src/domain/assistant/messages';
import { planMessage } from '../../../src/domain/assistant/planner';
import type { AssistantPlan } from '../../../src/domain/assistant/types';
import { CONTEXT } from './fixture';

function figurePlan(message: string): Extract<AssistantPlan, { kind: 'figure' }> {
  const plan = planMessage(message, CONTEXT);
  if (plan.kind !== 'figure') throw new Error(`not a figure: ${plan.kind}`);
  return plan;
}

describe('messages', () => {
  it('escapes Markdown and HTML from data', () => {
    expect(escapeMarkdown('[x](javascript:1) <img>')).toBe('\\[x\\]\\(javascript:1\\) \\<img\\>');
    expect(greetingMessage('A*B').text).toContain('**A\\*B**');
  });

  it('turns targets into paths', () => {
    expect(targetPath({ page: 'location', locationId: 'a b' })).toBe('locations/a%20b');
    expect(targetPath({ page: 'accounts', search: 'San Antonio' })).toBe('accounts?search=San%20Antonio');
    expect(targetPath({ page: 'locations' })).toBe('locations');
  });

  it('offers Generate with the report request for a report plan', () => {
    const plan = planMessage('missing invoices in Texas this year', CONTEXT);
    if (plan.kind === 'figure' || plan.kind === 'openAlerts') throw new Error(plan.kind);
    const reply = replyTo(plan);
    expect(reply.text).toBe(
      'I understood: **Missing Invoices report** — Texas, 2026 so far. Press Generate to download it as a spreadsheet.',
    );
    expect(reply.options?.[0]).toEqual({
      value: 'Generate',
      icon: 'file-spreadsheet',
      action: {
        type: 'report',
        reportType: 'missingInvoices',
        params: { fromMonth: '2026-01', toMonth: '2026-11', states: ['TX'] },
      },
    });
  });

  it('answers every other plan', () => {
    const kinds: AssistantPlan[] = [
      {
        kind: 'navigate',
        target: { page: 'accounts', search: 'Houston' },
        understood: ['Accounts', 'Houston'],
      },
      { kind: 'clarify', question: 'Which?', options: ['a', 'b'] },
      { kind: 'clarify', question: 'What?', options: [] },
      { kind: 'ticket', description: 'x' },
      { kind: 'greeting' },
      { kind: 'help' },
      { kind: 'unknown' },
      { kind: 'noRows' },
    ];
    const replies = kinds.map((plan) =>
      plan.kind === 'figure' || plan.kind === 'openAlerts' ? undefined : replyTo(plan),
    );
    expect(replies.map((reply) => reply?.options?.length ?? 0)).toEqual([1, 2, 0, 1, 4, 4, 4, 0]);
    expect(replies[0]?.text).toBe('Opening **Accounts** — Houston.');
    expect(replies[3]?.options?.[0]?.action).toEqual({ type: 'ticket', description: 'x' });
  });

  it('quotes a proposed ticket line by line, escaped, and offers its review', () => {
    const reply = replyTo({
      kind: 'ticket',
      description: 'March bill\n[click](javascript:1) is <b>missing</b>',
    });
    expect(reply.text).toBe(
      'I can open a support ticket that says:\n\n> March bill\n> \\[click\\]\\(javascript:1\\) is ' +
        '\\<b\\>missing\\</b\\>\n\nPress Review ticket to choose its request type and check the text ' +
        'before it is sent.',
    );
    expect(reply.options).toEqual([
      {
        value: 'Review ticket',
        icon: 'life-buoy',
        action: { type: 'ticket', description: 'March bill\n[click](javascript:1) is <b>missing</b>' },
      },
    ]);
  });
});

describe('figureReply', () => {
  it('compares spend with the year before, by service', () => {
    const reply = figureReply(figurePlan('how is our spend trending in 2025?'), [
      { service: 'Electricity', cost: 120, cost_prior_year: 100 },
      { service: 'Water', cost: 30, cost_prior_year: 40 },
      { service: 'Electricity', cost: 60, cost_prior_year: 50 },
    ]);
    expect(reply.text).toContain('Spend — 2025: **$210.00** against **$190.00** the year before (+10.53 %).');
    expect(reply.text).toContain(
      '- Electricity: $180.00 against $150.00 (+20 %)\n- Water: $30.00 against $40.00 (−25 %)',
    );
  });

  it('says how far over budget, and where', () => {
    const reply = figureReply(figurePlan('how is our budget doing in 2025?'), [
      { site_name: 'Houston Main Street', budget_spend: 1000, actual_spend: 1250.5, spend_variance: 250.5 },
      { site_name: 'Austin Congress Avenue', budget_spend: 500, actual_spend: 400, spend_variance: -100 },
      { site_name: 'Dallas *Main*', budget_spend: 200, actual_spend: 210, spend_variance: 10 },
    ]);
    expect(reply.text).toContain(
      'Budget — 2025: actual **$1,860.50** against **$1,700.00** budgeted, **$160.50 over** (9.44 %).',
    );
    expect(reply.text).toContain('- Houston Main Street: $250.50 over\n- Dallas \\*Main\\*: $10.00 over');
    expect(reply.text).not.toContain('Austin');
    expect(figureReply(figurePlan('how is our budget doing in 2025?'), []).text).toMatch(
      /^No budgets cover 2025\./,
    );
  });

  it('totals spend by service', () => {
    const reply = figureReply(figurePlan('what did we spend last year?'), [
      { service: 'Electricity', cost: 100.1 },
      { service: 'Water', cost: 5 },
      { service: 'Electricity', cost: 0.2 },
    ]);
    expect(reply.text).toContain('Spend — 2025: **$105.30**\n\n- Electricity: $100.30\n- Water: $5.00');
    expect(reply.options?.[0]?.action.type).toBe('report');
  });

  it('totals usage per service and unit', () => {
    const reply = figureReply(figurePlan('how much usage last year?'), [
      { service: 'Electricity', unit: 'kWh', usage_total: 1000 },
      { service: 'Electricity', unit: 'kWh', usage_total: 500 },
      { service: 'Natural Gas', unit: 'Therms', usage_total: null },
    ]);
    expect(reply.text).toContain('- Electricity: **1,500** kWh\n- Natural Gas: **0** Therms');
  });

  it('counts missing invoices and their sites', () => {
    const reply = figureReply(figurePlan('how many missing invoices?'), [
      { site_name: 'A' },
      { site_name: 'A' },
      { site_name: null },
    ]);
    expect(reply.text).toContain('**3** missing invoices at **2** sites');
  });

  it('lists contracts ending within the days asked, soonest first', () => {
    const reply = figureReply(figurePlan('which contracts expire within 30 days?'), [
      { vendor: 'Late', service: 'Gas', end_date: '2026-12-20', days_till_expire: 27 },
      { vendor: 'Soon', service: 'Power', end_date: '2026-11-30', days_till_expire: 7 },
      { vendor: 'Far', service: 'Power', end_date: '2027-06-30', days_till_expire: 219 },
      { vendor: 'Gone', service: 'Power', end_date: '2026-01-30', days_till_expire: -297 },
    ]);
    expect(reply.text).toContain(
      '**2** contracts expire within 30 days.\n\n- Soon (Power): ends 2026-11-30, 7 days left',
    );
    const none = figureReply(figurePlan('which contracts expire within 30 days?'), []);
    expect(none.text).toContain('**0** contracts expire within 30 days.\n\nThe figures');
  });

  it('ranks top sites by spend or intensity', () => {
    const rows = [
      { site_name: 'A', city: 'X', cost: 10, eui: 1.5 },
      { site_name: 'B', city: 'Y', cost: 5, eui: 3 },
    ];
    expect(figureReply(figurePlan('which are the top 1 sites?'), rows).text).toContain(
      'Top 1 sites by spend — the last 12 months:\n\n- A (X): $10.00',
    );
    expect(figureReply(figurePlan('which sites have the highest intensity?'), rows).text).toContain(
      '- B (Y): 3 kBtu/ft²/yr',
    );
  });

  it('sums emissions and says when the data was synced', () => {
    const reply = figureReply(
      figurePlan('what are our emissions for 2025?'),
      [{ co2e_total: 1.25 }, { co2e_total: 2 }],
      '10:00',
    );
    expect(reply.text).toContain(
      'Emissions — 2025: **3.25** metric tons CO2e.\n\n_Answered from data synced at 10:00._',
    );
  });
});

describe('emissions without sustainability access', () => {
  it('asks back for another report', () => {
    const plan = planMessage('emissions last year', { ...CONTEXT, sustainabilityAccess: false });
    expect(plan.kind).toBe('clarify');
  });
});

describe('openAlertsReply', () => {
  it('counts open alerts by rule, most first, with the Alerts page', () => {
    const reply = openAlertsReply(
      [
        { rule: 'late_fee', count: 2 },
        { rule: 'anomaly', count: 5 },
        { rule: 'new_rule_<b>', count: 1 },
      ],
      'Nov 24, 2026, 10:05 AM',
    );
    expect(reply.text).toMatch(
      /^\*\*8\*\* open alerts, by rule:\n\n- .+: 5\n- .+: 2\n- new\\_rule\\_\\<b\\>: 1/,
    );
    expect(reply.text).toContain('_Answered from data synced at Nov 24, 2026, 10:05 AM._');
    expect(reply.options?.[0]?.action).toEqual({ type: 'navigate', target: { page: 'alerts' } });
    expect(openAlertsReply([]).text).toMatch(/^There are no open alerts\./);
  });
});
