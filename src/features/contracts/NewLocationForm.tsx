import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useUserDb } from '../../app/database';
import { useOnline } from '../../app/useOnline';
import { addLocation } from '../../db/mutations/locations';
import { BLANK_LOCATION_INPUT } from '../../domain/locationForm';
import type { LocationInput } from '../../domain/locationForm';
import type { FieldProblems } from '../../domain/meters';
import { STATES } from '../../domain/states';
import { SelectField } from '../../ui/fields/SelectField';
import { TextField } from '../../ui/fields/TextField';
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
      <TextField
        label="Name"
        required
        value={text('name')}
        onChange={set('name')}
        error={errorOf('name', 'Name')}
        autoComplete="off"
      />
      <TextField
        label="Address"
        required
        value={text('address')}
        onChange={set('address')}
        error={errorOf('address', 'Address')}
        autoComplete="off"
      />
      <div className="form__row">
        <TextField
          label="City"
          required
          value={text('city')}
          onChange={set('city')}
          error={errorOf('city', 'City')}
          autoComplete="off"
        />
        <SelectField
          label="State"
          required
          value={text('state')}
          onChange={set('state')}
          error={errorOf('state', 'State')}
        >
          <option value="">Choose…</option>
          {STATES.map((option) => (
            <option key={option.key} value={option.key}>
              {option.label}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Zip"
          required
          value={text('zip')}
          onChange={set('zip')}
          error={errorOf('zip', 'Zip')}
          autoComplete="off"
        />
      </div>
      <div className="form__row">
        <TextField
          label="Site type"
          value={text('siteType')}
          onChange={set('siteType')}
          error={errorOf('siteType', 'Site type')}
          list={siteTypesId}
          autoComplete="off"
        />
        <TextField
          label="Square feet"
          inputMode="numeric"
          value={text('sqft')}
          onChange={set('sqft')}
          error={errorOf('sqft', 'Square feet')}
          autoComplete="off"
        />
        <TextField
          label="Site number"
          value={text('siteNumber')}
          onChange={set('siteNumber')}
          error={errorOf('siteNumber', 'Site number')}
          autoComplete="off"
        />
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
        <button type="button" className="btn btn--secondary" onClick={onCancel}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => void add()}
          disabled={isSaving}
          aria-busy={isSaving || undefined}
        >
          {isSaving ? 'Adding…' : 'Add location'}
        </button>
      </div>
    </div>
  );
}
