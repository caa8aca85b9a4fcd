// The account page's Weather panel (docs/architecture.md §14 Weather), for companies with weatherNormalizationAccess:
// the station serving the site, the normal year, and per service the CalTRACK billing model's fit, its normal-year
// use by component and the avoided use of the bills after the baseline year; degree days beside usage by bill month.
import { useMemo, useState } from 'react';
import type { AuditBill } from '../../domain/billAudits';
import { formatAmount, formatDay, formatWhole } from '../../domain/format';
import { formatCurrency } from '../../domain/money';
import { monthLabel } from '../../domain/dates';
import { addDays } from '../../domain/weather/degreeDays';
import { serviceLabel } from '../../domain/serviceTypes';
import type { ServiceWeather } from '../../domain/weather/accountWeather';
import {
  BASELINE_DAYS,
  type BillingModelType,
  MINIMUM_BASELINE_DAILY_COVERAGE,
} from '../../domain/weather/billingModel';
import type { SiteStation, TemperatureCoverage } from '../../domain/weather/stations';
import { Chart } from '../../ui/chart/Chart';
import { FactList } from '../../ui/Facts';
import type { Fact } from '../../ui/Facts';
import { Panel } from '../../ui/Panel';
import { SelectField } from '../../ui/fields/SelectField';
import { useAccountWeather } from './useAccountWeather';

const MODEL_NAMES: Readonly<Record<BillingModelType, string>> = {
  intercept_only: 'Base load only (no weather dependence found)',
  hdd_only: 'Base + heating',
  cdd_only: 'Base + cooling',
  cdd_hdd: 'Base + heating + cooling',
};

const percent = (fraction: number, digits = 1) => `${(fraction * 100).toFixed(digits)} %`;

function stationFacts(
  site: SiteStation,
  coverage: TemperatureCoverage,
  billDaysCompleteness: number | null,
  noaaSource: string | null,
): Fact[] {
  const { station } = site;
  const span =
    coverage.firstDate && coverage.lastDate
      ? `${formatDay(coverage.firstDate) ?? ''} – ${formatDay(coverage.lastDate) ?? ''}`
      : 'None';
  return [
    { label: 'Station', value: station.name, sub: `${station.icao} · GHCN-Daily ${station.ghcnId}` },
    { label: 'Distance', value: `${formatWhole(site.distanceMiles)} mi`, sub: `from ${site.referenceCity}` },
    {
      label: 'Daily temperatures',
      value: span,
      sub: `${formatWhole(coverage.daysWithData)} days; the bills' days ${billDaysCompleteness === null ? 'N/A' : percent(billDaysCompleteness)} covered`,
    },
    {
      label: 'Source',
      value: noaaSource ?? 'Bundled year (FiveThirtyEight, NOAA airport observations)',
      sub: noaaSource ? 'and the bundled year' : 'NOAA data arrives from the server when it has it',
    },
  ];
}

function modelFacts(service: ServiceWeather, unit: string): Fact[] {
  const { model, normalized, avoided, sufficiency } = service;
  if (model === null)
    return [
      {
        label: 'Model',
        value: 'Not fitted',
        sub: `The baseline's bills with temperatures cover ${formatWhole(sufficiency.daysCovered)} of ${BASELINE_DAYS} days; CalTRACK needs ${percent(MINIMUM_BASELINE_DAILY_COVERAGE, 0)}.${sufficiency.periodsMissingTemperatures > 0 ? ` ${sufficiency.periodsMissingTemperatures} of its bills lack temperatures on 10 % or more of their days.` : ''}`,
      },
    ];
  const balancePoints = [
    model.heatingBalancePointF === null ? null : `heating ${model.heatingBalancePointF} °F`,
    model.coolingBalancePointF === null ? null : `cooling ${model.coolingBalancePointF} °F`,
  ].filter(Boolean);
  const facts: Fact[] = [
    { label: 'Model', value: MODEL_NAMES[model.type], sub: `fitted on ${model.n} bills` },
    { label: 'Balance points', value: balancePoints.length ? balancePoints.join(' · ') : 'None' },
    {
      label: 'Fit',
      value: `Adj. R² ${model.adjustedRSquared.toFixed(3)}`,
      sub: `CV(RMSE) ${model.cvRmse === null ? 'N/A' : percent(model.cvRmse)}`,
    },
  ];
  if (normalized !== null)
    facts.push({
      label: 'Normal-year use',
      value: `${formatWhole(normalized.total)} ${unit}`,
      isStrong: true,
      sub: `base ${formatWhole(normalized.base)} · heating ${formatWhole(normalized.heating)} · cooling ${formatWhole(normalized.cooling)}`,
    });
  facts.push(
    avoided === null
      ? { label: 'Avoided use', value: 'No later bills with temperatures to compare' }
      : {
          label: 'Avoided use',
          value: `${formatWhole(avoided.avoided)} ${unit} (${avoided.savingsFraction === null ? 'N/A' : percent(avoided.savingsFraction)})`,
          isStrong: true,
          sub: `${avoided.avoidedCost === null ? '' : `${formatCurrency(avoided.avoidedCost)} · `}${avoided.periods} bills ${formatDay(avoided.firstStart) ?? ''} – ${formatDay(avoided.lastEnd) ?? ''}; predicted ${formatWhole(avoided.predicted)}, actual ${formatWhole(avoided.actual)}`,
        },
  );
  return facts;
}

