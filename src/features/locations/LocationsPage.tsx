import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAreaPaths } from '../../platform/company/useAreaPath';
import { useCompanyRecord } from '../../platform/company/useCompanyRecord';
import { useCurrentCompanyId } from '../../platform/company/useCurrentCompanyId';
import { useOnline } from '../../platform/useOnline';
import type { LocationListRow } from '../../db/queries/locations';
import { ALL_SERVICES } from '../../domain/serviceTypes';
import { stateLabel } from '../../domain/states';
import { useExport } from '../../export/useExport';
import { Grid } from '../../ui/grid/Grid';
import { useGridSettings } from '../../ui/grid/useGridSettings';
import { CompactFilterSelect, serviceChoices } from '../../ui/fields/FilterSelects';
import { ExportButton, ExportStatus } from '../../ui/grid/GridExport';
import { SyncNotice } from '../../ui/SyncNotice';
import { LOCATIONS_GRID, locationColumns } from './locationColumns';
import { LocationsOverview } from './LocationsOverview';
import { useAfterPaint } from '../../ui/useAfterPaint';
import { useAreaVisibility } from './useAreaVisibility';
import { useCompanyOverview } from './useCompanyOverview';
import { useLocationList } from './useLocationList';
import './locations.css';

/** The grid's page filters; empty values mean all. */
interface Filters {
  state: string;
  service: string;
  tagId: string;
}

const NO_FILTERS: Filters = { state: '', service: '', tagId: '' };
const EMPTY_ROWS: readonly LocationListRow[] = [];

/** Rows matching the page filters (state key, service type, tag id). */
export function filterLocations(
  rows: readonly LocationListRow[],
  filters: Filters,
): readonly LocationListRow[] {
  if (!filters.state && !filters.service && !filters.tagId) return rows;
  return rows.filter(
    (row) =>
      (!filters.state || row.state === filters.state) &&
      (!filters.service || row.services.includes(filters.service)) &&
      (!filters.tagId || row.tagIds.includes(filters.tagId)),
  );
}

/** /locations: the company's overview (12-month spend, accounts, usage, attention) and the locations grid. */
export function LocationsPage() {
  const companyId = useCurrentCompanyId();
  const company = useCompanyRecord(companyId);
  const record = typeof company === 'object' ? company : null;
  const access = useAreaVisibility(record);
  const data = useLocationList(companyId);
  // The overview reads a year of bills (tens of thousands for big companies): it starts once the grid's rows are
  // on screen, so it never queues in IndexedDB or on the main thread ahead of them.
  const isGridPainted = useAfterPaint(data !== undefined);
  const overview = useCompanyOverview(companyId, access.contracts, isGridPainted);
  const isOnline = useOnline();
  const navigate = useNavigate();
  const search = useSearchParams()[0].get('search') ?? '';
  const pathOf = useAreaPaths();
  const exporter = useExport();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);

  const list = data?.list;
  const attributes = list?.attributes;
  const columns = useMemo(() => locationColumns(attributes ?? []), [attributes]);
  const allRows = list?.rows ?? EMPTY_ROWS;
  const rows = useMemo(() => filterLocations(allRows, filters), [allRows, filters]);
  const settings = useGridSettings(LOCATIONS_GRID, columns, companyId ?? undefined);
  const states = useMemo(
    () =>
      (list?.states ?? [])
        .map((key) => ({ value: key, label: stateLabel(key) }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [list?.states],
  );

  const onRowActivate = useCallback(
    (row: LocationListRow) => {
      void navigate(pathOf(`locations/${row.id}`));
    },
    [navigate, pathOf],
  );
  const onExport = () => {
    const visible = new Set(settings.visibleIds);
    void exporter.exportXlsx({
      title: 'Locations',
      columns: columns.filter((column) => visible.has(column.id)),
      rows,
    });
  };
  const set = (key: keyof Filters) => (value: string) => setFilters({ ...filters, [key]: value });

  // Stable while the list is: the overview (memoised) draws its charts again only when its figures change.
  const accounts = useMemo(
    () => (list ? { count: list.accountCount, active: list.activeAccountCount } : undefined),
    [list],
  );

  const isLoading = data === undefined;
  const progress = data?.progress;
  const isEmpty = !isLoading && allRows.length === 0;
  return (
    <section className="page" aria-labelledby="locations-title">
      <header className="page__header">
        <div>
          <h1 id="locations-title" className="page__title">
            Locations
          </h1>
          <p className="muted">{record?.name ?? ''}</p>
        </div>
      </header>
      {progress && progress !== 'synced' ? (
        <SyncNotice progress={progress} isOnline={isOnline} hasRows={!isEmpty} />
      ) : null}
      {isEmpty && progress !== 'synced' ? null : (
        <LocationsOverview
          overview={overview}
          accountsByService={list?.accountsByService}
          locationCount={list?.rows.length}
          accounts={accounts}
        />
      )}
      <section className="locations-grid" aria-labelledby="locations-grid-title">
        <h2 id="locations-grid-title" className="section-title">
          All locations
        </h2>
        <Grid
          // Opened filtered (`?search=`, as GET AI opens it): a new search is a new view of the grid.
          key={search}
          initialFilter={search}
          settings={settings}
          label="Locations"
          columns={columns}
          rows={rows}
          getRowId={(row) => row.id}
          onRowActivate={onRowActivate}
          isLoading={isLoading}
          emptyText={
            progress === 'synced' ? 'No locations yet' : 'Locations appear here once they are downloaded'
          }
          freezeColumns={1}
          height={520}
          toolbar={
            <div className="locations-filters">
              <CompactFilterSelect
                label="State"
                all="All States"
                choices={states}
                value={filters.state}
                onChange={set('state')}
              />
              <CompactFilterSelect
                label="Service"
                all={ALL_SERVICES.label}
                choices={serviceChoices(list?.services ?? [])}
                value={filters.service}
                onChange={set('service')}
              />
              <CompactFilterSelect
                label="Tag"
                all="All Tags"
                choices={(list?.tags ?? []).map((tag) => ({ value: tag.id, label: tag.text }))}
                value={filters.tagId}
                onChange={set('tagId')}
              />
              <ExportButton
                exporter={exporter}
                isDisabled={isLoading || rows.length === 0}
                onExport={onExport}
                hasBusyText={false}
              />
            </div>
          }
        />
        <ExportStatus exporter={exporter} label="Exporting locations" />
      </section>
    </section>
  );
}

/** react-router `lazy` convention. */
export const Component = LocationsPage;
