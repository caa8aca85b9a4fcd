// Meter and account identifier rules of the single-account page (second spec document §7: addMeterRecord,
// updateEsiIdSubAddress). The spec shows no rule; these are the product's decisions (docs/architecture.md §14).
// The server (server/src/areas/accounts/meterRules.ts) and the offline client check with these same functions, so a write the
// client queues is one the server accepts.
import { isTexas } from './accounts';
import { findServiceType } from './serviceTypes';
import { STATES } from './states';

/**
 * ERCOT ESI IDs are all digits: 17 for most wires companies (Oncor, AEP, TNMP), 22 for CenterPoint. Exactly those
 * two lengths are accepted in Texas, not every length between, so a mistyped digit is caught.
 */
export const ESI_ID_LENGTHS: readonly number[] = [17, 22];

/** Longest meter number kept, after trimming. */
export const METER_NUMBER_MAX = 50;

/** Longest sub-address or service city kept, after trimming. */
export const METER_TEXT_MAX = 100;

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

function countryOf(state: string | null): string | undefined {
  return state === null ? 'US' : STATE_BY_KEY.get(state.toUpperCase())?.country;
}

/**
 * The zip as stored: US and Mexican codes of 5 or 9 digits (ZIP+4 written 12345-6789), Canadian postal codes as
 * 'A1A 1A1'. Null when it does not fit the state's country.
 */
export function normalizedZip(zip: string, state: string | null): string | null {
  const value = zip.trim();
  if (countryOf(state) === 'CA') {
    const match = /^([A-Za-z][0-9][A-Za-z]) ?([0-9][A-Za-z][0-9])$/.exec(value);
    return match ? `${match[1]} ${match[2]}`.toUpperCase() : null;
  }
  const match = /^([0-9]{5})(?:-?([0-9]{4}))?$/.exec(value);
  if (!match) return null;
  return match[2] ? `${match[1]}-${match[2]}` : (match[1] ?? null);
}

/** The zip rule in words, for the field error. */
export function zipRule(state: string | null): string {
  return countryOf(state) === 'CA'
    ? 'must be a Canadian postal code (A1A 1A1)'
    : 'must be 5 or 9 digits (12345 or 12345-6789)';
}

/** Trimmed text, or null when blank: what the server stores for an optional field. */
export function cleanedText(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** The fields of 'Update ESI ID / sub-address' as the form holds them. */
export interface MeterUpdateInput {
  esiId: string;
  subAddress: string;
  serviceCity: string;
  serviceState: string;
  serviceZip: string;
}

/** The meter fields as stored after the update (blank cleared to null, state and zip normalized). */
export interface MeterUpdateValues {
  esiId: string | null;
  subAddress: string | null;
  serviceCity: string | null;
  serviceState: string | null;
  serviceZip: string | null;
}

/** Field name → problem, for the fields that have one. */
export type FieldProblems<K extends string> = Partial<Record<K, string>>;

/** A checked form: the values to write, or the problems to show. */
export type Checked<V, K extends string> =
  { ok: true; values: V } | { ok: false; problems: FieldProblems<K> };

/**
 * Checks an ESI ID / sub-address update as the server does. `fallbackState` is the account's service state or
 * else its location's: the meter's own state, when cleared, falls back to it for the esiId and zip rules.
 */
export function checkMeterUpdate(
  input: MeterUpdateInput,
  fallbackState: string | null,
): Checked<MeterUpdateValues, keyof MeterUpdateInput> {
  const problems: FieldProblems<keyof MeterUpdateInput> = {};
  const stateText = cleanedText(input.serviceState);
  const serviceState = stateText === null ? null : stateKey(stateText);
  if (stateText !== null && serviceState === null)
    problems.serviceState = 'is not a state or province of the list';
  const meterState = serviceState ?? fallbackState;
  const zipText = cleanedText(input.serviceZip);
  const serviceZip = zipText === null ? null : normalizedZip(zipText, meterState);
  if (zipText !== null && serviceZip === null) problems.serviceZip = zipRule(meterState);
  const esiId = cleanedText(input.esiId);
  const esiProblem = esiId === null ? null : esiIdProblem(esiId, meterState);
  if (esiProblem) problems.esiId = esiProblem;
  const subAddress = cleanedText(input.subAddress);
  const serviceCity = cleanedText(input.serviceCity);
  if (subAddress && subAddress.length > METER_TEXT_MAX)
    problems.subAddress = `must be at most ${METER_TEXT_MAX} characters`;
  if (serviceCity && serviceCity.length > METER_TEXT_MAX)
    problems.serviceCity = `must be at most ${METER_TEXT_MAX} characters`;
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return { ok: true, values: { esiId, subAddress, serviceCity, serviceState, serviceZip } };
}

/** The fields of 'Add meter' as the form holds them. */
export interface NewMeterInput {
  meterNumber: string;
  meterService: string;
  esiId: string;
}

/** A new meter's fields as stored. */
export interface NewMeterValues {
  meterNumber: string;
  meterService: string;
  esiId: string | null;
}

/**
 * Checks a new meter as the server does: a number (unique on the account, any case), a known service type, and
 * an esiId valid for the account's state (its service state, else its location's).
 */
export function checkNewMeter(
  input: NewMeterInput,
  accountState: string | null,
  existingNumbers: readonly string[],
): Checked<NewMeterValues, keyof NewMeterInput> {
  const problems: FieldProblems<keyof NewMeterInput> = {};
  const meterNumber = input.meterNumber.trim();
  if (meterNumber === '') problems.meterNumber = 'is required';
  else if (meterNumber.length > METER_NUMBER_MAX)
    problems.meterNumber = `must be at most ${METER_NUMBER_MAX} characters`;
  else if (existingNumbers.some((number) => number.toLowerCase() === meterNumber.toLowerCase()))
    problems.meterNumber = `meter ${meterNumber} already exists on this account`;
  const service = findServiceType(input.meterService);
  if (!service) problems.meterService = 'is not a known service type';
  const esiId = cleanedText(input.esiId);
  const esiProblem = esiId === null ? null : esiIdProblem(esiId, accountState);
  if (esiProblem) problems.esiId = esiProblem;
  if (!service || Object.keys(problems).length > 0) return { ok: false, problems };
  return { ok: true, values: { meterNumber, meterService: service.value, esiId } };
}
