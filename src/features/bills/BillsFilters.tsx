import { useMemo } from 'react';
import type { BillListRow } from '../../db/queries/billsPage';
import { BILL_COLLECTION_TYPES, NO_BILL_FILTERS, isBillFiltered } from '../../domain/bills';
import type { BillFilters as Filters } from '../../domain/bills';
import { ALL_SERVICES, compareServiceTypes } from '../../domain/serviceTypes';
import { CompactFilterSelect, serviceChoices } from '../../ui/fields/FilterSelects';
import { SearchSelect } from '../../ui/fields/SearchSelect';
import type { Choice } from '../../ui/fields/choices';

/** Props of the filter bar. */
export type BillsFiltersProps = {
  /** The bills in range (the choices are theirs); undefined while they are read. */
  rows: readonly BillListRow[] | undefined;
  value: Filters;
  onChange: (value: Filters) => void;
};

const NO_ROWS: readonly BillListRow[] = [];

const byLabel = new Intl.Collator('en-US').compare;
const sortedChoices = (map: Map<string, string>): Choice[] =>
  [...map.entries()].map(([value, label]) => ({ value, label })).sort((a, b) => byLabel(a.label, b.label));

/** Memoizes a list made on first use. */
function onFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | null = null;
  return () => (made ??= { value: make() }).value;
}

/**
 * The choices of each filter: what the bills in range carry. The short lists are made at once; the vendors, sites
 * and accounts (thousands at scale L) only when their list opens, so the moment a year of bills arrives costs one
 * pass over the rows (docs/decisions/bills.md).
 */
function optionsOf(rows: readonly BillListRow[]) {
  const services = new Set<string>();
  const statuses = new Set<string>();
  const collectionTypes = new Set<string>(BILL_COLLECTION_TYPES);
  for (const row of rows) {
    for (const service of row.serviceTypes) services.add(service);
    if (row.status) statuses.add(row.status);
    if (row.collectionType) collectionTypes.add(row.collectionType);
  }
  const named = (entry: (row: BillListRow) => [string, string]) =>
    onFirstUse(() => sortedChoices(new Map(rows.map(entry))));
  return {
    vendors: named((row) => [row.vendorId, row.vendorName || row.vendorId]),
    locations: named((row) => [row.locationId, row.locationName ?? row.locationId]),
    accounts: named((row) => [
      row.accountId,
      row.nickname ? `${row.accountNumber ?? ''} (${row.nickname})` : (row.accountNumber ?? ''),
    ]),
    services: serviceChoices([...services].sort(compareServiceTypes)),
    statuses: [...statuses].sort().map((value) => ({ value, label: value })),
    collectionTypes: [...collectionTypes].sort().map((value) => ({ value, label: value })),
  };
}

/** Service, vendor, location, account, collection type and status filters, and "anomalies only". */
export function BillsFilters({ rows, value, onChange }: BillsFiltersProps) {
  const options = useMemo(() => optionsOf(rows ?? NO_ROWS), [rows]);
  const isLoading = rows === undefined;
  const set = (patch: Partial<Filters>) => onChange({ ...value, ...patch });
  const isFiltered = isBillFiltered(value);
  return (
    <div className="bills-filters" role="group" aria-label="Bill filters">
      <CompactFilterSelect
        isLabelShown
        label="Service"
        all={ALL_SERVICES.label}
        choices={options.services}
        value={value.service}
        onChange={(service) => set({ service })}
      />
      <SearchSelect
        label="Vendor"
        all="All vendors"
        choices={options.vendors}
        isLoading={isLoading}
        value={value.vendorId}
        onChange={(vendorId) => set({ vendorId })}
      />
      <SearchSelect
        label="Location"
        all="All locations"
        choices={options.locations}
        isLoading={isLoading}
        value={value.locationId}
        onChange={(locationId) => set({ locationId })}
      />
      <SearchSelect
        label="Account"
        all="All accounts"
        choices={options.accounts}
        isLoading={isLoading}
        value={value.accountId}
        onChange={(accountId) => set({ accountId })}
      />
      <CompactFilterSelect
        isLabelShown
        label="Collection type"
        all="All types"
        choices={options.collectionTypes}
        value={value.collectionType}
        onChange={(collectionType) => set({ collectionType })}
      />
      <CompactFilterSelect
        isLabelShown
        label="Status"
        all="All statuses"
        choices={options.statuses}
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
