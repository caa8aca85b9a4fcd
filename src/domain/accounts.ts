// Account grid row rules of spec 001 §3 and §5.
import { compareServiceTypes, splitServices } from './serviceTypes';

/** The account row fields the normalization reads; rows may carry any others. */
export interface AccountRowFields {
  serviceAddress?: string | null;
  locationAddress?: string | null;
  esiId?: string | null;
  meterCustomerNumbers?: string | null;
  locationState?: string | null;
}

const TEXAS = new Set(['tx', 'texas']);

function isBlank(value: string | null | undefined): boolean {
  return value == null || value.trim() === '';
}

/** ESI IDs exist only in the Texas market, so a state of TX or Texas (any case) keeps them. */
export function isTexas(state: string | null | undefined): boolean {
  return state != null && TEXAS.has(state.trim().toLowerCase());
}

/** Adds a number to a ', '-joined list unless it is already there. */
function appendNumber(list: string | null | undefined, value: string): string {
  const current = list?.trim() ?? '';
  if (current === '') return value;
  return current.split(',').some((part) => part.trim() === value) ? current : `${current}, ${value}`;
}

/** A copy of the row as the grid shows it: address fallback, and a non-Texas esiId shown as a meter/customer number. */
export function normalizeAccountRow<T extends AccountRowFields>(row: T): T {
  const out = { ...row };
  if (isBlank(row.serviceAddress) && !isBlank(row.locationAddress)) {
    out.serviceAddress = row.locationAddress;
  }
  const esiId = row.esiId?.trim() ?? '';
  if (esiId !== '' && !isTexas(row.locationState)) {
    out.meterCustomerNumbers = appendNumber(row.meterCustomerNumbers, esiId);
    out.esiId = '';
  }
  return out;
}

/** An account charge row shows its status date only once the status is cleared (second spec document §4). */
export function shownStatusDate(
  status: string | null | undefined,
  statusDate: string | null | undefined,
): string | null {
  return status?.trim().toLowerCase() === 'cleared' ? (statusDate ?? null) : null;
}

/**
 * The fields of an account grid row, in the server's order (server/src/areas/accounts/accountRows.ts): exactly
 * ACCOUNT_EXTRA_AFTER (33) of them, so any field a later version appends lands past the 33rd and becomes one of the
 * spec's hidden, sortable extra columns (second spec document §5).
 */
export const ACCOUNT_GRID_FIELDS = [
  'serviceAddress',
  'services',
  'collectionType',
  'esiId',
  'meterCustomerNumbers',
  'meterNumber',
  'serviceCity',
  'serviceZip',
  'locationState',
  'nickname',
  'vendorName',
  'accountNumber',
  'locationId',
  'locationName',
  'version',
  'id',
  'companyId',
  'vendorId',
  'locationAddress',
  'locationCity',
  'locationZip',
  'siteNumber',
  'serviceState',
  'subAddress',
  'meterCount',
  'nextExpectedDeliveryDate',
  'isActive',
  'latestBillMonth',
  'twelveMonthCharges',
  'missingInvoiceCount',
  'firstBillMonth',
  'billCount',
  'updatedAt',
] as const;

/** Accounts offering one service type (an account with several services counts for each). */
export interface ServiceCount {
  serviceType: string;
  count: number;
}

/**
 * Accounts per service type, most accounts first; ties in the spec's service order (compareServiceTypes), the order
 * of every service legend, so the device and the server (which passes rows grouped by `services`, with their
 * `accounts`) list them alike. An account names each of its services once, however often its list repeats it.
 */
export function countAccountsByService(
  rows: readonly { services: string | null; accounts?: number }[],
): ServiceCount[] {
  const counts = new Map<string, number>();
  for (const row of rows) {
    for (const service of new Set(splitServices(row.services)))
      counts.set(service, (counts.get(service) ?? 0) + (row.accounts ?? 1));
  }
  return [...counts]
    .sort(([a, x], [b, y]) => y - x || compareServiceTypes(a, b))
    .map(([serviceType, count]) => ({ serviceType, count }));
}

/** Accounts with one collection type; null for accounts without one. */
export interface CollectionTypeCount {
  collectionType: string | null;
  count: number;
}

/**
 * Accounts per collection type, most accounts first, ties by name (code-unit order) and accounts without a type
 * last; rows may come grouped, with their `accounts`.
 */
export function countAccountsByCollectionType(
  rows: readonly { collectionType: string | null; accounts?: number }[],
): CollectionTypeCount[] {
  const counts = new Map<string | null, number>();
  for (const row of rows)
    counts.set(row.collectionType, (counts.get(row.collectionType) ?? 0) + (row.accounts ?? 1));
  const byName = (a: string | null, b: string | null) =>
    a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1;
  return [...counts]
    .sort(([a, x], [b, y]) => y - x || byName(a, b))
    .map(([collectionType, count]) => ({ collectionType, count }));
}

/** What a person calls an account: its nickname, else its number. */
export function accountTitle(account: { nickname?: string | null; accountNumber: string }): string {
  const nickname = account.nickname?.trim() ?? '';
  return nickname === '' ? account.accountNumber : nickname;
}

/** Longest nickname the server keeps, after trimming (server/src/areas/accounts/accounts.ts checks the same). */
export const NICKNAME_MAX = 100;

/** The nickname as the server stores it: trimmed, and blank means none. */
export function normalizeNickname(nickname: string | null): string | null {
  const trimmed = (nickname ?? '').trim();
  return trimmed === '' ? null : trimmed;
}

/** Why a nickname cannot be saved, or null when it can (blank clears it). */
export function nicknameProblem(nickname: string): string | null {
  return nickname.trim().length > NICKNAME_MAX ? `Nickname must be at most ${NICKNAME_MAX} characters` : null;
}
