import { Building2, CalendarDays, Gauge, Star } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useAreaPaths } from '../../platform/company/useAreaPath';
import { useCurrentCompanyId } from '../../platform/company/useCurrentCompanyId';
import { useOnline } from '../../platform/useOnline';
import type { LocationRow } from '../../db/rows';
import { monthLabel } from '../../domain/dates';
import { ES_UNITS } from '../../domain/energyStar';
import type { RankedSite } from '../../domain/energyStarPortfolio';
import { KpiCard } from '../../ui/KpiCard';
import { Page } from '../../ui/Page';
import { Panel } from '../../ui/Panel';
import { NotAvailable, PagedTable } from '../../ui/PagedTable';
import type { TableColumn } from '../../ui/PagedTable';
import { EnergyStarToggle } from '../../ui/EnergyStarToggle';
import { EsChange } from '../../ui/energyStar/EsChange';
import { esValue } from '../../ui/energyStar/esFormat';
import { useCompanyEnergyStar } from '../../platform/useEnergyStar';
import '../../ui/energyStar/energyStar.css';

function rankingColumns(pathOf: (path: string) => string): TableColumn<RankedSite>[] {
  return [
    { key: 'rank', header: 'Rank', isNumeric: true, render: (site) => site.rank ?? <NotAvailable /> },
    {
      key: 'site',
      header: 'Site',
      isRowHeader: true,
      isKey: true,
      render: (site) => <Link to={pathOf(`locations/${site.locationId}/energystar`)}>{site.name}</Link>,
    },
    {
      key: 'score',
      header: 'Latest score',
      isNumeric: true,
      isKey: true,
      render: (site) => esValue('score', site.score),
    },
    {
      key: 'trend',
      header: 'Trend vs baseline',
      isNumeric: true,
      render: (site) => (site.trend ? <EsChange metric="score" change={site.trend} /> : <NotAvailable />),
    },
    {
      key: 'source',
      header: 'Source intensity',
      isNumeric: true,
      render: (site) => esValue('sourceIntensity', site.sourceIntensity, false),
    },
    {
      key: 'siteIntensity',
      header: 'Site intensity',
      isNumeric: true,
      render: (site) => esValue('locationIntensity', site.locationIntensity, false),
    },
    {
      key: 'month',
      header: 'Month',
      render: (site) => (site.metricMonth ? monthLabel(site.metricMonth) : <NotAvailable />),
    },
  ];
}

function inactiveColumns(pathOf: (path: string) => string): TableColumn<LocationRow>[] {
  return [
    {
      key: 'site',
      header: 'Site',
      isRowHeader: true,
      render: (site) => <Link to={pathOf(`locations/${site.id}`)}>{site.name}</Link>,
    },
    { key: 'city', header: 'City', render: (site) => `${site.city}, ${site.state}` },
    { key: 'switch', header: 'ENERGY STAR', render: (site) => <EnergyStarToggle location={site} isInline /> },
  ];
}

/** /companyEnergyStar: the company score, its sites ranked by their latest score, and the sites not registered yet. */
export function CompanyEnergyStarPage() {
  const companyId = useCurrentCompanyId();
  const pathOf = useAreaPaths();
  const isOnline = useOnline();
  const data = useCompanyEnergyStar(companyId);
  const summary = data?.summary;
  const ranking = useMemo(() => rankingColumns(pathOf), [pathOf]);
  const inactive = useMemo(() => inactiveColumns(pathOf), [pathOf]);
  const loading = summary === undefined ? '…' : null;

  return (
    <Page
      titleId="company-es-title"
      title="Company Energy Star"
      subtitle={
        <p className="muted">
          The company score is the median of its sites’ latest ENERGY STAR scores.
          {isOnline ? '' : ' Offline: figures from this device.'}
        </p>
      }
    >
      <div className="kpi-grid" aria-label="Company ENERGY STAR figures">
        <KpiCard
          icon={Star}
          title="Company score"
          value={loading ?? esValue('score', summary?.score)}
          isAccent
        >
          {summary ? `${summary.scoredSites} of ${summary.activeSites} active sites scored` : null}
        </KpiCard>
        <KpiCard
          icon={Building2}
          title="Sites with ENERGY STAR"
          value={loading ?? String(summary?.activeSites ?? 0)}
        >
          {summary ? `${summary.inactiveSites.length} not active` : null}
        </KpiCard>
        <KpiCard
          icon={Gauge}
          title="Source intensity"
          value={loading ?? esValue('sourceIntensity', summary?.sourceIntensity)}
        >
          Source energy over floor area of the active sites
        </KpiCard>
        <KpiCard
          icon={CalendarDays}
          title="Latest month"
          value={loading ?? (summary?.asOfMonth ? monthLabel(summary.asOfMonth) : 'N/A')}
        />
      </div>
      <Panel titleId="company-es-ranking" title="Sites by latest score">
        <p className="muted energy-star-units">
          Intensities in {ES_UNITS.intensity}, of each site’s latest month.
        </p>
        <PagedTable
          caption="Sites by latest ENERGY STAR score"
          columns={ranking}
          rows={summary?.sites}
          getKey={(site) => site.locationId}
          emptyText="No site has ENERGY STAR active yet."
        />
      </Panel>
      <Panel titleId="company-es-inactive" title="Sites without ENERGY STAR active">
        <PagedTable
          caption="Sites without ENERGY STAR active"
          columns={inactive}
          rows={data?.inactiveLocations}
          getKey={(site) => site.id}
          emptyText="Every site has ENERGY STAR active."
        />
      </Panel>
    </Page>
  );
}

/** react-router `lazy` convention. */
export const Component = CompanyEnergyStarPage;
