import { describe, expect, it } from 'vitest';
import { defaultFilter, monthSpan, parseReportFilter } from '../../../src/domain/reports/filter';

describe('parseReportFilter', () => {
  it('reads a full filter and drops empty lists, so equal filters look equal', () => {
    const parsed = parseReportFilter({
      fromMonth: '2025-01',
      toMonth: '2025-12',
      companyIds: [3, 4],
      states: ['TX'],
      serviceTypes: [],
      vendorIds: null,
      attributes: [
        { attributeName: 'Region', values: ['North'] },
        { attributeName: 'Empty', values: [] },
      ],
      chargeTypes: ['Late Fee'],
      rankBy: 'eui',
    });
    expect(parsed).toEqual({
      ok: true,
      filter: {
        fromMonth: '2025-01',
        toMonth: '2025-12',
        companyIds: [3, 4],
        states: ['TX'],
        attributes: [{ attributeName: 'Region', values: ['North'] }],
        chargeTypes: ['Late Fee'],
        rankBy: 'eui',
      },
    });
  });

  it('accepts a full date as its month', () => {
    expect(parseReportFilter({ fromMonth: '2025-01-15', toMonth: '2025-02' })).toEqual({
      ok: true,
      filter: { fromMonth: '2025-01', toMonth: '2025-02' },
    });
  });

  it.each([
    ['not an object', 'x', 'jsonFilter'],
    ['a missing month', { toMonth: '2025-01' }, 'fromMonth'],
    ['a bad month', { fromMonth: '2025-13', toMonth: '2025-12' }, 'fromMonth'],
    ['a reversed range', { fromMonth: '2025-06', toMonth: '2025-01' }, 'toMonth'],
    ['more than ten years', { fromMonth: '2010-01', toMonth: '2020-01' }, 'toMonth'],
    ['a list of numbers', { fromMonth: '2025-01', toMonth: '2025-02', states: [1] }, 'states'],
    ['a text for a list', { fromMonth: '2025-01', toMonth: '2025-02', accountIds: 'A1' }, 'accountIds'],
    ['bad company ids', { fromMonth: '2025-01', toMonth: '2025-02', companyIds: ['1'] }, 'companyIds'],
    [
      'an unknown charge type',
      { fromMonth: '2025-01', toMonth: '2025-02', chargeTypes: ['Fees'] },
      'chargeTypes',
    ],
    ['an unknown ranking', { fromMonth: '2025-01', toMonth: '2025-02', rankBy: 'kwh' }, 'rankBy'],
    [
      'a nameless attribute',
      { fromMonth: '2025-01', toMonth: '2025-02', attributes: [{ values: ['a'] }] },
      'attributes',
    ],
  ])('refuses %s', (_case, input, field) => {
    const parsed = parseReportFilter(input);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(Object.keys(parsed.problems)).toContain(field);
  });
});

describe('defaultFilter and monthSpan', () => {
  it('default to the 12 months ending with the latest month and count months with both ends', () => {
    expect(defaultFilter('2026-02-01')).toEqual({ fromMonth: '2025-03', toMonth: '2026-02' });
    expect(monthSpan('2025-03', '2026-02')).toBe(12);
    expect(monthSpan('2025-01', '2025-01')).toBe(1);
  });
});
