import { X } from 'lucide-react';
import type { OpenCloseListRow } from '../../db/queries/openClose';
import { OPEN_CLOSE_STATUSES, activeFilterCount } from '../../domain/openClose';
import type { OpenCloseFilters as Filters } from '../../domain/openClose';
import { serviceLabel } from '../../domain/serviceTypes';
import {
  FilterForm,
  FilterSelectField,
  ServiceSelectField,
  filterBinder,
} from '../../ui/fields/FilterSelects';
import { TextField } from '../../ui/fields/TextField';

/** Props of the list's filters: the requests (for the choices and counts), the filters and their setter. */
export type OpenCloseFiltersProps = {
  rows: readonly OpenCloseListRow[];
  filters: Filters;
  onChange: (filters: Filters) => void;
  onClear: () => void;
};

const compare = (a: string, b: string): number => a.localeCompare(b, 'en-US');

const KIND_CHOICES = [
  { value: 'open', label: 'Open' },
  { value: 'close', label: 'Close' },
];

/**
 * Status (with its count), open or close, service, site and a store-date range. The service and site lists offer
 * what the company's requests name, so no choice leads to an empty list by itself.
 */
export function OpenCloseFilters({ rows, filters, onChange, onClear }: OpenCloseFiltersProps) {
  const counts = OPEN_CLOSE_STATUSES.map(
    (_, status) => rows.filter((row) => row.accountStatus === status).length,
  );
  const services = [...new Set(rows.map((row) => row.serviceType))].sort((a, b) =>
    compare(serviceLabel(a), serviceLabel(b)),
  );
  const sites = [
    ...new Map(rows.map((row) => [row.locationId, row.locationName ?? 'Unknown site'])).entries(),
  ].sort(([, a], [, b]) => compare(a, b));
  const set = (change: Partial<Filters>) => onChange({ ...filters, ...change });
  const bind = filterBinder(filters, onChange);
  const active = activeFilterCount(filters);
  return (
    <FilterForm className="openclose-filters" label="Filter requests" activeCount={active}>
      <FilterSelectField
        label="Status"
        all="All statuses"
        choices={OPEN_CLOSE_STATUSES.map((label, status) => ({
          value: String(status),
          label: `${label} (${counts[status]})`,
        }))}
        value={filters.status === null ? '' : String(filters.status)}
        onChange={(value) => set({ status: value === '' ? null : Number(value) })}
      />
      <FilterSelectField
        label="Open/Close"
        all="Both"
        choices={KIND_CHOICES}
        value={filters.kind ?? ''}
        onChange={(value) => set({ kind: value === 'open' || value === 'close' ? value : null })}
      />
      <ServiceSelectField services={services} {...bind('serviceType')} />
      <FilterSelectField
        label="Location"
        all="All locations"
        choices={sites.map(([id, name]) => ({ value: id, label: name }))}
        {...bind('locationId')}
      />
      <TextField label="Store date from" type="date" max={filters.to || undefined} {...bind('from')} />
      <TextField label="Store date to" type="date" min={filters.from || undefined} {...bind('to')} />
      <div className="openclose-filters__clear">
        <button type="button" className="btn btn--ghost btn--sm" disabled={active === 0} onClick={onClear}>
          <X aria-hidden="true" size={15} />
          Clear filters
        </button>
      </div>
    </FilterForm>
  );
}
