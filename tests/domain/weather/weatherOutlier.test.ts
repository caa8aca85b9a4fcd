// The weather-based outlier audit (src/domain/weather/weatherOutlier.ts) on generated bills of known loads: a gas
// account with base 30 therms/day and 4 therms per HDD at 60 °F, plus noise of up to 10 therms/day. A year of bills
// fits the model; each later bill is judged by the model of the year before it. A bill at its known load lies inside
// the prediction interval; one 15 % or more off it lies outside and is flagged.
import { describe, expect, it } from 'vitest';
import { auditAccountBills, type AuditedBill } from '../../../src/domain/billAudits';
import { DEFAULT_AUDIT_THRESHOLDS } from '../../../src/domain/billAuditThresholds';
import { alertMessage } from '../../../src/domain/alertMessage';
import {
  addDays,
  datesBetween,
  heatingDegreeDays,
  meanOf,
  periodTemperatures,
} from '../../../src/domain/weather/degreeDays';
import { weatherOutlierAudit } from '../../../src/domain/weather/weatherOutlier';
import { seasonalTemperatures, seededRandom } from '../../helpers/seededRandom';

const BASE = 30;
const SLOPE = 4;
const BALANCE_POINT = 60;
const NOISE_PER_DAY = 10;

const random = seededRandom(7);
const temperatures = seasonalTemperatures(random, datesBetween('2023-01-01', '2025-06-01'));

/** The known load of a 30-day period from `start` (its use with no noise). */
function knownUse(start: string): number {
  const values = periodTemperatures(temperatures, start, addDays(start, 30));
  return (BASE + SLOPE * meanOf(values.map((t) => heatingDegreeDays(t, BALANCE_POINT)))) * 30;
}

function gasBill(index: number, usage: number): AuditedBill {
  const start = addDays('2023-01-01', index * 30);
  return {
    id: `bill-${index}`,
    billMonth: addDays(start, 29).slice(0, 7),
    invoiceDate: addDays(start, 32),
    readDateFrom: start,
    readDateTo: addDays(start, 29),
    totalNewCharges: usage,
    lateFee: 0,
    isInvoiceMissing: false,
    services: [
      { serviceType: 'natural_gas', charges: usage, usage, unit: 'therms', demandKw: null, taxesFees: 0 },
    ],
  };
}

/** Thirteen bills of the known load with noise: a year to fit and one more. */
const history = Array.from({ length: 13 }, (_, i) => {
  const start = addDays('2023-01-01', i * 30);
  return gasBill(i, knownUse(start) + 30 * NOISE_PER_DAY * (random() - 0.5) * 2);
});

describe('weather-based outlier audit', () => {
  const judged = addDays('2023-01-01', 13 * 30);
  it.each([
    ['at its known load', 1, false],
    ['5 % above its known load', 1.05, false],
    ['15 % above its known load', 1.15, true],
    ['60 % above its known load', 1.6, true],
    ['half its known load', 0.5, true],
  ])('a bill %s (flagged: %s)', (_, factor, flagged) => {
    const bill = gasBill(13, knownUse(judged) * factor);
    const bills = [...history, bill];
    const finding = weatherOutlierAudit(bills, temperatures, 95)(bill, new Map());
    if (!flagged) {
      expect(finding).toBeNull();
      return;
    }
    expect(finding?.rule).toBe('weather_outlier');
    expect(finding?.measured).toBeCloseTo(knownUse(judged) * factor, 6);
    // The prediction is the known load within the model's error.
    expect(Math.abs((finding?.reference ?? 0) / knownUse(judged) - 1)).toBeLessThan(0.05);
  });

  it('judges no bill without a sufficient year before it, nor without temperatures', () => {
    const audit = weatherOutlierAudit(history, temperatures, 95);
    // The first year's bills have no year of bills before them.
    for (const bill of history.slice(0, 12)) expect(audit(bill, new Map())).toBeNull();
    const outlier = gasBill(13, knownUse(judged) * 2);
    expect(weatherOutlierAudit([...history, outlier], new Map(), 95)(outlier, new Map())).toBeNull();
  });

  it('raises one alert, with its words, through the audit run, and a wider interval lets a smaller excess pass', () => {
    const outlier = gasBill(13, knownUse(judged) * 1.15);
    const bills = [...history, outlier];
    const run = (confidencePct: number) =>
      auditAccountBills(
        { id: 'account', services: 'natural_gas', nextExpectedDeliveryDate: null },
        bills,
        '2024-03-01',
        new Set([outlier.id]),
        {
          thresholds: { ...DEFAULT_AUDIT_THRESHOLDS, weatherOutlierConfidencePct: confidencePct },
          extraAudits: [weatherOutlierAudit(bills, temperatures, confidencePct)],
        },
      ).filter((alert) => alert.rule === 'weather_outlier');
    const [alert, ...rest] = run(95);
    expect(rest).toEqual([]);
    expect(alert?.auditKey).toBe(`${outlier.id}:weather_outlier`);
    expect(alertMessage({ ...alert, rule: 'weather_outlier', billId: outlier.id } as never)).toMatch(
      /^Usage of [\d,.]+ therms, 1\d % above what the weather model predicts \([\d,.]+ therms\)/,
    );
    expect(run(99.9)).toHaveLength(0);
  });
});
