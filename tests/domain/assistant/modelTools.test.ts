// The model path's tool calls (src/domain/assistant/modelTools.ts): a valid call gives the plan the embedded
// planner gives for the same request; anything that does not fit its schema is refused.
import { describe, expect, it } from 'vitest';
import { MODEL_TOOLS, modelInstructions, planFromToolCall } from '../../../src/domain/assistant/modelTools';
import { planMessage } from '../../../src/domain/assistant/planner';
import { CONTEXT, summary } from './fixture';

function planned(name: string, args: unknown): string | null {
  const plan = planFromToolCall(name, typeof args === 'string' ? args : JSON.stringify(args), CONTEXT);
  return plan && summary(plan);
}

describe('planFromToolCall', () => {
  it.each([
    [
      'run_report',
      { reportType: 'missingInvoices', places: ['Texas'], period: '2025' },
      'missing invoices in Texas in 2025',
    ],
    [
      'run_report',
      { reportType: 'chargesByMonth', answerWithFigure: true, services: ['electric'], period: 'last year' },
      'how much did we spend on electricity last year?',
    ],
    [
      'run_report',
      { reportType: 'contractExpiry', answerWithFigure: true, days: 60 },
      'which contracts expire within 60 days?',
    ],
    [
      'run_report',
      { reportType: 'topSites', answerWithFigure: true, top: 3, rankBy: 'eui' },
      'what are the top 3 sites by energy intensity?',
    ],
    ['run_report', { reportType: 'usageByMonth', places: ['Houston'] }, 'usage by month report for Houston'],
    ['open_page', { page: 'accounts', place: 'Houston' }, 'show accounts in Houston'],
    ['open_page', { page: 'location', siteName: 'Phoenix Camelback' }, 'open the Phoenix Camelback location'],
    ['open_page', { page: 'location', siteName: 'Main Street' }, 'open the Main Street location'],
    ['create_ticket', { description: 'the March bill is missing' }, 'ticket: the March bill is missing'],
  ])('%s %j plans as "%s"', (name, args, utterance) => {
    expect(planned(name, args)).toBe(summary(planMessage(utterance, CONTEXT)));
  });

  it('escapes a question back and keeps its options as answers to send', () => {
    expect(
      planFromToolCall(
        'ask_back',
        JSON.stringify({ question: 'Which **site**? [x](y)', options: ['A', 'B'] }),
        CONTEXT,
      ),
    ).toEqual({ kind: 'clarify', question: 'Which \\*\\*site\\*\\*? \\[x\\]\\(y\\)', options: ['A', 'B'] });
    expect(planned('greet_or_help', { kind: 'greeting' })).toBe('greeting');
    expect(planned('greet_or_help', {})).toBe('help');
  });

  it.each([
    ['run_report', { reportType: 'everything' }],
    ['run_report', { reportType: 'chargesByMonth', services: 'electric' }],
    ['run_report', { reportType: 'chargesByMonth', answerWithFigure: 'yes' }],
    ['run_report', { reportType: 'topSites', top: 500 }],
    ['run_report', { reportType: 'contractExpiry', days: 1.5 }],
    ['run_report', { reportType: 'chargesByMonth', period: 'x'.repeat(201) }],
    ['open_page', { page: 'admin' }],
    ['create_ticket', { description: '   ' }],
    ['create_ticket', { description: 'x'.repeat(10_001) }],
    ['ask_back', { question: '' }],
    ['ask_back', { question: 'Which?', options: ['1', '2', '3', '4', '5', '6', '7'] }],
    ['delete_everything', {}],
    ['run_report', '{not json'],
    ['run_report', '[1, 2]'],
  ])('refuses %s %j', (name, args) => {
    expect(planned(name, args)).toBeNull();
  });

  it('reads places only as the company’s cities or real states', () => {
    expect(planned('run_report', { reportType: 'chargesByMonth', places: ['Atlantis'] })).toBe(
      summary(planMessage('charges by month report', CONTEXT)),
    );
  });
});

describe('the tools as the model sees them', () => {
  it('names each tool once, with closed object schemas', () => {
    const names = MODEL_TOOLS.map((tool) => tool.function.name);
    expect(new Set(names).size).toBe(names.length);
    for (const tool of MODEL_TOOLS)
      expect(tool.function.parameters).toMatchObject({ type: 'object', additionalProperties: false });
  });

  it('tells the model the date and latest month, and nothing of the company’s data', () => {
    const text = modelInstructions(CONTEXT);
    expect(text).toContain('2026-11-23');
    expect(text).toContain('2026-10');
    for (const location of CONTEXT.locations) expect(text).not.toContain(location.name);
  });
});
