import { RotateCcw } from 'lucide-react';
import { useMemo } from 'react';
import type { AlertList } from '../../db/queries/alerts';
import { ALERT_STATUS_VALUES } from '../../domain/alerts';
import { alertStatusLabel } from '../../domain/counts';
import { defaultAlertFilter } from '../../domain/alertList';
import type { AlertListFilter } from '../../domain/alertList';
import { localToday } from '../../domain/contracts';
import { AUDIT_RULE_LABELS } from '../../domain/alertMessage';
import { AUDIT_RULES } from '../../domain/billAudits';
import { compareServiceTypes } from '../../domain/serviceTypes';
import {
  FilterForm,
  changedFilterCount,
  FilterSelectField,
  ServiceSelectField,
  filterBinder,
} from '../../ui/fields/FilterSelects';
import { CheckField } from '../../ui/fields/CheckField';
import { namedChoices } from '../../ui/fields/ChoiceOptions';
import { TextField } from '../../ui/fields/TextField';

/** Props of the alerts filters: the current filter, and what the list offers to pick from. */
export type AlertFiltersProps = {
  filter: AlertListFilter;
  onChange: (filter: AlertListFilter) => void;
  onReset: () => void;
  list: AlertList | undefined;
};

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

const STATUS_CHOICES = ALERT_STATUS_VALUES.map((status) => ({
  value: status,
  label: alertStatusLabel(status),
}));

const RULE_CHOICES = AUDIT_RULES.map((rule) => ({ value: rule, label: AUDIT_RULE_LABELS[rule] }));

/** The filters that are checkboxes, in their order. */
const CHECKS: readonly { key: 'isAlertMinDate' | 'showPublicOnly'; label: string }[] = [
  { key: 'isAlertMinDate', label: 'From the first alert' },
  { key: 'showPublicOnly', label: 'Public only' },
];

/**
 * The list's filters (spec 001 §7: fromDate, toDate, "from the first alert", "public only"; and status, service,
 * location, account and rule). Accounts are offered for the chosen location, so the list stays short at any scale.
 */
export function AlertFilters({ filter, onChange, onReset, list }: AlertFiltersProps) {
  const set = (change: Partial<AlertListFilter>) => onChange({ ...filter, ...change });
  const locations = useMemo(() => [...(list?.locations.values() ?? [])].sort(byName), [list]);
  const accounts = useMemo(
    () =>
      [...(list?.accounts.values() ?? [])]
        .filter((account) => account.locationId === filter.locationId)
        .sort((a, b) => a.accountNumber.localeCompare(b.accountNumber)),
    [list, filter.locationId],
  );
  const services = useMemo(() => {
    const seen = new Set((list?.rows ?? []).map((row) => row.serviceType));
    if (filter.serviceType) seen.add(filter.serviceType);
    return [...seen].sort(compareServiceTypes);
  }, [list, filter.serviceType]);

  const bind = filterBinder(filter, onChange);

  return (
    <FilterForm
      className="filter-grid alerts-filters"
      label="Alert filters"
      activeCount={changedFilterCount(filter, defaultAlertFilter(localToday()))}
    >
      <TextField label="From" type="date" disabled={filter.isAlertMinDate} {...bind('fromDate')} />
      <TextField label="To" type="date" {...bind('toDate')} />
      <FilterSelectField
        label="Status"
        all="All statuses"
        choices={STATUS_CHOICES}
        value={filter.statuses[0] ?? ''}
        onChange={(status) => set({ statuses: status === '' ? [] : [status] })}
      />
      <ServiceSelectField services={services} {...bind('serviceType')} />
      <FilterSelectField
        label="Location"
        all="All locations"
        choices={namedChoices(locations)}
        value={filter.locationId}
        onChange={(locationId) => set({ locationId, accountId: '' })}
      />
      <FilterSelectField
        label="Account"
        all="All accounts"
        choices={accounts.map((account) => ({ value: account.id, label: account.accountNumber }))}
        disabled={filter.locationId === ''}
        hint={filter.locationId === '' ? 'Pick a location first' : undefined}
        {...bind('accountId')}
      />
      <FilterSelectField label="Rule" all="All rules" choices={RULE_CHOICES} {...bind('rule')} />
      <div className="alerts-filters__checks">
        {CHECKS.map(({ key, label }) => {
          const { value, onChange: onCheck } = bind(key);
          return <CheckField key={key} label={label} checked={value} onChange={onCheck} />;
        })}
        <button type="button" className="btn btn--ghost btn--sm" onClick={onReset}>
          <RotateCcw aria-hidden="true" size={14} /> Reset filters
        </button>
      </div>
    </FilterForm>
  );
}
