// Account grid row rules of spec 001 §3 and §5.

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
