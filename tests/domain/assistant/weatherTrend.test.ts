// GET AI's trend answers for a company with weather normalisation (respond.ts, figures.ts): the year-over-year
// report runs with the weather-normalised option, and the answer gives normalised usage beside actual spend. On the
// weather fixture (2023 5 °F hotter than normal) actual electricity rises year over year; normalised usage does not.
import { describe, expect, it } from 'vitest';
import { respondTo } from '../../../src/domain/assistant/respond';
import type { PlannerContext } from '../../../src/domain/assistant/types';
import type { ReportFilter } from '../../../src/domain/reports/filter';
import { runReport } from '../../../src/domain/reports/run';
import type { ReportTypeId } from '../../../src/domain/reports/types';
import { context as weatherContext, DATA } from '../reports/weatherFixture';

const CONTEXT: PlannerContext = {
  today: '2024-01-15',
  latestMonth: '2023-12',
  sustainabilityAccess: false,
  locations: [{ id: 'L1', name: 'Alpha', city: 'Austin', state: 'TX' }],
};

async function answer(weatherNormalizationAccess: boolean) {
  const filters: ReportFilter[] = [];
  const [reply] = await respondTo(
    'how is electricity spend trending in 2023?',
    { ...CONTEXT, weatherNormalizationAccess },
    {
      canUse: () => true,
      reportRows: async (reportType: ReportTypeId, filter: ReportFilter) => {
        filters.push(filter);
        // As the server and the device do: temperatures only for a company with the flag.
        return runReport(
          reportType,
          filter,
          DATA,
          weatherNormalizationAccess ? weatherContext : { today: CONTEXT.today },
        ).rows;
      },
      openAlertsByRule: async () => [],
    },
  );
  return { text: reply?.type === 'text' ? reply.text : '', filters };
}

describe('trend answers with weather normalisation', () => {
  it('give weather-normalised usage against the year before for a company with the flag', async () => {
    const { text, filters } = await answer(true);
    expect(filters[0]?.weatherNormalized).toBe(true);
    expect(text).toContain('Weather-normalised usage (the weather of both years taken out)');
    const line = /Electricity: ([\d,.]+) kWh against ([\d,.]+) kWh(?: \(([+−])([\d.]+) %\))?/.exec(text);
    expect(line).not.toBeNull();
    // The same normal year both years: within a fraction of a percent (calendar days of the two years alike).
    expect(Number(line?.[4] ?? 0)).toBeLessThan(0.5);
  });

  it('say nothing of the weather for a company without it', async () => {
    const { text, filters } = await answer(false);
    expect(filters[0]?.weatherNormalized).toBeUndefined();
    expect(text).not.toContain('Weather-normalised');
    expect(text).toMatch(/^Spend — /);
  });
});
