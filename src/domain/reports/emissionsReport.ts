// The emissions report (spec 001 §3: "emissions per scope 1 to 3 plus total for CO2e, CO2, CH4, N2O, SO2, NOX in
// metric tons"): one row per bill and service that emits, with its scope and a column per gas and scope, and the
// figures the emissions view sums by month, year and site.
import type { BillServiceSummary } from '../billFigures';
import { GASES, GAS_LABELS, SCOPE_LABELS, addEmissions, emissionScope, serviceEmissions } from '../emissions';
import type { EmissionScope, Emissions } from '../emissions';
import { toKbtu } from '../energy';
import { serviceLabel } from '../serviceTypes';
import type { ReportData, ReportLocation } from './data';
import type { ReportFilter } from './filter';
import { indexData, selectBills } from './select';
import type { SelectedBill } from './select';
import { BILL_MONTH_COLUMN, SERVICE_COLUMN } from './types';
import type { ReportColumn, ReportRow } from './types';

/** The emissions of one service on one kept bill. */
export interface ServiceEmission {
  entry: SelectedBill;
  summary: BillServiceSummary;
  serviceType: string;
  scope: EmissionScope;
  kbtu: number | null;
  emissions: Emissions;
}

/** Emissions of every kept bill and service that has emission factors, in the selection's order. */
export function billEmissions(data: ReportData, filter: ReportFilter): ServiceEmission[] {
  const out: ServiceEmission[] = [];
  for (const entry of selectBills(data, filter, indexData(data))) {
    const state = entry.location?.state ?? null;
    for (const { summary } of entry.services) {
      const emissions = serviceEmissions(summary.serviceType, summary.usage, summary.unit, state);
      if (!emissions) continue;
      out.push({
        entry,
        summary,
        serviceType: summary.serviceType,
        scope: emissionScope(summary.serviceType),
        kbtu: toKbtu(summary.serviceType, summary.usage, summary.unit),
        emissions,
      });
    }
  }
  return out;
}

const SCOPES: readonly EmissionScope[] = [1, 2, 3];

/** The per-gas, per-scope columns: `co2e_scope_1` ... `nox_total`. */
export const GAS_COLUMNS: readonly ReportColumn[] = GASES.flatMap((gas) => [
  ...SCOPES.map((scope): ReportColumn => ({
    key: `${gas}_scope_${scope}`,
    title: `${GAS_LABELS[gas]} ${SCOPE_LABELS[scope]} (Metric Tons)`,
    type: 'number',
  })),
  { key: `${gas}_total`, title: `${GAS_LABELS[gas]} Total (Metric Tons)`, type: 'number' },
]);

/** Columns of the emissions report. */
export const EMISSIONS_COLUMNS: readonly ReportColumn[] = [
  BILL_MONTH_COLUMN,
  { key: 'site_number', title: 'Site Number', type: 'text' },
  { key: 'site_name', title: 'Site Name', type: 'text' },
  { key: 'state', title: 'State', type: 'text' },
  { key: 'account_number', title: 'Account Number', type: 'text' },
  SERVICE_COLUMN,
  { key: 'scope', title: 'Scope', type: 'text' },
  { key: 'usage_total', title: 'Usage Total', type: 'number' },
  { key: 'unit', title: 'Unit', type: 'text' },
  { key: 'usage_kbtu', title: 'Usage (kBtu)', type: 'number' },
  ...GAS_COLUMNS,
];

/** The gas columns of one figure in one scope (the other scopes' columns are 0). */
export function gasCells(emissions: Emissions, scope: EmissionScope): ReportRow {
  const cells: ReportRow = {};
  for (const gas of GASES) {
    for (const each of SCOPES) cells[`${gas}_scope_${each}`] = each === scope ? emissions[gas] : 0;
    cells[`${gas}_total`] = emissions[gas];
  }
  return cells;
}

/** The emissions report rows. */
export function emissionsReport(data: ReportData, filter: ReportFilter): ReportRow[] {
  return billEmissions(data, filter).map(({ entry, summary, serviceType, scope, kbtu, emissions }) => {
    return {
      bill_month: entry.month,
      site_number: entry.location?.siteNumber ?? null,
      site_name: entry.location?.name ?? null,
      state: entry.location?.state ?? null,
      account_number: entry.account?.accountNumber ?? null,
      service: serviceLabel(serviceType),
      scope: SCOPE_LABELS[scope],
      usage_total: summary.usage,
      unit: summary.unit,
      usage_kbtu: kbtu,
      ...gasCells(emissions, scope),
    };
  });
}

/** Emissions split by scope. */
export type ScopeEmissions = Record<EmissionScope, Emissions>;

const emptyScopes = (): ScopeEmissions => ({
  1: { co2e: 0, co2: 0, ch4: 0, n2o: 0, so2: 0, nox: 0 },
  2: { co2e: 0, co2: 0, ch4: 0, n2o: 0, so2: 0, nox: 0 },
  3: { co2e: 0, co2: 0, ch4: 0, n2o: 0, so2: 0, nox: 0 },
});

/** One period (a month `YYYY-MM` or a year `YYYY`) of the emissions view. */
export interface EmissionsPeriod {
  period: string;
  byScope: ScopeEmissions;
}

/** One site of the emissions view: its totals, and its intensity per square foot (kg CO2e/ft²). */
export interface SiteEmissions {
  location: ReportLocation;
  byScope: ScopeEmissions;
  co2e: number;
  kgCo2ePerSqft: number | null;
}

/** The emissions view's figures: by month, by year, by site (top emitters first) and in total. */
export interface EmissionsSummary {
  months: EmissionsPeriod[];
  years: EmissionsPeriod[];
  sites: SiteEmissions[];
  total: ScopeEmissions;
  sqft: number;
}

function addTo(periods: Map<string, EmissionsPeriod>, period: string, scope: EmissionScope, e: Emissions) {
  let entry = periods.get(period);
  if (!entry) {
    entry = { period, byScope: emptyScopes() };
    periods.set(period, entry);
  }
  addEmissions(entry.byScope[scope], e);
}

/** Sums bill emissions for the emissions view (company or one site, by the filter). */
export function emissionsSummary(data: ReportData, filter: ReportFilter): EmissionsSummary {
  const months = new Map<string, EmissionsPeriod>();
  const years = new Map<string, EmissionsPeriod>();
  const sites = new Map<string, SiteEmissions>();
  const total = emptyScopes();
  for (const { entry, scope, emissions } of billEmissions(data, filter)) {
    addTo(months, entry.month, scope, emissions);
    addTo(years, entry.month.slice(0, 4), scope, emissions);
    addEmissions(total[scope], emissions);
    const location = entry.location;
    if (!location) continue;
    let site = sites.get(location.id);
    if (!site) {
      site = { location, byScope: emptyScopes(), co2e: 0, kgCo2ePerSqft: null };
      sites.set(location.id, site);
    }
    addEmissions(site.byScope[scope], emissions);
    site.co2e += emissions.co2e;
  }
  let sqft = 0;
  for (const site of sites.values()) {
    const area = site.location.sqft;
    if (area !== null && area > 0) {
      site.kgCo2ePerSqft = (site.co2e * 1000) / area;
      sqft += area;
    }
  }
  const byPeriod = (a: EmissionsPeriod, b: EmissionsPeriod) => (a.period < b.period ? -1 : 1);
  return {
    months: [...months.values()].sort(byPeriod),
    years: [...years.values()].sort(byPeriod),
    sites: [...sites.values()].sort((a, b) => b.co2e - a.co2e || (a.location.id < b.location.id ? -1 : 1)),
    total,
    sqft,
  };
}
