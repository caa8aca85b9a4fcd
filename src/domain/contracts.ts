// Contract expiry rules of spec 000 §4 / 001 §4: one status text and colour per contract.

/** Colour keys of a contract status; `expired` has its own style, extended contracts are always grey. */
export type ContractStatusColor = 'red' | 'orange' | 'yellow' | 'green' | 'grey' | 'expired';

/** A contract status as shown in the grid. */
export interface ContractStatus {
  text: string;
  color: ContractStatusColor;
}

/** The suffix an extended contract's status carries, so users see why it is grey. */
export const EXTENDED_SUFFIX = ' (Extended)';

/** Days within which a contract counts as due: the sidebar badge, the home page and the client cards. */
export const CONTRACT_DUE_DAYS = 30;

const NONE_UUID = /^0{8}-0{4}-0{4}-0{4}-0{12}$/;

function baseStatus(daysTillExpire: number): ContractStatus {
  if (daysTillExpire <= 0) return { text: 'Expired', color: 'expired' };
  if (daysTillExpire < 30) return { text: '< 30 Days Remaining', color: 'red' };
  if (daysTillExpire < 90) return { text: '< 90 Days Remaining', color: 'orange' };
  if (daysTillExpire < 180) return { text: '< 180 Days Remaining', color: 'yellow' };
  return { text: 'Active', color: 'green' };
}

/** Status of a contract from its days left; an extension supersedes the contract, hence grey. */
export function contractStatus(daysTillExpire: number, isExtended: boolean): ContractStatus {
  const status = baseStatus(daysTillExpire);
  return isExtended ? { text: status.text + EXTENDED_SUFFIX, color: 'grey' } : status;
}

/** Ids arrive as all-zero UUIDs when a link (e.g. associatedContractId) is absent. */
export function isNoneId(id: string | null | undefined): boolean {
  if (id == null) return true;
  const trimmed = id.trim();
  return trimmed === '' || NONE_UUID.test(trimmed);
}

/** Whether a contract with `daysLeft` days left is due: it ends today or within CONTRACT_DUE_DAYS. */
export function isDueWithin(daysLeft: number): boolean {
  return daysLeft >= 0 && daysLeft <= CONTRACT_DUE_DAYS;
}

/**
 * "Contracts due" (spec 000 §4, the Contracts badge): 0 to CONTRACT_DUE_DAYS days left, not yet viewed, and not
 * superseded by an extension (the Contracts page lists only those). The one rule of the badge, Home, the
 * consultant's client cards and the Contracts page's own figure (src/domain/counts.ts).
 */
export function isContractDue(contract: {
  daysTillExpire?: number | null;
  isViewed: boolean;
  isExtended?: boolean;
}): boolean {
  return (
    contract.daysTillExpire != null &&
    !contract.isViewed &&
    contract.isExtended !== true &&
    isDueWithin(contract.daysTillExpire)
  );
}

/** The words of the contracts-due figure: spec 000 §4's tooltip. */
export function contractsDueText(count: number): string {
  return `${count} ${count === 1 ? 'Contract' : 'Contracts'} due in ${CONTRACT_DUE_DAYS} days`;
}

/** The admin badge on the Contracts entry: the contracts due (isContractDue) with their words. */
export function contractsDueBadge(
  contracts: readonly { daysTillExpire?: number | null; isViewed: boolean; isExtended?: boolean }[],
): { count: number; tooltip: string } {
  const count = contracts.filter(isContractDue).length;
  return { count, tooltip: contractsDueText(count) };
}

/** The contracts due (isContractDue) as of `today` (`YYYY-MM-DD`), from end dates: the device and the server. */
export function countContractsDue(
  contracts: readonly { endDate: string; isViewed: boolean; isExtended: boolean }[],
  today: string,
): number {
  let count = 0;
  for (const contract of contracts)
    if (isContractDue({ ...contract, daysTillExpire: daysTillExpire(contract.endDate, today) })) count += 1;
  return count;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days from `today` to a contract's end date (both `YYYY-MM-DD`); negative once it has ended. */
export function daysTillExpire(endDate: string, today: string): number {
  return Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}

/** Today's calendar date in the user's time zone, as `YYYY-MM-DD`. */
export function localToday(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/** A contract's expiry as the grid shows it: days left from `today` (`YYYY-MM-DD`), status text and colour. */
export interface ContractExpiry {
  daysTillExpire: number;
  status: string;
  statusColor: ContractStatusColor;
}

/**
 * The expiry of a contract on `today`: computed from its end date wherever it is read (device or server), so a
 * contract read offline a week after the last sync shows the status of the day.
 */
export function contractExpiry(
  contract: { endDate: string; isExtended: boolean },
  today: string,
): ContractExpiry {
  const days = daysTillExpire(contract.endDate, today);
  const status = contractStatus(days, contract.isExtended);
  return { daysTillExpire: days, status: status.text, statusColor: status.color };
}

/**
 * The contracts a contract extends, newest first, following `associatedContractId` (spec 001 §4); an all-zero or
 * unknown id ends the chain, and a loop in the data stops at the first repeat.
 */
export function extensionChain<Contract extends { id: string; associatedContractId: string | null }>(
  contract: Contract,
  byId: ReadonlyMap<string, Contract>,
): Contract[] {
  const chain: Contract[] = [];
  const seen = new Set<string>([contract.id]);
  let next = contract.associatedContractId;
  while (!isNoneId(next) && next !== null && !seen.has(next)) {
    const older = byId.get(next);
    if (!older) break;
    chain.push(older);
    seen.add(older.id);
    next = older.associatedContractId;
  }
  return chain;
}
