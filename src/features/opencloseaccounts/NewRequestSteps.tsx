import { useId, useState } from 'react';
import { CircleAlert } from 'lucide-react';
import type { LocationRow } from '../../db/rows';
import { EMPTY_CELL_TEXT, formatDay } from '../../domain/format';
import type { FieldProblems } from '../../domain/meters';
import { openCloseLabel } from '../../domain/openClose';
import type {
  OpenCloseDetailsInput,
  OpenCloseField,
  RequestedService,
  ServiceChoice,
} from '../../domain/openCloseRequest';
import { SelectField } from '../../ui/fields/SelectField';
import { TextField } from '../../ui/fields/TextField';
import { FIELD_LABELS } from './DetailFields';

/** The new-request form's state across the steps. */
export interface NewRequestForm extends OpenCloseDetailsInput {
  isOpen: boolean;
  locationId: string;
  services: RequestedService[];
}

/** Most sites the location list shows at once; the search narrows it. */
const SHOWN_SITES = 200;

function siteLabel(site: LocationRow): string {
  return `${site.name} — ${site.city}, ${site.state}`;
}

/** A step's own problem under its group of inputs (fields show theirs themselves). */
function GroupError({ id, text }: { id: string; text: string | undefined }) {
  if (!text) return null;
  return (
    <p id={id} className="field__error">
      <CircleAlert aria-hidden="true" size={14} />
      <span>{text}</span>
    </p>
  );
}

/** Step 1: open or close, and the location (searchable by name, city, state or site number). */
export function SiteStep({
  form,
  sites,
  problem,
  onChange,
}: {
  form: NewRequestForm;
  sites: readonly LocationRow[] | undefined;
  problem: string | undefined;
  onChange: (fields: Partial<NewRequestForm>) => void;
}) {
  const [query, setQuery] = useState('');
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const matches = (sites ?? []).filter((site) => {
    const haystack = `${site.name} ${site.city} ${site.state} ${site.siteNumber ?? ''}`.toLowerCase();
    return words.every((word) => haystack.includes(word)) || site.id === form.locationId;
  });
  return (
    <div className="openclose-fields">
      <fieldset className="openclose-choice">
        <legend className="field__label">What is needed?</legend>
        {[true, false].map((isOpen) => (
          <label key={String(isOpen)} className="check">
            <input
              type="radio"
              name="openclose-kind"
              checked={form.isOpen === isOpen}
              onChange={() => onChange({ isOpen })}
            />
            {isOpen
              ? 'Open service (a store opens or moves in)'
              : 'Close service (a store closes or moves out)'}
          </label>
        ))}
      </fieldset>
      <TextField
        label="Find a location"
        type="search"
        value={query}
        onChange={setQuery}
        hint="Name, city, state or site number."
        autoComplete="off"
      />
      <SelectField
        label="Location"
        required
        value={form.locationId}
        onChange={(locationId) => onChange({ locationId })}
        error={problem ? `Location ${problem}` : undefined}
        hint={sites === undefined ? 'Loading locations…' : `${matches.length} of ${sites.length} locations`}
      >
        <option value="">Choose a location</option>
        {matches.slice(0, SHOWN_SITES).map((site) => (
          <option key={site.id} value={site.id}>
            {siteLabel(site)}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

const keyOf = (service: RequestedService) => `${service.serviceType}|${service.accountId ?? ''}`;

/** Step 2: the services to open, or the accounts' services to close. */
export function ServicesStep({
  form,
  choices,
  isLoading,
  problem,
  onChange,
}: {
  form: NewRequestForm;
  choices: readonly ServiceChoice[];
  isLoading: boolean;
  problem: string | undefined;
  onChange: (services: RequestedService[]) => void;
}) {
  const errorId = useId();
  const chosen = new Set(form.services.map(keyOf));
  const toggle = (choice: ServiceChoice, isChecked: boolean) => {
    const rest = form.services.filter((service) => keyOf(service) !== keyOf(choice));
    onChange(isChecked ? [...rest, { serviceType: choice.serviceType, accountId: choice.accountId }] : rest);
  };
  if (isLoading) return <p className="muted">Loading the location’s accounts…</p>;
  if (choices.length === 0)
    return (
      <>
        <p className="muted">
          This location has no active account to close. Go back to choose another location.
        </p>
        <GroupError id={errorId} text={problem ? `Services ${problem}` : undefined} />
      </>
    );
  return (
    <>
      <fieldset
        className="check-list"
        aria-describedby={problem ? errorId : undefined}
        aria-invalid={problem ? true : undefined}
      >
        <legend className="field__label openclose-legend">
          {form.isOpen ? 'Services to open' : 'Services to close, with their accounts'}
        </legend>
        {choices.map((choice) => (
          <label key={keyOf(choice)} className="check">
            <input
              type="checkbox"
              checked={chosen.has(keyOf(choice))}
              onChange={(event) => toggle(choice, event.target.checked)}
            />
            {choice.label}
          </label>
        ))}
      </fieldset>
      <GroupError id={errorId} text={problem ? `Services ${problem}` : undefined} />
    </>
  );
}

/** Step 5: everything the request says, before it is made. */
export function ReviewStep({
  form,
  site,
  choices,
  problems,
}: {
  form: NewRequestForm;
  site: LocationRow | null;
  choices: readonly ServiceChoice[];
  problems: FieldProblems<OpenCloseField>;
}) {
  const labels = new Map(choices.map((choice) => [keyOf(choice), choice.label]));
  const day = (value: string) => formatDay(value) ?? EMPTY_CELL_TEXT;
  const storeField = form.isOpen ? 'storeOpenDate' : 'storeCloseDate';
  const left = Object.entries(problems).filter(([, problem]) => problem);
  return (
    <>
      <dl className="facts facts--wide">
        <div>
          <dt>Request</dt>
          <dd className="facts__strong">{openCloseLabel(form.isOpen)} service</dd>
        </div>
        <div>
          <dt>Location</dt>
          <dd>{site ? siteLabel(site) : EMPTY_CELL_TEXT}</dd>
        </div>
        <div>
          <dt>Services</dt>
          <dd>
            <ul className="openclose-review__list">
              {form.services.map((service) => (
                <li key={keyOf(service)}>{labels.get(keyOf(service)) ?? service.serviceType}</li>
              ))}
            </ul>
          </dd>
        </div>
        <div>
          <dt>{FIELD_LABELS[storeField]}</dt>
          <dd>{day(form[storeField])}</dd>
        </div>
        <div>
          <dt>{FIELD_LABELS.turnoverDate}</dt>
          <dd>{day(form.turnoverDate)}</dd>
        </div>
        <div>
          <dt>Site contact</dt>
          <dd>
            {form.contactName || EMPTY_CELL_TEXT}
            {form.contactPhone ? <span className="facts__sub">{form.contactPhone}</span> : null}
            {form.contactEmail ? <span className="facts__sub">{form.contactEmail}</span> : null}
          </dd>
        </div>
      </dl>
      <p className="muted">
        {form.services.length > 1
          ? `Finish makes ${form.services.length} requests, one per service, each followed on its own.`
          : 'Finish makes the request; your consultant follows it with the utility.'}
      </p>
      {left.length > 0 ? (
        <p className="error-text" role="alert">
          {left
            .map(
              ([field, problem]) => `${FIELD_LABELS[field as keyof typeof FIELD_LABELS] ?? field} ${problem}`,
            )
            .join('. ')}
        </p>
      ) : null}
    </>
  );
}
