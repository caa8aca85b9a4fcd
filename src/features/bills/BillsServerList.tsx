import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { FAILED_TO_FETCH_BILLS, fetchBills } from '../../api/bills';
import { useCurrentCompanyId } from '../../platform/company/useCurrentCompanyId';
import { companyIdOfPath } from '../../platform/routeTable';
import type { BillListRow } from '../../domain/billRows';
import type { BillMonthRange } from '../../domain/bills';
import { BillsGrid } from './BillsGrid';
import { BillsSummary } from './BillsSummary';
import { createSelectionStore } from './selectionStore';

type Answer = { key: string; rows: BillListRow[]; error: string | null };

const NO_ROWS: BillListRow[] = [];

/**
 * The bills of a company that is not on the device yet, read from the server while online (spec 001 §7
 * `GET /bills?fromDate&toDate`). A non-200 answer shows 'Failed to fetch bills' with an empty chart and grid
 * (spec 001 §8); once the company is synced the page reads the device instead and never shows this.
 */
export function BillsServerList({ range }: { range: BillMonthRange | null }) {
  const { pathname } = useLocation();
  const twinCompanyId = companyIdOfPath(pathname);
  const companyId = useCurrentCompanyId();
  const key = `${twinCompanyId ?? ''}|${range?.from ?? ''}|${range?.to ?? ''}`;
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [selection] = useState(createSelectionStore);

  useEffect(() => {
    if (range === null) return;
    let isCurrent = true;
    void fetchBills(twinCompanyId, range).then((result) => {
      if (!isCurrent) return;
      setAnswer(
        result.ok
          ? { key, rows: result.data, error: null }
          : {
              key,
              rows: NO_ROWS,
              error: result.isNetworkError ? result.error.message : FAILED_TO_FETCH_BILLS,
            },
      );
    });
    return () => {
      isCurrent = false;
    };
  }, [key, range, twinCompanyId]);

  const current = answer?.key === key ? answer : null;
  if (companyId === null) return null;
  return (
    <>
      {current?.error && (
        <div className="notice notice--danger" role="alert">
          <p>{current.error}</p>
        </div>
      )}
      {/* The server's answer brings the rows and the chart's figures together: nothing to hold the chart for. */}
      <BillsSummary rows={current ? current.rows : undefined} range={range} canDrawChart />
      <section className="panel" aria-labelledby="bills-server-title">
        <div className="panel__head">
          <h2 id="bills-server-title" className="panel__title">
            Bills in range
          </h2>
          <p className="muted">From the server: this company is not on this device yet.</p>
        </div>
        <BillsGrid
          rows={current ? current.rows : undefined}
          companyId={companyId}
          emptyText={current?.error ? 'No bills to show.' : 'No bills in this range.'}
          selection={selection}
        />
      </section>
    </>
  );
}
