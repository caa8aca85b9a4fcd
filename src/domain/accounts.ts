// Account grid row rules of spec 001 §3 and §5.
import { splitServices } from './serviceTypes';

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
 * The fields of an account grid row, in the server's order (server/src/routes/accountRows.ts): exactly
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

/** Accounts per service type, most accounts first (an account with several services counts for each). */
export function countAccountsByService(
  rows: readonly { services: string | null }[],
): { serviceType: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const row of rows) {
    for (const service of new Set(splitServices(row.services)))
      counts.set(service, (counts.get(service) ?? 0) + 1);
  }
  return [...counts]
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
    .map(([serviceType, count]) => ({ serviceType, count }));
}

/** What a person calls an account: its nickname, else its number. */
export function accountTitle(account: { nickname?: string | null; accountNumber: string }): string {
  const nickname = account.nickname?.trim() ?? '';
  return nickname === '' ? account.accountNumber : nickname;
}

/** Longest nickname the server keeps, after trimming (server/src/routes/accounts.ts checks the same). */
export const NICKNAME_MAX = 100;

/** Why a nickname cannot be saved, or null when it can (blank clears it). */
export function nicknameProblem(nickname: string): string | null {
  return nickname.trim().length > NICKNAME_MAX ? `Nickname must be at most ${NICKNAME_MAX} characters` : null;
}
