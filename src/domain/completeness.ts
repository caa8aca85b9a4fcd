// "Is what this figure reads complete?" — one answer for every report, export and total computed on the device
// (docs/architecture.md §4: a first download brings sites and accounts, then bills newest month first, then the
// bills' lines and alerts). A figure computed while part of what it reads is still coming says so, naming what is
// missing, on screen and in the exported file.
import { monthLabel } from './dates';
import { PENDING_DETAILS } from './syncProtocol';
import { addMonths } from './totals';

/** What a company's download has brought so far (its syncState row; undefined = nothing yet). */
export interface DownloadState {
  cursor: string | null;
  lastSyncAt: string | null;
  /** The feed's `pendingBills` while a full pull runs: 'all', a month (`YYYY-MM`), PENDING_DETAILS, or none. */
  pendingBills?: string | null;
}

/**
 * What a figure reads: sites and accounts only, bills (of `months` when given, inclusive `YYYY-MM`), or bills with
 * their charge and usage lines (and alerts), which arrive last.
 */
export interface FigureReads {
  data: 'sites' | 'bills' | 'billLines';
  months?: { from: string; to: string };
}

/** Whether a figure is complete; when not, `missing` says what is still coming, in words for the page and file. */
export type Completeness = { isComplete: true } | { isComplete: false; missing: string };

const COMPLETE: Completeness = { isComplete: true };

function range(from: string, to: string): string {
  return from === to ? monthLabel(from) : `${monthLabel(from)} – ${monthLabel(to)}`;
}

/** Whether what a figure reads is all on the device, and if not, what is still coming. */
export function figureCompleteness(state: DownloadState | undefined, reads: FigureReads): Completeness {
  if (!state || (state.cursor === null && state.lastSyncAt === null))
    return { isComplete: false, missing: 'this company’s data is still coming to this device' };
  const pending = state.pendingBills ?? null;
  if (pending === null || reads.data === 'sites') return COMPLETE;
  if (pending === PENDING_DETAILS)
    return reads.data === 'billLines'
      ? { isComplete: false, missing: 'each bill’s charge and usage lines are still coming' }
      : COMPLETE;
  if (pending === 'all') {
    const months = reads.months ? ` of ${range(reads.months.from, reads.months.to)}` : '';
    return { isComplete: false, missing: `the bills${months} are still coming` };
  }
  // Bills of `pending` and earlier are still coming; lines come after every bill.
  const from = reads.months?.from ?? null;
  if (from !== null && from > pending)
    return reads.data === 'billLines'
      ? { isComplete: false, missing: 'each bill’s charge and usage lines are still coming' }
      : COMPLETE;
  const to = reads.months && reads.months.to < pending ? reads.months.to : pending;
  return {
    isComplete: false,
    missing:
      from === null
        ? `bills of ${monthLabel(pending)} and earlier are still coming`
        : `bills of ${range(from, to)} are still coming`,
  };
}

/** The words a page and an exported file carry for an incomplete figure; null when complete. */
export function incompleteNotice(completeness: Completeness): string | null {
  return completeness.isComplete
    ? null
    : `Not complete: ${completeness.missing}. Figures computed now leave that out; run it again once the download has finished.`;
}

/** The months a report reads: its filter's span, and the year before for a year-over-year comparison. */
export function reportReads(reportType: string, filter: { fromMonth: string; toMonth: string }): FigureReads {
  if (reportType === 'contractExpiry') return { data: 'sites' };
  const from = reportType === 'yearOverYear' ? addMonths(filter.fromMonth, -12) : filter.fromMonth;
  return { data: reportType === 'billDetail' ? 'billLines' : 'bills', months: { from, to: filter.toMonth } };
}
