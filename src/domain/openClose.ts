// Open/close account request states of spec 001 §4.

/** Request workflow labels, indexed by the status number the API stores. */
export const OPEN_CLOSE_STATUSES = ['Received', 'In Progress', 'Pending', 'Done'] as const;

/** Label of a status number; unknown numbers show nothing rather than a wrong state. */
export function openCloseStatusLabel(n: number): string {
  return Number.isInteger(n) ? (OPEN_CLOSE_STATUSES[n] ?? '') : '';
}

/** Whether a request opens or closes an account. */
export function openCloseLabel(isOpen: boolean): 'Open' | 'Close' {
  return isOpen ? 'Open' : 'Close';
}
