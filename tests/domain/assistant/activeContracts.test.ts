import { describe, expect, it } from 'vitest';
import { figureReply } from '../../../src/domain/assistant/figures';
import { planMessage } from '../../../src/domain/assistant/planner';
import { CONTEXT } from './fixture';

const contract = (vendor: string, endDate: string, daysLeft: number) => ({
  vendor,
  service: 'Electricity',
  end_date: endDate,
  days_till_expire: daysLeft,
});

describe('"open contracts"', () => {
  it('lists the active contracts, soonest end first, and leaves out the ended ones', () => {
    const plan = planMessage('open contracts', CONTEXT);
    if (plan.kind !== 'figure') throw new Error(`planned ${plan.kind}`);
    const reply = figureReply(plan, [
      contract('Prairie Edison', '2028-01-31', 430),
      contract('Lone Star Power', '2026-12-31', 30),
      contract('Old Gas Co', '2026-01-31', -300),
    ]);
    expect(reply.text).toContain('**2** active contracts');
    expect(reply.text.indexOf('Lone Star Power')).toBeLessThan(reply.text.indexOf('Prairie Edison'));
    expect(reply.text).not.toContain('Old Gas Co');
  });
});
