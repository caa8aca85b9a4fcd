import { describe, expect, it } from 'vitest';
import { budgetVsActual } from '../../../src/domain/reports/budgetVsActual';
import { contractExpiry } from '../../../src/domain/reports/contractExpiry';
import { TONS_PER_LB } from '../../../src/domain/emissions';
import { emissionsReport, emissionsSummary } from '../../../src/domain/reports/emissionsReport';
import {
  missingHeatGrid,
  missingInvoices,
  missingInvoicesReport,
  monthsBetween,
} from '../../../src/domain/reports/missingInvoices';
import { attributeValueChoices, reportFilterOptions } from '../../../src/domain/reports/options';
import { columnsOf, entitiesOf, isReportTypeOpen, runReport } from '../../../src/domain/reports/run';
import {
  REPORT_TYPE_IDS,
  generatingText,
  isReportTypeId,
  reportLabel,
} from '../../../src/domain/reports/types';
import type { ReportRow } from '../../../src/domain/reports/types';
import { DATA, Q1 } from './fixture';

describe('missingInvoices', () => {
  it('finds gaps between bills and months marked missing, per site, account and service', () => {
    expect(missingInvoicesReport(DATA, Q1)).toEqual([
      {
        site_number: 'S-1',
        site_name: 'Alpha',
        state: 'TX',
        account_number: '100',
        vendor: 'Power Co',
        service: 'Electricity',
        bill_month: '2025-02',
        reason: 'No bill received',
      },
      {
        site_number: 'S-2',
        site_name: 'Beta',
        state: 'CA',
        account_number: '200',
        vendor: 'Gas Co',
        service: 'Natural Gas',
        bill_month: '2025-02',
        reason: 'Marked as missing',
      },
    ]);
  });

  it('expects no bill before the first or after the last of a service', () => {
    const all = missingInvoices(DATA, { fromMonth: '2023-01', toMonth: '2025-12' });
    const gas = all.filter((invoice) => invoice.accountId === 'A2').map((invoice) => invoice.billMonth);
    expect(gas).toEqual([...monthsBetween('2024-02', '2024-12'), '2025-02']);
    expect(all.filter((invoice) => invoice.accountId === 'A1')).toHaveLength(1);
    expect(missingInvoices(DATA, { ...Q1, serviceTypes: ['natural_gas'] })).toHaveLength(1);
  });

  it('counts them per site and month for the heat grid, sites with the most first', () => {
    const months = monthsBetween('2024-12', '2025-03');
    const locations = new Map(DATA.locations.map((location) => [location.id, location]));
    const grid = missingHeatGrid(
      missingInvoices(DATA, { fromMonth: '2024-01', toMonth: '2025-03' }),
      months,
      locations,
    );
    expect(grid.map((row) => [row.siteName, row.counts, row.total])).toEqual([
      ['Beta', [1, 0, 1, 0], 2],
      ['Alpha', [0, 0, 1, 0], 1],
    ]);
  });
});

describe('emissions report', () => {
  // 1 MWh in Texas at eGRID2023's TX rates, in metric tons of CO2e (AR5: CH4 28, N2O 265).
  const TX_MWH_CO2E = (768.317 + 0.044 * 28 + 0.006 * 265) * TONS_PER_LB;

  it('gives each bill and service its scope and gases in metric tons (100 therms of gas: 0.5306 t CO2)', () => {
    const rows = emissionsReport(DATA, Q1);
    expect(rows.map((row) => [row.site_number, row.service, row.scope, row.bill_month])).toEqual([
      ['S-1', 'Electricity', 'Scope 2', '2025-01'],
      ['S-1', 'Natural Gas', 'Scope 1', '2025-01'],
      ['S-2', 'Natural Gas', 'Scope 1', '2025-01'],
      ['S-1', 'Electricity', 'Scope 2', '2025-03'],
    ]);
    const gas: ReportRow = rows[1] ?? {};
    expect(gas.usage_kbtu).toBe(10_000);
    expect(gas.co2_total).toBeCloseTo(0.5306, 10);
    expect(gas.ch4_total).toBeCloseTo(0.00001, 12);
    expect(gas.n2o_total).toBeCloseTo(0.000001, 12);
    expect(gas.co2e_scope_1).toBeCloseTo(0.531145, 10);
    expect(gas.co2e_scope_2).toBe(0);
    expect(gas.co2e_total).toBe(gas.co2e_scope_1);
    expect(gas.so2_total).toBe(0);
    // 1,000 kWh at a Texas site: location-based scope 2, with SO2 and NOx from the grid's rates.
    const electric: ReportRow = rows[0] ?? {};
    expect(electric.co2_total).toBeCloseTo(768.317 * TONS_PER_LB, 12);
    expect(electric.co2e_scope_2).toBeCloseTo(TX_MWH_CO2E, 12);
    expect(electric.co2e_scope_1).toBe(0);
    expect(electric.co2e_total).toBe(electric.co2e_scope_2);
    expect(electric.so2_total).toBeCloseTo(0.389 * TONS_PER_LB, 12);
    expect(electric.nox_total).toBeCloseTo(0.476 * TONS_PER_LB, 12);
  });

  it('sums the view by month, year and site, top emitters first, with intensity per square foot', () => {
    const summary = emissionsSummary(DATA, { fromMonth: '2024-01', toMonth: '2025-03' });
    expect(summary.months.map((month) => month.period)).toEqual(['2024-01', '2025-01', '2025-03']);
    expect(summary.years.map((year) => year.period)).toEqual(['2024', '2025']);
    expect(summary.years[1]?.byScope[1].co2e).toBeCloseTo(0.531145 * 3, 10);
    expect(summary.total[1].co2e).toBeCloseTo(0.531145 * 4.6, 10);
    // 1,000 and 1,200 kWh in Texas.
    expect(summary.total[2].co2e).toBeCloseTo(TX_MWH_CO2E * 2.2, 10);
    expect(summary.total[3].co2e).toBe(0);
    // Alpha: 100 therms and 2.2 MWh over 10,000 ft².
    expect(summary.sites.map((site) => [site.location.name, site.kgCo2ePerSqft])).toEqual([
      ['Beta', null],
      ['Alpha', expect.closeTo(((0.531145 + TX_MWH_CO2E * 2.2) * 1000) / 10_000, 10)],
    ]);
    expect(summary.sqft).toBe(10_000);
  });
});

