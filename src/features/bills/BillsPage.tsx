import { useDeferredValue, useMemo, useState } from 'react';
import { useCompanyRecord } from '../../platform/company/useCompanyRecord';
import { useCurrentCompanyId } from '../../platform/company/useCurrentCompanyId';
import { useOnline } from '../../platform/useOnline';
import {
  NO_BILL_FILTERS,
  billRangeOf,
  billRangeProblem,
  isBillFiltered,
  matchesBillFilters,
} from '../../domain/bills';
import type { BillFilters, BillMonthRange } from '../../domain/bills';
import type { BillListRow } from '../../db/queries/billsPage';
import { localToday } from '../../domain/contracts';
import { Page } from '../../ui/Page';
import { SyncNotice } from '../../ui/SyncNotice';
import { useAfterPaint } from '../../ui/useAfterPaint';
import { timeAgo } from '../../sync/syncFormat';
import { BillsFilters } from './BillsFilters';
import { BillsGrid } from './BillsGrid';
import { BillsRange } from './BillsRange';
import type { RangeChoice } from './BillsRange';
import { BillsServerList } from './BillsServerList';
import { BillsSummary } from './BillsSummary';
import { createSelectionStore } from './selectionStore';
import {
  useBillRange,
  useBillRows,
  useBillSummaries,
  useCompanySyncState,
  useLatestBillMonth,
} from './useBillsData';
import './bills.css';

/** Page state that belongs to one company: moving to another company's bills starts afresh. */
interface PageState {
  companyId: number | null;
  choice: RangeChoice;
  filters: BillFilters;
}

const initialState = (companyId: number | null): PageState => ({
  companyId,
  choice: { preset: 'last12' },
  filters: NO_BILL_FILTERS,
});

/**
 * The Bills area (`/bills`, `/companies/{compId}/bills`, spec 001 §2): a bill-month range with presets, filters,
 * totals and a chart of charges by month and service, and the grid of every bill in range — all read from the
 * device, so the page works offline for any synced company. A company not on the device yet is read from the
 * server's list while online (BillsServerList, with the spec's 'Failed to fetch bills').
 */
export function BillsPage() {
  const companyId = useCurrentCompanyId();
  const company = useCompanyRecord(companyId);
  const isOnline = useOnline();
  const sync = useCompanySyncState(companyId);
  const latestMonth = useLatestBillMonth(companyId);
  const [held, setState] = useState<PageState>(() => initialState(companyId));
  const state = held.companyId === companyId ? held : initialState(companyId);
  const [selection] = useState(createSelectionStore);
  // A new range or new filters show other rows: the selection starts again.
  const update = (patch: Partial<PageState>) => {
    selection.set(new Set());
    setState({ ...state, ...patch });
  };

  // Kept to its texts, so the range (and the figures made from it) changes only when one of them does.
  const { preset } = state.choice;
  const customFrom = state.choice.preset === 'custom' ? state.choice.range.from : null;
  const customTo = state.choice.preset === 'custom' ? state.choice.range.to : null;
  const range = useMemo<BillMonthRange | null>(() => {
    if (preset === 'custom') {
      const typed = { from: customFrom, to: customTo };
      return billRangeProblem(typed) === null ? typed : null;
    }
    if (latestMonth === undefined) return null;
    return billRangeOf(preset, latestMonth, localToday());
  }, [preset, customFrom, customTo, latestMonth]);
  const shownRange = preset === 'custom' ? { from: customFrom, to: customTo } : range;

  const answer = useBillRange(companyId, range);
  const { snapshot, wantRows } = useBillRows(companyId, range, answer);
  // Every row of the range, once all are read: what the filters, totals, sorting and exports work on. Deferred: the
  // loader's store renders at once (useSyncExternalStore), and taking 55,000 rows in that render held the main thread
  // up to ~400 ms while the user scrolled; React renders a deferred value in slices it can interrupt (bench:pages:
  // longest task 122 ms since, docs/decisions/bills.md).
  const allRows = useDeferredValue(
    snapshot?.isComplete ? (snapshot.rows as readonly BillListRow[]) : undefined,
  );
  const isFiltered = isBillFiltered(state.filters);
  const rows = useMemo(
    () => (isFiltered ? allRows?.filter((row) => matchesBillFilters(row, state.filters)) : allRows),
    [allRows, state.filters, isFiltered],
  );
  const summaryRows = useAfterPaint(rows !== undefined) ? rows : undefined;
  // Until then the grid shows the rows read so far (the ones on screen first), unfiltered.
  const gridRows = rows ?? (snapshot && !isFiltered && snapshot.revision > 0 ? snapshot.rows : undefined);
  const isGridPainted = useAfterPaint(gridRows !== undefined);
  const idCount = answer?.billCount ?? 0;
  const summaries = useBillSummaries(companyId, range);

  const name = typeof company === 'object' && company !== null ? company.name : null;
  if (companyId === null) return null;
  const progress =
    sync === undefined ? undefined : sync === null ? 'none' : sync.lastSyncAt ? 'synced' : 'first-sync';
  const isOnDevice = progress === 'synced' || idCount > 0;

  return (
    <Page
      titleId="bills-title"
      title="Bills"
      subtitle={
        <p className="muted">
          {name ?? ' '}
          {sync?.lastSyncAt ? ` · on this device, synced ${timeAgo(sync.lastSyncAt)}` : ''}
          {!isOnline && sync?.lastSyncAt ? ' · offline' : ''}
        </p>
      }
    >
      <BillsRange choice={state.choice} range={shownRange} onChange={(choice) => update({ choice })} />

      {progress !== undefined && progress !== 'synced' && (
        <SyncNotice progress={progress} isOnline={isOnline} hasRows={idCount > 0} />
      )}

      {progress === 'none' && isOnline && !isOnDevice ? (
        <BillsServerList range={range} />
      ) : (
        <>
          <BillsFilters rows={allRows} value={state.filters} onChange={(filters) => update({ filters })} />
          <BillsSummary
            rows={summaryRows}
            summaries={isFiltered ? undefined : summaries}
            range={range}
            canDrawChart={isGridPainted}
          />
          <section className="panel" aria-labelledby="bills-grid-title">
            <div className="panel__head">
              <h2 id="bills-grid-title" className="panel__title">
                Bills in range
              </h2>
              <p className="muted">Click a row or VIEW BILL to open a bill; DOWNLOAD BILL gets its PDF.</p>
            </div>
            <BillsGrid
              rows={gridRows}
              isComplete={rows !== undefined}
              revision={snapshot?.revision}
              onShowRows={wantRows}
              companyId={companyId}
              emptyText={
                isOnDevice ? 'No bills in this range.' : 'Bills appear here once this company is synced.'
              }
              selection={selection}
            />
          </section>
        </>
      )}
    </Page>
  );
}

/** react-router `lazy` convention. */
export const Component = BillsPage;
