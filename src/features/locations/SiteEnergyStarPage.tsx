import { Gauge, RefreshCw } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { refreshEsScore } from '../../api/energyStar';
import { useAreaPaths } from '../../platform/company/useAreaPath';
import { useCurrentCompanyId } from '../../platform/company/useCurrentCompanyId';
import { useOnline } from '../../platform/useOnline';
import { monthLabel } from '../../domain/dates';
import { energyStarView, latestRow } from '../../domain/energyStar';
import { sendSyncCommand } from '../../sync/useSyncController';
import { DetailLoading } from '../../ui/DetailPage';
import { EnergyStarToggle } from '../../ui/EnergyStarToggle';
import { EsCharts } from './EsCharts';
import { EsConsumptionPush } from './EsConsumptionPush';
import { EsMonthlyTable } from './EsMonthlyTable';
import { EsNotes } from './EsNotes';
import { EsSummaryCards } from './EsSummaryCards';
import { LocationNotFound } from './LocationNotFound';
import { UpdateScoreDialog } from './UpdateScoreDialog';
import { useSiteEnergyStar } from '../../platform/useEnergyStar';
import '../../ui/energyStar/energyStar.css';
import { Panel } from '../../ui/Panel';
import { Page } from '../../ui/Page';

/** Months a site's page shows at first: the latest year. */
const DEFAULT_MONTHS = 12;

/** The refresh button: online only; the changed rows arrive through the change feed. */
function RefreshButton({ companyId, locationId }: { companyId: number; locationId: string }) {
  const isOnline = useOnline();
  const [state, setState] = useState<{ busy: boolean; message: string | null; isError: boolean }>({
    busy: false,
    message: null,
    isError: false,
  });
  const refresh = async () => {
    setState({ busy: true, message: null, isError: false });
    const result = await refreshEsScore(companyId, locationId);
    if (result.ok) {
      sendSyncCommand({ type: 'syncNow', companyId });
      const { changed, months } = result.data;
      setState({
        busy: false,
        isError: false,
        message: `Refreshed ${months} month${months === 1 ? '' : 's'}: ${changed === 0 ? 'nothing changed' : `${changed} updated`}.`,
      });
    } else setState({ busy: false, isError: true, message: result.error.message });
  };
  return (
    <>
      <button
        type="button"
        className="btn btn--secondary"
        disabled={!isOnline || state.busy}
        aria-busy={state.busy || undefined}
        title={isOnline ? 'Recompute the figures from the bills' : 'Refresh needs a network connection'}
        onClick={() => void refresh()}
      >
        <RefreshCw size={16} aria-hidden="true" className={state.busy ? 'spin' : undefined} /> Refresh
      </button>
      {state.message ? (
        <p className={state.isError ? 'error-text' : 'muted'} role={state.isError ? 'alert' : 'status'}>
          {state.message}
        </p>
      ) : null}
    </>
  );
}

/** Props of a month choice of the range. */
type MonthSelectProps = {
  label: string;
  value: string | null;
  months: readonly string[];
  isDisabled: boolean;
  onChange: (month: string) => void;
};

/** One end of the range: a month among those with figures. */
function MonthSelect({ label, value, months, isDisabled, onChange }: MonthSelectProps) {
  return (
    <label className="inline-field">
      <span>{label}</span>
      <select
        className="select select--sm"
        value={value ?? ''}
        disabled={isDisabled}
        onChange={(event) => onChange(event.target.value)}
      >
        {months.map((month) => (
          <option key={month} value={month}>
            {monthLabel(month)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** /locations/:id/energystar: a site's monthly ENERGY STAR figures, charts, score updates and notes, from the device. */
export function SiteEnergyStarPage() {
  const { id } = useParams();
  const companyId = useCurrentCompanyId();
  const pathOf = useAreaPaths();
  const data = useSiteEnergyStar(id);
  const isOnline = useOnline();
  const [range, setRange] = useState<{ from: string | null; to: string | null }>({ from: null, to: null });
  const [isScoreOpen, setScoreOpen] = useState(false);

  const months = useMemo(() => (data?.metrics ?? []).map((row) => row.metricMonth), [data]);
  const to = range.to !== null && months.includes(range.to) ? range.to : (months.at(-1) ?? null);
  const from =
    range.from !== null && months.includes(range.from)
      ? range.from
      : (months.filter((month) => to === null || month <= to).slice(-DEFAULT_MONTHS)[0] ?? null);
  const view = useMemo(() => energyStarView(data?.metrics ?? [], { from, to }), [data, from, to]);

  const back = { to: pathOf(id ? `locations/${id}` : 'locations'), label: 'Back to the location' };
  if (data === undefined) return <DetailLoading back={back} text="Loading ENERGY STAR figures…" />;
  if (data === null || data.location.companyId !== companyId)
    return <LocationNotFound back={back} companyId={companyId} />;

  const { location } = data;
  const latest = latestRow(view.rows);
  return (
    <Page
      back={back}
      titleId="es-title"
      title={`${location.name} — ENERGY STAR`}
      subtitle={
        <p className="muted">
          {location.esPropertyId
            ? `Portfolio Manager property ${location.esPropertyId}`
            : 'Not linked to Portfolio Manager'}
          {view.baseline ? ` · Baseline year ending ${monthLabel(view.baseline.metricMonth)}` : ''}
        </p>
      }
      actions={
        <>
          <button type="button" className="btn btn--primary" onClick={() => setScoreOpen(true)}>
            <Gauge size={16} aria-hidden="true" /> Update score
          </button>
          {companyId !== null ? <RefreshButton companyId={companyId} locationId={location.id} /> : null}
        </>
      }
    >
      {location.isEnergyStarActive ? null : (
        <div className="notice notice--warning energy-star-inactive">
          <p>ENERGY STAR is not active for this site: its figures are not refreshed.</p>
          <EnergyStarToggle location={location} isInline />
        </div>
      )}

      <div className="energy-star-range">
        <MonthSelect
          label="From"
          value={from}
          months={months.filter((month) => to === null || month <= to)}
          isDisabled={months.length === 0}
          onChange={(month) => setRange({ from: month, to })}
        />
        <MonthSelect
          label="To"
          value={to}
          months={months.filter((month) => from === null || month >= from)}
          isDisabled={months.length === 0}
          onChange={(month) => setRange({ from, to: month })}
        />
        {isOnline ? null : <span className="muted">Offline: figures from this device.</span>}
      </div>

      <EsSummaryCards latest={latest} />
      <EsCharts rows={view.rows} />
      <Panel titleId="es-months-title" title="Monthly figures">
        <EsMonthlyTable rows={view.rows} queued={data.queued} />
      </Panel>
      {companyId !== null ? <EsConsumptionPush companyId={companyId} locationId={location.id} /> : null}
      <EsNotes locationId={location.id} notes={data.notes} queued={data.queued} />

      <UpdateScoreDialog
        isOpen={isScoreOpen}
        onClose={() => setScoreOpen(false)}
        locationId={location.id}
        siteName={location.name}
      />
    </Page>
  );
}

/** react-router `lazy` convention. */
export const Component = SiteEnergyStarPage;
