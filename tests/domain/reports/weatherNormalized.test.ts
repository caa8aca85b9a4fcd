// The reports' weather-normalised option (src/domain/reports/weatherNormalized.ts) on generated bills of a known
// load: an electric account uses 300 kWh/day and 40 kWh per CDD at 65 °F over a station whose 2023 is 5 °F hotter
// than its other years. Its normalised use per bill period is the known load on the normal year (the mean of each
// calendar day over 2021–2024, worked out here), so year over year the actual use rises and the normalised use does
// not. A gas account with too few bills has no model and is named in the notes.
import { describe, expect, it } from 'vitest';
import { runReport } from '../../../src/domain/reports/run';
import { context, DATA, normalUse } from './weatherFixture';

const filter = { fromMonth: '2023-01', toMonth: '2023-12', weatherNormalized: true };

describe('weather-normalised reports', () => {
  it('usage by month: each month’s normalised use is the known load on the normal year', () => {
    const result = runReport('usageByMonth', filter, DATA, context);
    expect(result.columns.map((column) => column.key)).toContain('usage_weather_normalized');
    const rows = result.rows.filter((row) => row.service === 'Electricity');
    expect(rows).toHaveLength(12);
    for (const row of rows) {
      const expected = normalUse(String(row.bill_month));
      expect(Math.abs(Number(row.usage_weather_normalized) / expected - 1)).toBeLessThan(0.005);
    }
    // July 2023, 5 °F hotter than normal, used more than its normalised figure.
    const july = rows.find((row) => row.bill_month === '2023-07');
    expect(Number(july?.usage_total)).toBeGreaterThan(Number(july?.usage_weather_normalized) * 1.05);
    // The gas account's months have no normalised figure, and the notes say why, as the file does.
    expect(
      result.rows.filter((row) => row.service === 'Natural Gas').map((row) => row.usage_weather_normalized),
    ).toEqual([null, null, null]);
    expect(result.notes?.[1]).toBe(
      'No adequate weather model (no normalised usage) for 1 account service: Gas Co 200 (Natural Gas).',
    );
  });

  it('year over year: actual use rises with the hotter summer, normalised use does not', () => {
    const result = runReport('yearOverYear', filter, DATA, context);
    const july = result.rows.find((row) => row.bill_month === '2023-07' && row.service === 'Electricity');
    expect(Number(july?.usage_change_pct)).toBeGreaterThan(10);
    expect(Math.abs(Number(july?.usage_weather_normalized_change_pct))).toBeLessThan(0.5);
    expect(Number(july?.usage_weather_normalized_prior_year)).toBeCloseTo(
      Number(july?.usage_weather_normalized),
      0,
    );
  });

  it('without temperatures to normalise with (a company without weather normalisation), nothing changes', () => {
    const plain = runReport('yearOverYear', { fromMonth: '2023-01', toMonth: '2023-12' }, DATA, {
      today: '2024-06-01',
    });
    const asked = runReport('yearOverYear', filter, DATA, { today: '2024-06-01' });
    expect(asked).toEqual(plain);
    expect(plain.notes).toBeUndefined();
    expect(plain.columns.map((column) => column.key)).not.toContain('usage_weather_normalized');
  });
});
