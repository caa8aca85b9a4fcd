import { useEffect, useId, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { Factory, Flame, Leaf, Ruler, Zap } from 'lucide-react';
import type { Remote } from 'comlink';
import type { EmissionsSummary, ReportsApi } from '../../../workers/reports/api';
import { useCompanyRecord } from '../../platform/company/useCompanyRecord';
import { useCurrentCompanyId } from '../../platform/company/useCurrentCompanyId';
import type { CompanyRow } from '../../db/rows';
import { localToday } from '../../domain/contracts';
import { monthLabel } from '../../domain/dates';
import { GASES, GAS_LABELS, SCOPE_DESCRIPTIONS, SCOPE_LABELS } from '../../domain/emissions';
import type { EmissionScope, Emissions } from '../../domain/emissions';
import { ELECTRICITY_SOURCE, FUEL_FACTOR_SOURCE, GWP } from '../../domain/emissionFactors';
import { formatAmount } from '../../domain/format';
import { defaultFilter, parseReportFilter } from '../../domain/reports/filter';
import type { ReportFilter } from '../../domain/reports/filter';
import { Chart } from '../../ui/chart/Chart';
import { EmptyState } from '../../ui/EmptyState';
import { InfoTip } from '../../ui/fields/InfoTip';
import { FilterSelectField } from '../../ui/fields/FilterSelects';
import { TextField } from '../../ui/fields/TextField';
import { KpiCard } from '../../ui/KpiCard';
import { Page } from '../../ui/Page';
import { Panel } from '../../ui/Panel';
import { ReportsNav } from './ReportsNav';
import { useCompanySync, useFilterChoices, useReportsWorker } from './useReports';
import '../../ui/table.css';
import './reports.css';

const SCOPES: readonly EmissionScope[] = [1, 2, 3];
const ALL_SITES = '';
const tons = (value: number) => formatAmount(value);
const sumScopes = (byScope: Record<EmissionScope, Emissions>, gas: keyof Emissions) =>
  byScope[1][gas] + byScope[2][gas] + byScope[3][gas];

/** A column's heading of a table of the page; a column of figures is right-aligned. */
type TableColumn = { label: string; isFigure?: boolean };

/** A titled panel holding one table: the page's tables of years and of top emitters. */
function TablePanel({
  titleId,
  title,
  columns,
  children,
}: {
  titleId: string;
  title: string;
  columns: readonly TableColumn[];
  children: ReactNode;
}) {
  return (
    <Panel titleId={titleId} title={title}>
      <div className="data-table-scroll">
        <table className="data-table">
          <thead>
            <tr>
              {columns.map(({ label, isFigure = false }) => (
                <th key={label} scope="col" className={isFigure ? 'is-num' : undefined}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
    </Panel>
  );
}

const YEAR_COLUMNS: readonly TableColumn[] = [
  { label: 'Year' },
  { label: 'Scope' },
  ...GASES.map((gas) => ({ label: GAS_LABELS[gas], isFigure: true })),
];

const TOP_EMITTER_COLUMNS: readonly TableColumn[] = [
  { label: 'Site' },
  { label: 'State' },
  ...SCOPES.map((scope) => ({ label: SCOPE_LABELS[scope], isFigure: true })),
  { label: 'Total CO2e (t)', isFigure: true },
  { label: 'kg CO2e/ft²', isFigure: true },
];

/** The emissions view's figures from the report worker; undefined while they come. */
function useEmissions(
  remote: Remote<ReportsApi> | null,
  companyId: number,
  filter: ReportFilter | null,
  stamp: string | undefined,
): EmissionsSummary | undefined {
  const [found, setFound] = useState<{ key: string; value: EmissionsSummary } | null>(null);
  const key = JSON.stringify([filter, stamp]);
  useEffect(() => {
    if (!remote || !filter || stamp === undefined) return undefined;
    let isCurrent = true;
    void remote.emissions({ companyId, filter, today: localToday() }).then((value) => {
      if (isCurrent) setFound({ key, value });
    });
    return () => {
      isCurrent = false;
    };
  }, [remote, companyId, filter, stamp, key]);
  return found?.key === key ? found.value : undefined;
}

/** A scope's name, with what it covers in a tooltip when the company has scope tooltips. */
function ScopeName({ scope, hasTooltip }: { scope: EmissionScope; hasTooltip: boolean }) {
  const id = useId();
  return (
    <span className="reports-scope">
      {SCOPE_LABELS[scope]}
      {hasTooltip && (
        <InfoTip id={id} label={`What ${SCOPE_LABELS[scope]} covers`} text={SCOPE_DESCRIPTIONS[scope]} />
      )}
    </span>
  );
}

function EmissionsBody({ companyId, company }: { companyId: number; company: CompanyRow }) {
  const remote = useReportsWorker();
  const sync = useCompanySync(companyId);
  const choices = useFilterChoices(remote, companyId, sync?.stamp);
  const [range, setRange] = useState<ReportFilter | null>(null);
  const [site, setSite] = useState(ALL_SITES);
  const initial = useMemo(
    () => (choices ? defaultFilter(choices.options.lastMonth ?? localToday().slice(0, 7)) : null),
    [choices],
  );
  const shown = range ?? initial;
  const filter = useMemo(() => {
    if (!shown) return null;
    const parsed = parseReportFilter(site === ALL_SITES ? shown : { ...shown, locationIds: [site] });
    return parsed.ok ? parsed.filter : null;
  }, [shown, site]);
  const summary = useEmissions(remote, companyId, filter, sync?.stamp);
  const hasTooltip = company.susScopeTooltipAccess;

  if (sync && !sync.isSynced)
    return (
      <EmptyState title="This company is not on this device yet">
        Emissions are computed from the bills kept on this device, once the company is synced.
      </EmptyState>
    );

  const total = summary ? sumScopes(summary.total, 'co2e') : 0;
  const intensity = summary && summary.sqft > 0 ? (total * 1000) / summary.sqft : null;
  const scopeIcons = { 1: Flame, 2: Zap, 3: Factory } as const;
  return (
    <>
      <Panel titleId="emissions-filter-title" title="Company or site">
        {shown && choices && (
          <div className="reports-filters__range">
            <FilterSelectField
              label="Location"
              all="All locations"
              choices={choices.options.locations}
              value={site}
              onChange={setSite}
            />
            <TextField
              label="From month"
              type="month"
              required
              value={shown.fromMonth}
              onChange={(fromMonth) => setRange({ ...shown, fromMonth })}
            />
            <TextField
              label="To month"
              type="month"
              required
              value={shown.toMonth}
              onChange={(toMonth) => setRange({ ...shown, toMonth })}
            />
          </div>
        )}
      </Panel>
      {!summary ? (
        <p className="muted" role="status">
          Computing emissions on this device…
        </p>
      ) : (
        <>
          <div className="kpi-grid">
            {SCOPES.map((scope) => (
              <KpiCard
                key={scope}
                icon={scopeIcons[scope]}
                title={`${SCOPE_LABELS[scope]} (Metric Tons CO2e)`}
                value={tons(summary.total[scope].co2e)}
              >
                {SCOPE_DESCRIPTIONS[scope]}
              </KpiCard>
            ))}
            <KpiCard icon={Leaf} title="Total (Metric Tons CO2e)" value={tons(total)} isAccent />
            <KpiCard
              icon={Ruler}
              title="Intensity (kg CO2e/ft²)"
              value={intensity === null ? 'N/A' : formatAmount(intensity)}
            >
              Over {summary.sqft.toLocaleString('en-US')} ft² of sites with emissions
            </KpiCard>
          </div>
          <Chart
            title="Emissions by month and scope (Metric Tons CO2e)"
            type="bar"
            isStacked
            isLoading={false}
            labels={summary.months.map((month) => monthLabel(month.period))}
            datasets={SCOPES.map((scope) => ({
              label: SCOPE_LABELS[scope],
              data: summary.months.map((month) => month.byScope[scope].co2e),
            }))}
            valueKind="number"
            unit="t CO2e"
          />
          <TablePanel
            titleId="emissions-years-title"
            title="By year and gas (Metric Tons)"
            columns={YEAR_COLUMNS}
          >
            {summary.years.flatMap((year) =>
              SCOPES.map((scope) => (
                <tr key={`${year.period}-${scope}`}>
                  <td>{year.period}</td>
                  <td>
                    <ScopeName scope={scope} hasTooltip={hasTooltip} />
                  </td>
                  {GASES.map((gas) => (
                    <td key={gas} className="is-num">
                      {year.byScope[scope][gas].toLocaleString('en-US', { maximumFractionDigits: 4 })}
                    </td>
                  ))}
                </tr>
              )),
            )}
          </TablePanel>
          <TablePanel titleId="emissions-top-title" title="Top emitters" columns={TOP_EMITTER_COLUMNS}>
            {summary.sites.slice(0, 10).map((entry) => (
              <tr key={entry.location.id}>
                <td>{entry.location.name}</td>
                <td>{entry.location.state}</td>
                {SCOPES.map((scope) => (
                  <td key={scope} className="is-num">
                    {tons(entry.byScope[scope].co2e)}
                  </td>
                ))}
                <td className="is-num">{tons(entry.co2e)}</td>
                <td className="is-num">
                  {entry.kgCo2ePerSqft === null ? 'N/A' : formatAmount(entry.kgCo2ePerSqft)}
                </td>
              </tr>
            ))}
          </TablePanel>
          <p className="muted reports-sources">
            Location-based. Fuels: {FUEL_FACTOR_SOURCE.title} ({FUEL_FACTOR_SOURCE.year}). Electricity:{' '}
            {ELECTRICITY_SOURCE.note} CO2e with {GWP.set} global warming potentials (CH4 {GWP.ch4}, N2O{' '}
            {GWP.n2o}). Services without emission factors (water, sewer, trash, telecom) count zero.
          </p>
        </>
      )}
    </>
  );
}

/**
 * Emissions (`/reports/emissions`, a page of ours under Reports, spec 000 §1 scopes): scope 1, 2 and 3 emissions of
 * the company or one site by month and year, intensity per square foot and the top emitters, computed on the device
 * from the bills. Shown when the company has sustainability access.
 */
export function EmissionsPage() {
  const companyId = useCurrentCompanyId();
  const company = useCompanyRecord(companyId);
  const record = typeof company === 'object' && company !== null ? company : null;
  return (
    <Page
      titleId="emissions-title"
      title="Emissions"
      subtitle={<p className="muted">{record?.name ?? ' '}</p>}
    >
      <ReportsNav hasEmissions={record?.sustainabilityAccess === true} />
      {record && companyId !== null && !record.sustainabilityAccess && (
        <p className="notice notice--warning" role="status">
          Greenhouse-gas emissions are shown to companies with sustainability access.
        </p>
      )}
      {record && companyId !== null && record.sustainabilityAccess && (
        <EmissionsBody key={companyId} companyId={companyId} company={record} />
      )}
    </Page>
  );
}

/** react-router `lazy` convention. */
export const Component = EmissionsPage;