/** Usage and degree days (65 °F) of a service by bill month, side by side. */
function DegreeDayCharts({ service }: { service: ServiceWeather }) {
  const unit = service.unit ?? '';
  const labels = service.periods.map((p) => monthLabel(p.billMonth));
  const withTemperatures = (value: number, completeness: number) => (completeness > 0 ? value : null);
  return (
    <div className="card-row">
      <Chart
        title={`${serviceLabel(service.serviceType)} usage by bill month`}
        type="bar"
        labels={labels}
        datasets={[
          {
            label: serviceLabel(service.serviceType),
            data: service.periods.map((p) => p.usage),
            serviceType: service.serviceType,
          },
        ]}
        valueKind="number"
        unit={unit}
        isLoading={false}
        headingLevel={3}
        height={220}
        emptyText="No bills"
      />
      <Chart
        title="Degree days by bill period (65 °F)"
        type="line"
        labels={labels}
        datasets={[
          {
            label: 'HDD',
            data: service.periods.map((p) => withTemperatures(p.heatingDegreeDays, p.completeness)),
          },
          {
            label: 'CDD',
            data: service.periods.map((p) => withTemperatures(p.coolingDegreeDays, p.completeness)),
          },
        ]}
        valueKind="number"
        unit="°F·days"
        isLoading={false}
        headingLevel={3}
        height={220}
        emptyText="No temperatures for these bill periods"
      />
    </div>
  );
}

/** The Weather panel of an account page. */
export function AccountWeatherPanel({
  companyId,
  state,
  bills,
}: {
  companyId: number;
  state: string | null;
  bills: readonly AuditBill[];
}) {
  const [baselineEnd, setBaselineEnd] = useState<string | null>(null);
  const weather = useAccountWeather({ isEnabled: true, companyId, state, bills, baselineEnd });
  const report = weather.result?.report ?? null;
  const shownEnd = report?.baselineEnd ?? null;
  const withPeriods = useMemo(() => report?.services.filter((s) => s.periods.length > 0) ?? [], [report]);
  const yearSelect =
    report && report.baselineEnds.length > 0 ? (
      <SelectField label="Baseline: 365 days to" value={shownEnd ?? ''} onChange={setBaselineEnd}>
        {report.baselineEnds.map((end) => (
          <option key={end} value={end}>
            {formatDay(addDays(end, -1))}
          </option>
        ))}
      </SelectField>
    ) : undefined;

  return (
    <Panel titleId="account-weather-title" title="Weather" aside={yearSelect}>
      {weather.site === null ? (
        <p className="muted">No weather station serves this site’s state.</p>
      ) : weather.result === null ? (
        <p className="muted" role="status">
          {weather.error ?? 'Fitting the weather model on this device…'}
        </p>
      ) : (
        <>
          <FactList
            facts={stationFacts(
              weather.site,
              weather.result.coverage,
              weather.result.billDaysCompleteness,
              weather.noaaSource,
            )}
          />
          <p className="muted">
            {report?.normalYear
              ? `Normal year: the mean of each calendar day over the ${report.normalYear.minimumYears === report.normalYear.maximumYears ? report.normalYear.minimumYears : `${report.normalYear.minimumYears}–${report.normalYear.maximumYears}`} year(s) of temperatures available (${formatDay(report.normalYear.firstDate) ?? ''} – ${formatDay(report.normalYear.lastDate) ?? ''}), not NOAA's 30-year normals: ${formatWhole(report.normalYear.heatingDegreeDays)} HDD and ${formatWhole(report.normalYear.coolingDegreeDays)} CDD at 65 °F.`
              : 'No normal year: the temperatures do not cover every calendar day.'}{' '}
            Model: CalTRACK monthly billing model (usage per day = base + heating slope × HDD + cooling slope
            × CDD), computed on this device.
          </p>
          {withPeriods.length === 0 ? (
            <p className="muted">No electricity or natural gas bills with read dates.</p>
          ) : (
            withPeriods.map((service) => (
              <section
                key={service.serviceType}
                aria-label={`${serviceLabel(service.serviceType)} weather model`}
              >
                <h3 className="panel__title">{serviceLabel(service.serviceType)}</h3>
                <FactList facts={modelFacts(service, service.unit ?? '')} />
                <DegreeDayCharts service={service} />
              </section>
            ))
          )}
          <p className="muted">
            {formatAmount(
              withPeriods.reduce((sum, s) => sum + s.periods.filter((p) => p.completeness >= 0.9).length, 0),
            )}{' '}
            of {formatAmount(withPeriods.reduce((sum, s) => sum + s.periods.length, 0))} bill periods have
            temperatures on at least 90 % of their days.
          </p>
        </>
      )}
    </Panel>
  );
}
