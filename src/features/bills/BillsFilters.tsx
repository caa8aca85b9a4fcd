import { useMemo } from 'react';
import type { BillListRow } from '../../db/queries/billsPage';
import { BILL_COLLECTION_TYPES, NO_BILL_FILTERS } from '../../domain/bills';
import type { BillFilters as Filters } from '../../domain/bills';
import { ALL_SERVICES, compareServiceTypes, serviceLabel } from '../../domain/serviceTypes';

/** Props of the filter bar. */
export type BillsFiltersProps = {
  /** The bills in range (the choices are theirs). */
  rows: readonly BillListRow[];
  value: Filters;
  onChange: (value: Filters) => void;
};

type Option = { value: string; label: string };

const byLabel = (a: Option, b: Option) => a.label.localeCompare(b.label, 'en-US');

/** The choices of each filter: what the bills in range carry. */
function optionsOf(rows: readonly BillListRow[]) {
  const vendors = new Map<string, string>();
  const locations = new Map<string, string>();
  const accounts = new Map<string, string>();
  const services = new Set<string>();
  const statuses = new Set<string>();
  const collectionTypes = new Set<string>(BILL_COLLECTION_TYPES);
  for (const row of rows) {
    vendors.set(row.vendorId, row.vendorName || row.vendorId);
    locations.set(row.locationId, row.locationName ?? row.locationId);
    accounts.set(
      row.accountId,
      row.nickname ? `${row.accountNumber ?? ''} (${row.nickname})` : (row.accountNumber ?? ''),
    );
    for (const service of row.serviceTypes) services.add(service);
    if (row.status) statuses.add(row.status);
    if (row.collectionType) collectionTypes.add(row.collectionType);
  }
  const list = (map: Map<string, string>) =>
    [...map.entries()].map(([value, label]) => ({ value, label })).sort(byLabel);
  return {
    vendors: list(vendors),
    locations: list(locations),
    accounts: list(accounts),
    services: [...services].sort(compareServiceTypes).map((value) => ({ value, label: serviceLabel(value) })),
    statuses: [...statuses].sort().map((value) => ({ value, label: value })),
    collectionTypes: [...collectionTypes].sort().map((value) => ({ value, label: value })),
  };
}

function FilterSelect({
  label,
  all,
  options,
  value,
  onChange,
}: {
  label: string;
  all: string;
  options: readonly Option[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="inline-field">
      <span>{label}</span>
      <select className="select select--sm" value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{all}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Service, vendor, location, account, collection type and status filters, and "anomalies only". */
export function BillsFilters({ rows, value, onChange }: BillsFiltersProps) {
  const options = useMemo(() => optionsOf(rows), [rows]);
  const set = (patch: Partial<Filters>) => onChange({ ...value, ...patch });
  const isFiltered = JSON.stringify(value) !== JSON.stringify(NO_BILL_FILTERS);
  return (
    <div className="bills-filters" role="group" aria-label="Bill filters">
      <FilterSelect
        label="Service"
        all={ALL_SERVICES.label}
        options={options.services}
        value={value.service}
        onChange={(service) => set({ service })}
      />
      <FilterSelect
        label="Vendor"
        all="All vendors"
        options={options.vendors}
        value={value.vendorId}
        onChange={(vendorId) => set({ vendorId })}
      />
      <FilterSelect
        label="Location"
        all="All locations"
        options={options.locations}
        value={value.locationId}
        onChange={(locationId) => set({ locationId })}
      />
      <FilterSelect
        label="Account"
        all="All accounts"
        options={options.accounts}
        value={value.accountId}
        onChange={(accountId) => set({ accountId })}
      />
      <FilterSelect
        label="Collection type"
        all="All types"
        options={options.collectionTypes}
        value={value.collectionType}
        onChange={(collectionType) => set({ collectionType })}
      />
      <FilterSelect
        label="Status"
        all="All statuses"
        options={options.statuses}
        value={value.status}
        onChange={(status) => set({ status })}
      />
      <label className="check">
        <input
          type="checkbox"
          checked={value.isAnomalyOnly}
          onChange={(event) => set({ isAnomalyOnly: event.target.checked })}
        />
        <span>Anomalies only</span>
      </label>
      {isFiltered && (
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => onChange(NO_BILL_FILTERS)}>
          Clear filters
        </button>
      )}
    </div>
  );
}
