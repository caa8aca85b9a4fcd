import { describe, expect, it } from 'vitest';
import { figureCompleteness, incompleteNotice, reportReads } from '../../src/domain/completeness';
import type { DownloadState, FigureReads } from '../../src/domain/completeness';
import { PENDING_DETAILS } from '../../src/domain/syncProtocol';

const synced: DownloadState = { cursor: 'c', lastSyncAt: '2026-11-28T10:00:00Z', pendingBills: null };
const during = (pendingBills: string): DownloadState => ({ cursor: 'c', lastSyncAt: null, pendingBills });
const year = { from: '2025-11', to: '2026-10' };

describe('figureCompleteness', () => {
  it.each<[string, DownloadState | undefined, FigureReads, string | null]>([
    ['a synced company', synced, { data: 'billLines', months: year }, null],
    [
      'nothing on the device',
      undefined,
      { data: 'sites' },
      'this company’s data is still coming to this device',
    ],
    [
      'before the first page',
      { cursor: null, lastSyncAt: null },
      { data: 'bills' },
      'this company’s data is still coming to this device',
    ],
    ['sites while bills come', during('all'), { data: 'sites' }, null],
    [
      'bills while none are here',
      during('all'),
      { data: 'bills', months: year },
      'the bills of Nov 2025 – Oct 2026 are still coming',
    ],
    // The reported case: a year from Nov 2025 run while Nov 2025 and earlier were still coming.
    [
      'a year whose first month is still coming',
      during('2025-11'),
      { data: 'bills', months: year },
      'bills of Nov 2025 are still coming',
    ],
    [
      'a year whose first months are still coming',
      during('2026-01'),
      { data: 'bills', months: year },
      'bills of Nov 2025 – Jan 2026 are still coming',
    ],
    ['a window after what is still coming', during('2025-10'), { data: 'bills', months: year }, null],
    [
      'lines after every bill',
      during('2025-10'),
      { data: 'billLines', months: year },
      'each bill’s charge and usage lines are still coming',
    ],
    ['bills once only details come', during(PENDING_DETAILS), { data: 'bills', months: year }, null],
    [
      'lines while details come',
      during(PENDING_DETAILS),
      { data: 'billLines', months: year },
      'each bill’s charge and usage lines are still coming',
    ],
    [
      'no window while months come',
      during('2025-11'),
      { data: 'bills' },
      'bills of Nov 2025 and earlier are still coming',
    ],
  ])('%s', (_name, state, reads, missing) => {
    const answer = figureCompleteness(state, reads);
    expect(answer.isComplete ? null : answer.missing).toBe(missing);
  });

  it('words a notice for the page and the file only when incomplete', () => {
    expect(incompleteNotice({ isComplete: true })).toBeNull();
    expect(incompleteNotice({ isComplete: false, missing: 'bills of Nov 2025 are still coming' })).toBe(
      'Not complete: bills of Nov 2025 are still coming. Figures computed now leave that out; run it again once the download has finished.',
    );
  });
});

describe('reportReads', () => {
  it('reads bill lines for the bill detail, the year before for year over year, sites for contracts', () => {
    const filter = { fromMonth: '2025-11', toMonth: '2026-10' };
    expect(reportReads('billDetail', filter)).toEqual({ data: 'billLines', months: year });
    expect(reportReads('chargesByMonth', filter)).toEqual({ data: 'bills', months: year });
    expect(reportReads('yearOverYear', filter)).toEqual({
      data: 'bills',
      months: { from: '2024-11', to: '2026-10' },
    });
    expect(reportReads('contractExpiry', filter)).toEqual({ data: 'sites' });
  });
});
