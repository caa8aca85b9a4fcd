// A new site's fields (spec 001 §7 `POST /locations`, offered by the contract form's location picker). The spec gives
// no rule; these are the product's (docs/architecture.md §14 Contracts). The server (server/src/areas/locations/locationAdd.ts)
// and the device check with this one function, so a site added offline is one the server accepts.
import { cleanedText, normalizedZip, stateKey, zipRule } from './meters';
import type { Checked, FieldProblems } from './meters';

/** A new site as a form or a request body holds it (square feet as typed, or as a JSON number). */
export interface LocationInput {
  name: string;
  siteNumber?: string | null;
  address: string;
  city: string;
  state: string;
  zip: string;
  sqft?: string | number | null;
  siteType?: string | null;
}

/** A new site's fields as stored: texts trimmed, blanks null, state key and zip normalized. */
export interface LocationValues {
  name: string;
  siteNumber: string | null;
  address: string;
  city: string;
  state: string;
  zip: string;
  sqft: number | null;
  siteType: string | null;
}

/** Longest value kept per text field, after trimming. */
export const LOCATION_TEXT_MAX = {
  name: 200,
  siteNumber: 50,
  address: 200,
  city: 100,
  siteType: 100,
} as const;

/** Largest floor area accepted, in square feet (the largest buildings on earth are below a tenth of it). */
export const SQFT_MAX = 100_000_000;

/** An empty form. */
export const BLANK_LOCATION_INPUT: LocationInput = {
  name: '',
  siteNumber: '',
  address: '',
  city: '',
  state: '',
  zip: '',
  sqft: '',
  siteType: '',
};

type TextField = keyof typeof LOCATION_TEXT_MAX;

function textProblem(field: TextField, value: string | null, required: boolean): string | undefined {
  if (value === null) return required ? 'is required' : undefined;
  const max = LOCATION_TEXT_MAX[field];
  return value.length > max ? `must be at most ${max} characters` : undefined;
}

/** Square feet as a whole number (typed digits may carry thousands separators), null when blank, NaN when not one. */
function sqftOf(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  const text = value.trim().replace(/[, _]/g, '');
  if (text === '') return null;
  return /^[0-9]+$/.test(text) ? Number(text) : Number.NaN;
}

/** Checks a new site as the server does: the values to store, or the problem of each field that has one. */
export function checkLocationInput(input: LocationInput): Checked<LocationValues, keyof LocationInput> {
  const problems: FieldProblems<keyof LocationInput> = {};
  const texts = {
    name: cleanedText(input.name),
    siteNumber: cleanedText(input.siteNumber),
    address: cleanedText(input.address),
    city: cleanedText(input.city),
    siteType: cleanedText(input.siteType),
  };
  for (const field of Object.keys(LOCATION_TEXT_MAX) as TextField[]) {
    const problem = textProblem(
      field,
      texts[field],
      field === 'name' || field === 'address' || field === 'city',
    );
    if (problem) problems[field] = problem;
  }
  const stateText = cleanedText(input.state);
  const state = stateText === null ? null : stateKey(stateText);
  if (stateText === null) problems.state = 'is required';
  else if (state === null) problems.state = 'is not a state or province of the list';
  const zipText = cleanedText(input.zip);
  const zip = zipText === null ? null : normalizedZip(zipText, state);
  if (zipText === null) problems.zip = 'is required';
  else if (zip === null) problems.zip = zipRule(state);
  const sqft = sqftOf(input.sqft);
  if (sqft !== null && !(Number.isInteger(sqft) && sqft >= 1 && sqft <= SQFT_MAX))
    problems.sqft = `must be a whole number of square feet from 1 to ${SQFT_MAX.toLocaleString('en-US')}`;
  if (Object.keys(problems).length > 0 || !texts.name || !texts.address || !texts.city || !state || !zip)
    return { ok: false, problems };
  return {
    ok: true,
    values: { ...texts, name: texts.name, address: texts.address, city: texts.city, state, zip, sqft },
  };
}
