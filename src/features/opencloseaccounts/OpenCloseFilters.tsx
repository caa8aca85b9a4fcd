import { X } from 'lucide-react';
import type { OpenCloseListRow } from '../../db/queries/openClose';
import { OPEN_CLOSE_STATUSES, activeFilterCount } from '../../domain/openClose';
import type { OpenCloseFilters as Filters } from '../../domain/openClose';
import { ALL_SERVICES, serviceLabel } from '../../domain/serviceTypes';
import { SelectField } from '../../ui/fields/SelectField';
import { TextField } from '../../ui/fields/TextField';

/** Props of the list's filters: the requests (for the choices and counts), the filters and their setter. */
export type OpenCloseFiltersProps = {
  rows: readonly OpenCloseListRow[];
  filters: Filters;
  onChange: (filters: Filters) => void;
  onClear: () => void;
};

const compare = (a: string, b: string): number => a.localeCompare(b, 'en-US');

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
  const active = activeFilterCount(filters);
  return (
    <form
      className="openclose-filters"
      aria-label="Filter requests"
      onSubmit={(event) => event.preventDefault()}
    >
      <SelectField
        label="Status"
        value={filters.status === null ? '' : String(filters.status)}
        onChange={(value) => set({ status: value === '' ? null : Number(value) })}
      >
        <option value="">All statuses</option>
        {OPEN_CLOSE_STATUSES.map((label, status) => (
          <option key={label} value={status}>
            {label} ({counts[status]})
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Open/Close"
        value={filters.kind ?? ''}
        onChange={(value) => set({ kind: value === 'open' || value === 'close' ? value : null })}
      >
        <option value="">Both</option>
        <option value="open">Open</option>
        <option value="close">Close</option>
      </SelectField>
      <SelectField
        label="Service"
        value={filters.serviceType}
        onChange={(value) => set({ serviceType: value })}
      >
        <option value={ALL_SERVICES.value}>{ALL_SERVICES.label}</option>
        {services.map((service) => (
          <option key={service} value={service}>
            {serviceLabel(service)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Location"
        value={filters.locationId}
        onChange={(value) => set({ locationId: value })}
      >
        <option value="">All locations</option>
        {sites.map(([id, name]) => (
          <option key={id} value={id}>
            {name}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Store date from"
        type="date"
        value={filters.from}
        max={filters.to || undefined}
        onChange={(value) => set({ from: value })}
      />
      <TextField
        label="Store date to"
        type="date"
        value={filters.to}
        min={filters.from || undefined}
        onChange={(value) => set({ to: value })}
      />
      <div className="openclose-filters__clear">
        <button type="button" className="btn btn--ghost btn--sm" disabled={active === 0} onClick={onClear}>
          <X aria-hidden="true" size={15} />
          Clear filters
        </button>
      </div>
    </form>
  );
}
