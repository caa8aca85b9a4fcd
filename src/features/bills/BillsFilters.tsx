import { useMemo } from 'react';
import type { BillListRow } from '../../db/queries/billsPage';
import { BILL_COLLECTION_TYPES, NO_BILL_FILTERS, isBillFiltered } from '../../domain/bills';
import type { BillFilters as Filters } from '../../domain/bills';
import { ALL_SERVICES, compareServiceTypes } from '../../domain/serviceTypes';
import {
  CompactFilterSelect,
  FilterForm,
  changedFilterCount,
  filterBinder,
  serviceChoices,
} from '../../ui/fields/FilterSelects';
import type { TextKeyOf } from '../../ui/fields/FilterSelects';
import { CheckField } from '../../ui/fields/CheckField';
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

/** The filters a select edits (all but 'anomalies only'). */
type FilterKey = TextKeyOf<Filters>;

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
 * pass over the rows (docs/decisions/bills.md). A list made on first use is searched (SearchSelect), a short one a
 * select.
 */
function optionsOf(
  rows: readonly BillListRow[],
): Record<FilterKey, readonly Choice[] | (() => readonly Choice[])> {
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
    service: serviceChoices([...services].sort(compareServiceTypes)),
    vendorId: named((row) => [row.vendorId, row.vendorName || row.vendorId]),
    locationId: named((row) => [row.locationId, row.locationName ?? row.locationId]),
    accountId: named((row) => [
      row.accountId,
      row.nickname ? `${row.accountNumber ?? ''} (${row.nickname})` : (row.accountNumber ?? ''),
    ]),
    collectionType: [...collectionTypes].sort().map((value) => ({ value, label: value })),
    status: [...statuses].sort().map((value) => ({ value, label: value })),
  };
}

/** The bar's selects, in their order: the value each edits, its label and its 'all' choice. */
const SELECTS: readonly { key: FilterKey; label: string; all: string }[] = [
  { key: 'service', label: 'Service', all: ALL_SERVICES.label },
  { key: 'vendorId', label: 'Vendor', all: 'All vendors' },
  { key: 'locationId', label: 'Location', all: 'All locations' },
  { key: 'accountId', label: 'Account', all: 'All accounts' },
  { key: 'collectionType', label: 'Collection type', all: 'All types' },
  { key: 'status', label: 'Status', all: 'All statuses' },
];

/** Service, vendor, location, account, collection type and status filters, and "anomalies only". */
export function BillsFilters({ rows, value, onChange }: BillsFiltersProps) {
  const options = useMemo(() => optionsOf(rows ?? NO_ROWS), [rows]);
  const isLoading = rows === undefined;
  const bind = filterBinder(value, onChange);
  return (
    <FilterForm
      className="bills-filters"
      label="Bill filters"
      activeCount={changedFilterCount(value, NO_BILL_FILTERS)}
    >
      {SELECTS.map(({ key, label, all }) => {
        const choices = options[key];
        const field = { label, all, ...bind(key) };
        return typeof choices === 'function' ? (
          <SearchSelect key={key} {...field} choices={choices} isLoading={isLoading} />
        ) : (
          <CompactFilterSelect key={key} isLabelShown {...field} choices={choices} />
        );
      })}
      <CheckField
        label="Anomalies only"
        checked={value.isAnomalyOnly}
        onChange={(isAnomalyOnly) => onChange({ ...value, isAnomalyOnly })}
      />
      {isBillFiltered(value) && (
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => onChange(NO_BILL_FILTERS)}>
          Clear filters
        </button>
      )}
    </FilterForm>
  );
}
