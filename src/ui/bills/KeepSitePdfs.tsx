import { useMemo, useState } from 'react';
import { CloudDownload } from 'lucide-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useUserDb } from '../../platform/database';
import { useOnline } from '../../platform/useOnline';
import { keptKeys } from '../../db/keptFiles';
import type { AccountRow, BillRow } from '../../db/rows';
import { billPdfKey } from '../../domain/bills';
import { fetchFile } from '../../files/fetchFile';
import { openFile } from '../../files/openFile';
import { BILL_PDF_OFFLINE, billPdfSource } from './useBillDownloads';
import './keepSitePdfs.css';

/** How many of a site's latest bill PDFs the button keeps. */
export const SITE_PDFS_KEPT = 13;

/**
 * "Keep this site's last 13 bill PDFs offline" (for a location page): fetches the PDFs of the site's 13 latest bills
 * with an invoice into the kept-files store (docs/architecture.md §15), one after another, and says how many are on
 * the device. Kept files stay within the store's cap; the oldest unused are evicted first.
 */
export function KeepSitePdfs({
  bills,
  accounts,
}: {
  bills: readonly BillRow[];
  accounts: readonly AccountRow[];
}) {
  const db = useUserDb();
  const isOnline = useOnline();
  const [progress, setProgress] = useState<{ done: number; of: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const latest = useMemo(
    () =>
      bills
        .filter((bill) => !bill.isInvoiceMissing)
        .sort((a, b) => b.billMonth.localeCompare(a.billMonth) || a.id.localeCompare(b.id))
        .slice(0, SITE_PDFS_KEPT),
    [bills],
  );
  const keys = useMemo(() => latest.map((bill) => billPdfKey(bill.id)), [latest]);
  const kept = useLiveQuery(async () => (db ? keptKeys(db, keys) : new Set<string>()), [db, keys]);
  if (latest.length === 0) return null;
  const keptCount = kept?.size ?? 0;

  const keepAll = async () => {
    if (!db) return;
    const numbers = new Map(accounts.map((account) => [account.id, account.accountNumber]));
    const missing = latest.filter((bill) => !kept?.has(billPdfKey(bill.id)));
    setProblem(null);
    for (const [i, bill] of missing.entries()) {
      setProgress({ done: i, of: missing.length });
      const source = billPdfSource({ ...bill, accountNumber: numbers.get(bill.accountId) ?? null });
      const outcome = await openFile(db, source, {
        fetchFile,
        isOnline: () => navigator.onLine,
        offlineMessage: BILL_PDF_OFFLINE,
      });
      if (!outcome.ok) {
        setProblem(outcome.message);
        break;
      }
      if (!outcome.isKept) {
        setProblem('The device’s room for kept files is full: remove some in the Sync panel.');
        break;
      }
    }
    setProgress(null);
  };

  return (
    <div className="bills-keep" role="group" aria-label="Bill PDFs on this device">
      <button
        type="button"
        className="btn btn--secondary btn--sm"
        disabled={!isOnline || progress !== null || keptCount === latest.length}
        onClick={() => void keepAll()}
      >
        <CloudDownload size={16} aria-hidden="true" />
        {progress
          ? `Keeping ${progress.done + 1} of ${progress.of}…`
          : `Keep this site’s last ${SITE_PDFS_KEPT} bill PDFs offline`}
      </button>
      <span className="muted" role="status">
        {keptCount} of {latest.length} on this device
        {!isOnline && keptCount < latest.length ? ' · needs a network connection' : ''}
      </span>
      {problem && (
        <span className="error-text" role="alert">
          {problem}
        </span>
      )}
    </div>
  );
}