describe('budgetVsActual', () => {
  it('sets each budget month beside the actuals of its site or of the whole company', () => {
    expect(budgetVsActual(DATA, Q1)).toEqual([
      {
        site_number: 'S-1',
        site_name: 'Alpha',
        service: 'Natural Gas',
        bill_month: '2025-01',
        budget_spend: 50,
        actual_spend: 40,
        spend_variance: -10,
        spend_variance_pct: -20,
        budget_usage: 120,
        actual_usage: 100,
        usage_variance_pct: -16.67,
        unit: 'Therms',
      },
      expect.objectContaining({
        site_name: 'All Sites',
        actual_spend: 120,
        spend_variance: 20,
        actual_usage: 1200,
      }),
    ]);
  });

  it('drops company-wide budgets when sites are filtered', () => {
    expect(budgetVsActual(DATA, { ...Q1, states: ['TX'] }).map((row) => row.site_name)).toEqual(['Alpha']);
    expect(budgetVsActual(DATA, { ...Q1, serviceTypes: ['water'] })).toEqual([]);
  });
});

describe('contractExpiry', () => {
  it('lists contracts running in the months with days left and their status', () => {
    expect(contractExpiry(DATA, Q1, { today: '2025-03-10' })).toEqual([
      {
        vendor: 'Power Co',
        service: 'Electricity',
        start_date: '2024-01-01',
        end_date: '2025-06-30',
        term_months: 18,
        days_till_expire: 112,
        status: '< 180 Days Remaining',
        contract_rate: 0.085,
        annual_usage: 12_000,
        sites: 1,
        site_names: 'Alpha',
        consultant: 'Casey',
      },
    ]);
    const all = contractExpiry(DATA, { fromMonth: '2022-01', toMonth: '2025-12' }, { today: '2025-03-10' });
    expect(all.map((row) => row.status)).toEqual(['Expired', '< 180 Days Remaining']);
    expect(contractExpiry(DATA, { ...Q1, states: ['CA'] }, { today: '2025-03-10' })).toEqual([]);
  });
});

describe('runReport', () => {
  it('answers every report type with its title and columns, each row keyed by those columns', () => {
    for (const reportType of REPORT_TYPE_IDS) {
      const result = runReport(reportType, { fromMonth: '2024-01', toMonth: '2025-03' }, DATA, {
        today: '2025-03-10',
      });
      expect(result.title).toBe(`${reportLabel(reportType)} Report`);
      expect(result.columns).toEqual(columnsOf(reportType));
      expect(result.rows.length, reportType).toBeGreaterThan(0);
      const keys = result.columns.map((column) => column.key).sort();
      for (const row of result.rows) expect(Object.keys(row).sort(), reportType).toEqual(keys);
      expect(entitiesOf(reportType).length).toBeGreaterThan(0);
    }
  });

  it('opens emissions only with sustainability access, and names a run as the spec says', () => {
    expect(isReportTypeOpen('emissions', { sustainabilityAccess: false })).toBe(false);
    expect(isReportTypeOpen('emissions', { sustainabilityAccess: true })).toBe(true);
    expect(isReportTypeOpen('billDetail', { sustainabilityAccess: false })).toBe(true);
    expect(generatingText('billDetail')).toBe('Generating Bill Detail Report!');
    expect(isReportTypeId('topSites')).toBe(true);
    expect(isReportTypeId('nope')).toBe(false);
  });
});

describe('reportFilterOptions', () => {
  it('lists the choices the data has', () => {
    const options = reportFilterOptions(DATA);
    expect(options.states).toEqual(['CA', 'TX']);
    expect(options.serviceTypes).toEqual(['electric', 'natural_gas']);
    expect(options.vendors).toEqual([
      { value: 'V2', label: 'Gas Co' },
      { value: 'V1', label: 'Power Co' },
    ]);
    expect(options.locations).toEqual([
      { value: 'L1', label: 'S-1 — Alpha' },
      { value: 'L2', label: 'S-2 — Beta' },
    ]);
    expect(options.locationTypes).toEqual(['Office', 'Store']);
    expect(options.meters).toEqual([{ value: 'M1', label: 'G-9 (200)', accountId: 'A2' }]);
    expect(options.customAttributeValues).toEqual({ Region: ['North', 'South'] });
    expect([options.firstMonth, options.lastMonth]).toEqual(['2024-01', '2025-03']);
    expect(attributeValueChoices(DATA, 'Unknown')).toEqual([]);
  });
});
