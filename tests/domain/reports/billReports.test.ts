import { describe, expect, it } from 'vitest';
import { billDetail } from '../../../src/domain/reports/billDetail';
import { chargesByMonth, costPerUnit, usageByMonth } from '../../../src/domain/reports/monthly';
import { topSites } from '../../../src/domain/reports/topSites';
import { percentChange, yearOverYear } from '../../../src/domain/reports/yearOverYear';
import { DATA, Q1 } from './fixture';

describe('billDetail', () => {
  it('gives one row per bill and service, in month and site order, adding up to each bill', () => {
    const rows = billDetail(DATA, Q1);
    expect(rows.map((row) => [row.bill_month, row.site_number, row.service, row.cost])).toEqual([
      ['2025-01', 'S-1', 'Electricity', 100],
      ['2025-01', 'S-1', 'Natural Gas', 40],
      ['2025-01', 'S-1', 'Taxes & Fees', 10],
      ['2025-01', 'S-2', 'Natural Gas', 50],
      ['2025-03', 'S-1', 'Electricity', 120],
    ]);
    const b1 = rows.filter((row) => row.bill_month === '2025-01' && row.site_number === 'S-1');
    expect(b1.reduce((sum, row) => sum + Number(row.cost), 0)).toBe(150);
    // The bill's total once, on its first row: the column sums to the bills' totals.
    expect(b1.map((row) => row.amount)).toEqual([150, null, null]);
    expect(rows.reduce((sum, row) => sum + Number(row.amount ?? 0), 0)).toBe(
      rows.reduce((sum, row) => sum + Number(row.cost), 0),
    );
  });

  it('orders the rows by month, site and account whatever order the bills come in', () => {
    const reversed = { ...DATA, bills: [...DATA.bills].reverse() };
    expect(billDetail(reversed, Q1)).toEqual(billDetail(DATA, Q1));
  });

  it('fills the spec export fields of a row', () => {
    expect(billDetail(DATA, Q1)[0]).toEqual({
      bill_month: '2025-01',
      invoice_date: '2025-01-05',
      site_number: 'S-1',
      site_name: 'Alpha',
      site_zip: '78701',
      account_number: '100',
      vendor: 'Power Co',
      amount: 150,
      service: 'Electricity',
      cost: 100,
      usage_total: 1000,
      unit: 'kWh',
      kw_max: 5,
      kva_max: null,
      kvar_sum: null,
      read_date_from: '2025-01-01',
      read_date_to: '2025-01-28',
      sqft: 10_000,
      postal_code: '78702',
    });
  });

  it('leaves out missing invoices and bills outside the months', () => {
    const months = billDetail(DATA, { fromMonth: '2024-01', toMonth: '2025-02' }).map(
      (row) => row.bill_month,
    );
    expect(months).toEqual(['2024-01', '2025-01', '2025-01', '2025-01', '2025-01']);
  });

  it.each([
    [{ states: ['CA'] }, ['S-2']],
    [{ locationIds: ['L1'] }, ['S-1', 'S-1', 'S-1', 'S-1']],
    [{ locationTypes: ['Office'] }, ['S-2']],
    [{ vendorIds: ['V2'] }, ['S-2']],
    [{ accountIds: ['A1'] }, ['S-1', 'S-1', 'S-1', 'S-1']],
    [{ meterIds: ['M1'] }, ['S-2']],
    [{ attributes: [{ attributeName: 'Region', values: ['North'] }] }, ['S-1', 'S-1', 'S-1', 'S-1']],
    [{ companyIds: [2] }, []],
    [{ serviceTypes: ['electric'] }, ['S-1', 'S-1']],
  ])('narrows by %j', (narrowing, sites) => {
    expect(billDetail(DATA, { ...Q1, ...narrowing }).map((row) => row.site_number)).toEqual(sites);
  });

  it('keeps only the chosen charge types in each cost', () => {
    const taxes = billDetail(DATA, { ...Q1, chargeTypes: ['Taxes & Fees'] });
    expect(taxes.map((row) => row.cost)).toEqual([10, 4, 10, 0, 0]);
    const service = billDetail(DATA, { ...Q1, chargeTypes: ['Service Charges'] });
    // Service charges are a service's charges less its taxes; the charges carried apart are taxes, so dropped.
    expect(service.map((row) => row.cost)).toEqual([90, 36, 50, 120]);
  });
});

describe('chargesByMonth', () => {
  it('sums charges, taxes and bills per month and service', () => {
    expect(chargesByMonth(DATA, Q1)).toEqual([
      { bill_month: '2025-01', service: 'Electricity', cost: 100, taxes_fees: 10, bills: 1 },
      { bill_month: '2025-01', service: 'Natural Gas', cost: 90, taxes_fees: 4, bills: 2 },
      { bill_month: '2025-01', service: 'Taxes & Fees', cost: 10, taxes_fees: 10, bills: 1 },
      { bill_month: '2025-03', service: 'Electricity', cost: 120, taxes_fees: 0, bills: 1 },
    ]);
  });
});

