import { RotateCcw } from 'lucide-react';
import { useMemo } from 'react';
import type { AlertList } from '../../db/queries/alerts';
import { ALERT_STATUS_VALUES, alertStatusDisplay } from '../../domain/alerts';
import type { AlertListFilter } from '../../domain/alertList';
import { AUDIT_RULE_LABELS } from '../../domain/alertMessage';
import { AUDIT_RULES } from '../../domain/billAudits';
import { ALL_SERVICES, compareServiceTypes, serviceLabel } from '../../domain/serviceTypes';
import { SelectField } from '../../ui/fields/SelectField';
import { TextField } from '../../ui/fields/TextField';

/** Props of the alerts filters: the current filter, and what the list offers to pick from. */
export type AlertFiltersProps = {
  filter: AlertListFilter;
  onChange: (filter: AlertListFilter) => void;
  onReset: () => void;
  list: AlertList | undefined;
};

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

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

  return (
    <form className="alerts-filters" aria-label="Alert filters" onSubmit={(event) => event.preventDefault()}>
      <TextField
        label="From"
        type="date"
        value={filter.fromDate}
        disabled={filter.isAlertMinDate}
        onChange={(fromDate) => set({ fromDate })}
      />
      <TextField label="To" type="date" value={filter.toDate} onChange={(toDate) => set({ toDate })} />
      <SelectField
        label="Status"
        value={filter.statuses[0] ?? ''}
        onChange={(status) => set({ statuses: status === '' ? [] : [status] })}
      >
        <option value="">All statuses</option>
        {ALERT_STATUS_VALUES.map((status) => (
          <option key={status} value={status}>
            {status === 'closed - public' ? 'Closed - Public' : alertStatusDisplay(status).text || 'Good'}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Service"
        value={filter.serviceType}
        onChange={(serviceType) => set({ serviceType })}
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
        value={filter.locationId}
        onChange={(locationId) => set({ locationId, accountId: '' })}
      >
        <option value="">All locations</option>
        {locations.map((location) => (
          <option key={location.id} value={location.id}>
            {location.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Account"
        value={filter.accountId}
        disabled={filter.locationId === ''}
        hint={filter.locationId === '' ? 'Pick a location first' : undefined}
        onChange={(accountId) => set({ accountId })}
      >
        <option value="">All accounts</option>
        {accounts.map((account) => (
          <option key={account.id} value={account.id}>
            {account.accountNumber}
          </option>
        ))}
      </SelectField>
      <SelectField label="Rule" value={filter.rule} onChange={(rule) => set({ rule })}>
        <option value="">All rules</option>
        {AUDIT_RULES.map((rule) => (
          <option key={rule} value={rule}>
            {AUDIT_RULE_LABELS[rule]}
          </option>
        ))}
      </SelectField>
      <div className="alerts-filters__checks">
        <label className="check">
          <input
            type="checkbox"
            checked={filter.isAlertMinDate}
            onChange={(event) => set({ isAlertMinDate: event.target.checked })}
          />
          From the first alert
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={filter.showPublicOnly}
            onChange={(event) => set({ showPublicOnly: event.target.checked })}
          />
          Public only
        </label>
        <button type="button" className="btn btn--ghost btn--sm" onClick={onReset}>
          <RotateCcw aria-hidden="true" size={14} /> Reset filters
        </button>
      </div>
    </form>
  );
}
