import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAreaPaths } from '../../platform/company/useAreaPath';
import { useCompanyRecord } from '../../platform/company/useCompanyRecord';
import { useCurrentCompanyId } from '../../platform/company/useCurrentCompanyId';
import { useOnline } from '../../platform/useOnline';
import type { LocationListRow } from '../../db/queries/locations';
import { stateLabel } from '../../domain/states';
import { FilteredGridSection, serviceFilter } from '../../ui/grid/FilteredGridSection';
import type { GridFilter } from '../../ui/grid/FilteredGridSection';
import { Page } from '../../ui/Page';
import { SyncNotice } from '../../ui/SyncNotice';
import { LOCATIONS_GRID, locationColumns } from './locationColumns';
import { LocationsOverview } from './LocationsOverview';
import { useFigureCompleteness } from '../../platform/company/useFigureCompleteness';
import { addMonths } from '../../domain/totals';
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
  // The totals read the latest 12 bill months: while some of them are still coming, they say so.
  const lastMonth = overview?.months.at(-1);
  const totalsComplete = useFigureCompleteness(
    companyId,
    lastMonth
      ? { data: 'bills', months: { from: addMonths(lastMonth, -11), to: lastMonth } }
      : { data: 'bills' },
  );
  const isOnline = useOnline();
  const navigate = useNavigate();
  const search = useSearchParams()[0].get('search') ?? '';
  const pathOf = useAreaPaths();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);

  const list = data?.list;
  const attributes = list?.attributes;
  const columns = useMemo(() => locationColumns(attributes ?? []), [attributes]);
  const allRows = list?.rows ?? EMPTY_ROWS;
  const rows = useMemo(() => filterLocations(allRows, filters), [allRows, filters]);
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
  const filterSelects: GridFilter<keyof Filters>[] = [
    { field: 'state', label: 'State', all: 'All States', choices: states },
    serviceFilter(list?.services ?? []),
    {
      field: 'tagId',
      label: 'Tag',
      all: 'All Tags',
      choices: (list?.tags ?? []).map((tag) => ({ value: tag.id, label: tag.text })),
    },
  ];

  // Stable while the list is: the overview (memoised) draws its charts again only when its figures change.
  const accounts = useMemo(
    () => (list ? { count: list.accountCount, active: list.activeAccountCount } : undefined),
    [list],
  );

  const isLoading = data === undefined;
  const progress = data?.progress;
  const isEmpty = !isLoading && allRows.length === 0;
  return (
    <Page
      titleId="locations-title"
      title="Locations"
      subtitle={<p className="muted">{record?.name ?? ''}</p>}
    >
      {progress && progress !== 'synced' ? (
        <SyncNotice progress={progress} isOnline={isOnline} hasRows={!isEmpty} />
      ) : null}
      {isEmpty && progress !== 'synced' ? null : (
        <LocationsOverview
          overview={overview}
          accountsByService={list?.accountsByService}
          locationCount={list?.rows.length}
          accounts={accounts}
          completeness={totalsComplete}
        />
      )}
      <FilteredGridSection
        title="Locations"
        gridName={LOCATIONS_GRID}
        columns={columns}
        rows={rows}
        isLoading={isLoading}
        getRowId={(row) => row.id}
        onRowActivate={onRowActivate}
        emptyText={
          progress === 'synced' ? 'No locations yet' : 'Locations appear here once they are downloaded'
        }
        height={520}
        // Opened filtered (`?search=`, as GET AI opens it): a new search is a new view of the grid.
        initialFilter={search}
        filters={filterSelects}
        filterValues={filters}
        onFiltersChange={setFilters}
      />
    </Page>
  );
}

/** react-router `lazy` convention. */
export const Component = LocationsPage;