describe('usageByMonth', () => {
  it('sums usage per month, service and unit, with kBtu (1 kWh = 3.412 kBtu, 1 therm = 100 kBtu: Portfolio Manager’s thermal conversions)', () => {
    const rows = usageByMonth(DATA, Q1).rows;
    expect(rows.map((row) => [row.bill_month, row.service, row.usage_total, row.unit])).toEqual([
      ['2025-01', 'Electricity', 1000, 'kWh'],
      ['2025-01', 'Natural Gas', 300, 'Therms'],
      ['2025-03', 'Electricity', 1200, 'kWh'],
    ]);
    expect(rows[0]?.usage_kbtu).toBeCloseTo(3412, 6);
    expect(rows[0]?.kw_max).toBe(5);
    expect(rows[1]?.usage_kbtu).toBeCloseTo(30_000, 6);
    expect(rows[1]?.kw_max).toBeNull();
  });
});

describe('costPerUnit', () => {
  it('divides the charges of bills with usage by that usage, per unit and per kBtu', () => {
    const rows = costPerUnit(DATA, Q1);
    expect(rows[0]).toEqual({
      bill_month: '2025-01',
      service: 'Electricity',
      cost: 100,
      usage_total: 1000,
      unit: 'kWh',
      cost_per_unit: 0.1,
      cost_per_kbtu: 0.0293, // 100 / 3412 = 0.029308…
    });
    expect(rows[1]).toMatchObject({
      service: 'Natural Gas',
      cost: 90,
      cost_per_unit: 0.3,
      cost_per_kbtu: 0.003,
    });
  });
});

describe('yearOverYear', () => {
  it('sets each month beside the same month a year before, which may lie before the range', () => {
    const rows = yearOverYear(DATA, { fromMonth: '2025-01', toMonth: '2025-01' }).rows;
    expect(rows).toEqual([
      {
        bill_month: '2025-01',
        service: 'Electricity',
        cost: 100,
        cost_prior_year: null,
        cost_change: null,
        cost_change_pct: null,
        usage_total: 1000,
        usage_prior_year: null,
        usage_change_pct: null,
        unit: 'kWh',
      },
      {
        bill_month: '2025-01',
        service: 'Natural Gas',
        cost: 90,
        cost_prior_year: 40,
        cost_change: 50,
        cost_change_pct: 125,
        usage_total: 300,
        usage_prior_year: 160,
        usage_change_pct: 87.5,
        unit: 'Therms',
      },
      expect.objectContaining({ service: 'Taxes & Fees', cost: 10, cost_prior_year: null }),
    ]);
  });

  it('shows a service billed a year before but not now at zero', () => {
    const rows = yearOverYear(DATA, { fromMonth: '2025-01', toMonth: '2025-01', accountIds: ['A2'] }).rows;
    expect(rows).toHaveLength(1);
    const onlyBefore = yearOverYear(
      { ...DATA, bills: DATA.bills.filter((bill) => bill.id === 'B5') },
      { fromMonth: '2025-01', toMonth: '2025-01' },
    ).rows;
    expect(onlyBefore).toEqual([
      expect.objectContaining({ cost: 0, cost_prior_year: 40, cost_change: -40, cost_change_pct: -100 }),
    ]);
  });

  it.each([
    [110, 100, 10],
    [90, 100, -10],
    [5, 0, null],
    [5, null, null],
    [-50, -100, 50],
  ])('percentChange(%d, %j) is %j', (now, before, expected) => {
    expect(percentChange(now, before)).toBe(expected);
  });
});

describe('topSites', () => {
  it('ranks sites by spend, with cost per square foot and annualised energy use intensity', () => {
    const rows = topSites(DATA, Q1);
    // Alpha: $100 + $40 + $10 + $120; 1000 kWh + 1200 kWh (7,506.4 kBtu) + 100 therms (10,000 kBtu).
    expect(rows[0]).toEqual({
      rank: 1,
      site_number: 'S-1',
      site_name: 'Alpha',
      city: 'Austin',
      state: 'TX',
      sqft: 10_000,
      cost: 270,
      cost_per_sqft: 0.03,
      usage_kbtu: 17_506.4,
      eui: 7, // 17,506.4 kBtu / 10,000 ft² / (3 / 12 years) = 7.0026
    });
    expect(rows[1]).toMatchObject({ rank: 2, site_name: 'Beta', cost: 50, cost_per_sqft: null, eui: null });
  });

  it('ranks by intensity when asked, sites without an area last', () => {
    const gasOnly = topSites(DATA, { ...Q1, rankBy: 'eui' });
    expect(gasOnly.map((row) => row.site_name)).toEqual(['Alpha', 'Beta']);
    const withArea = topSites(
      { ...DATA, locations: DATA.locations.map((l) => (l.id === 'L2' ? { ...l, sqft: 100 } : l)) },
      { ...Q1, rankBy: 'eui' },
    );
    // Beta: 200 therms = 20,000 kBtu over 100 ft² in a quarter: 800 kBtu/ft²/yr, ahead of Alpha's 7.
    expect(withArea.map((row) => [row.site_name, row.eui])).toEqual([
      ['Beta', 800],
      ['Alpha', 7],
    ]);
  });
});
