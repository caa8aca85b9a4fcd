// Validation of meter and account identifiers written by the single-account page (second spec document §7:
// addMeterRecord, updateEsiIdSubAddress). The spec shows no rule; these are the decisions of issue 6.
import { isTexas } from '../../../src/domain/accounts';
import { STATES } from '../../../src/domain/states';

/**
 * ERCOT ESI IDs are all digits: 17 for most wires companies (Oncor, AEP, TNMP), 22 for CenterPoint. Exactly those
 * two lengths are accepted in Texas, not every length between, so a mistyped digit is caught.
 */
export const ESI_ID_LENGTHS: readonly number[] = [17, 22];

/** Outside Texas an "esiId" is really a meter or customer number (second spec document §5): kept, loosely checked. */
const OTHER_NUMBER = /^[A-Za-z0-9][A-Za-z0-9 ./-]{0,39}$/;

const STATE_BY_KEY = new Map(STATES.map((state) => [state.key, state]));

/** The state key as stored (upper case), or null when the list has no such state. */
export function stateKey(text: string): string | null {
  const key = text.trim().toUpperCase();
  return STATE_BY_KEY.has(key) ? key : null;
}

/** Why an esiId is not valid for a service in `state`, or null when it is (blank means "none" and is valid). */
export function esiIdProblem(esiId: string, state: string | null): string | null {
  const value = esiId.trim();
  if (value === '') return null;
  if (isTexas(state)) {
    return /^[0-9]+$/.test(value) && ESI_ID_LENGTHS.includes(value.length)
      ? null
      : 'must be an ERCOT ESI ID of 17 or 22 digits in Texas';
  }
  return OTHER_NUMBER.test(value)
    ? null
    : 'must be up to 40 letters, digits, spaces, dots, slashes or dashes';
}

/**
 * The zip as stored: US and Mexican codes of 5 or 9 digits (ZIP+4 written 12345-6789), Canadian postal codes as
 * 'A1A 1A1'. Null when it does not fit the state's country.
 */
export function normalizedZip(zip: string, state: string | null): string | null {
  const value = zip.trim();
  const country = state === null ? 'US' : (STATE_BY_KEY.get(state.toUpperCase())?.country ?? 'US');
  if (country === 'CA') {
    const match = /^([A-Za-z][0-9][A-Za-z]) ?([0-9][A-Za-z][0-9])$/.exec(value);
    return match ? `${match[1]} ${match[2]}`.toUpperCase() : null;
  }
  const match = /^([0-9]{5})(?:-?([0-9]{4}))?$/.exec(value);
  if (!match) return null;
  return match[2] ? `${match[1]}-${match[2]}` : (match[1] ?? null);
}

/** The zip rule in words, for the field error. */
export function zipRule(state: string | null): string {
  const country = state === null ? 'US' : STATE_BY_KEY.get(state.toUpperCase())?.country;
  return country === 'CA'
    ? 'must be a Canadian postal code (A1A 1A1)'
    : 'must be 5 or 9 digits (12345 or 12345-6789)';
}
