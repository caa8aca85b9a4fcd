import { CloudDownload, CloudOff } from 'lucide-react';
import { useOnline } from '../../platform/useOnline';
import { sendSyncCommand } from '../../sync/useSyncController';
import { SelectField } from '../../ui/fields/SelectField';
import type { BusinessUnit, BusinessUnits } from './useBusinessUnits';

/** Which companies the page shows: the parent with every business unit on the device, or one company. */
export type UnitChoice = 'all' | number;

/** Props of the business units filter. */
export type BusinessUnitFilterProps = {
  companyId: number;
  companyName: string;
  businessUnits: BusinessUnits;
  value: UnitChoice;
  onChange: (value: UnitChoice) => void;
};

/** Children not on this device, for the note under the filter. */
function missingUnits(units: readonly BusinessUnit[], value: UnitChoice): BusinessUnit[] {
  return units.filter((unit) => !unit.isOnDevice && (value === 'all' || value === unit.id));
}

/**
 * The business units filter of a parent company (Cedar Schools and its districts): all units, the parent alone or
 * one unit. A unit whose data is not on this device says so and can be made available offline (online only).
 */
export function BusinessUnitFilter({
  companyId,
  companyName,
  businessUnits,
  value,
  onChange,
}: BusinessUnitFilterProps) {
  const isOnline = useOnline();
  const units = businessUnits.units ?? [];
  const missing = missingUnits(units, value);
  return (
    <div className="accounts-units">
      <SelectField
        label="Business unit"
        className="accounts-units__field"
        value={String(value)}
        onChange={(next) => onChange(next === 'all' ? 'all' : Number(next))}
        hint={
          businessUnits.source === 'device' ? (
            <>
              <CloudOff aria-hidden="true" size={14} /> Offline: showing the business units kept on this
              device.
            </>
          ) : undefined
        }
      >
        <option value="all">All business units</option>
        <option value={companyId}>{companyName}</option>
        {units.map((unit) => (
          <option key={unit.id} value={unit.id}>
            {unit.name}
            {unit.isOnDevice ? '' : ' (not on this device)'}
          </option>
        ))}
      </SelectField>
      {missing.length > 0 && (
        <div className="accounts-units__missing" role="status">
          <span>
            {missing.map((unit) => unit.name).join(', ')} {missing.length === 1 ? 'is' : 'are'} not on this
            device yet
            {value === 'all' ? ', so their accounts are not in the list below.' : '.'}
          </span>
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            disabled={!isOnline}
            title={isOnline ? undefined : 'Needs a network connection'}
            onClick={() => sendSyncCommand({ type: 'preload', companyIds: missing.map((unit) => unit.id) })}
          >
            <CloudDownload aria-hidden="true" size={16} />
            Make available offline
          </button>
        </div>
      )}
    </div>
  );
}
