import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useUserDb } from '../../platform/database';
import { useOnline } from '../../platform/useOnline';
import { addLocation } from '../../db/mutations/locations';
import { BLANK_LOCATION_INPUT } from '../../domain/locationForm';
import type { LocationInput } from '../../domain/locationForm';
import type { FieldProblems } from '../../domain/meters';
import { CancelAndBusyButton } from '../../ui/BusyButtons';
import { SelectField } from '../../ui/fields/SelectField';
import { StateOptions } from '../../ui/fields/StateOptions';
import { TextField } from '../../ui/fields/TextField';
import type { TextFieldProps } from '../../ui/fields/TextField';
import { useSiteTypeSuggestions } from './useContracts';

type Field = keyof LocationInput;

/**
 * 'Add a location' inside the location picker (spec 001 §7 `POST /locations`): a site the company does not have yet,
 * saved on the device at once (offline too) and sent before the contract that links it. It sits inside the dialog's
 * own form, so it is a group rather than a nested form, and Enter adds the site instead of submitting the dialog.
 */
export function NewLocationForm({
  companyId,
  onAdded,
  onCancel,
}: {
  companyId: number;
  onAdded: (locationId: string, name: string) => void;
  onCancel: () => void;
}) {
  const db = useUserDb();
  const isOnline = useOnline();
  const titleId = useId();
  const siteTypesId = useId();
  const siteTypes = useSiteTypeSuggestions(companyId);
  const [input, setInput] = useState<LocationInput>(BLANK_LOCATION_INPUT);
  const [problems, setProblems] = useState<FieldProblems<Field>>({});
  const [isSaving, setSaving] = useState(false);
  const groupRef = useRef<HTMLDivElement>(null);

  // The form opens under the list: bring it into view and put the caret in its first field.
  useEffect(() => {
    const first = groupRef.current?.querySelector('input');
    first?.focus();
    groupRef.current?.scrollIntoView({ block: 'nearest' });
  }, []);

  const set = (field: Field) => (value: string) => {
    setInput((current) => ({ ...current, [field]: value }));
    setProblems(({ [field]: _fixed, ...rest }) => rest);
  };
  const text = (field: Field) => {
    const value = input[field];
    return value === null || value === undefined ? '' : String(value);
  };
  const errorOf = (field: Field, label: string) => (problems[field] ? `${label} ${problems[field]}.` : null);
  const textField = (field: Field, label: string, more: Partial<TextFieldProps> = {}) => (
    <TextField
      label={label}
      value={text(field)}
      onChange={set(field)}
      error={errorOf(field, label)}
      autoComplete="off"
      {...more}
    />
  );

  const add = async () => {
    if (!db || isSaving) return;
    setSaving(true);
    try {
      const result = await addLocation(db, companyId, input);
      if (result.ok) onAdded(result.locationId, input.name.trim());
      else setProblems(result.problems);
    } finally {
      setSaving(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      void add();
    } else if (event.key === 'Escape') {
      // Closes this form, not the dialog around it.
      event.stopPropagation();
      onCancel();
    }
  };

  return (
    <div
      ref={groupRef}
      className="contracts-new-site"
      role="group"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
    >
      <h3 id={titleId} className="contracts-new-site__title">
        New location
      </h3>
      {textField('name', 'Name', { required: true })}
      {textField('address', 'Address', { required: true })}
      <div className="form__row">
        {textField('city', 'City', { required: true })}
        <SelectField
          label="State"
          required
          value={text('state')}
          onChange={set('state')}
          error={errorOf('state', 'State')}
        >
          <option value="">Choose…</option>
          <StateOptions />
        </SelectField>
        {textField('zip', 'Zip', { required: true })}
      </div>
      <div className="form__row">
        {textField('siteType', 'Site type', { list: siteTypesId })}
        {textField('sqft', 'Square feet', { inputMode: 'numeric' })}
        {textField('siteNumber', 'Site number')}
      </div>
      <datalist id={siteTypesId}>
        {siteTypes.map((type) => (
          <option key={type} value={type} />
        ))}
      </datalist>
      {isOnline ? null : (
        <p className="muted" role="note">
          You are offline: the location is saved on this device now and sent when you are back online.
        </p>
      )}
      <div className="contracts-new-site__actions">
        <CancelAndBusyButton
          onCancel={onCancel}
          isBusy={isSaving}
          busyLabel="Adding…"
          onClick={() => void add()}
        >
          Add location
        </CancelAndBusyButton>
      </div>
    </div>
  );
}
