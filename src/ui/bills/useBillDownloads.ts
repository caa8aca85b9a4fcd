// Bill files from the Bills pages: one bill's PDF through the kept-files store (docs/architecture.md §15: opened once,
// it opens offline), and zips of selected bills, split into requests of at most BILL_ZIP_MAX_IDS (spec 001 §7).
import { useCallback, useState } from 'react';
import { useUserDb } from '../../platform/database';
import { hasKeptFile } from '../../db/keptFiles';
import { useLocation } from 'react-router-dom';
import { companyIdOfPath } from '../../platform/routeTable';
import { billPdfFileName, billPdfKey, billZipName, chunkIds } from '../../domain/bills';
import { localToday } from '../../domain/contracts';
import { fetchFile } from '../../files/fetchFile';
import { openFile } from '../../files/openFile';
import type { FileSource } from '../../files/openFile';
import { saveFile } from '../../files/saveFile';
import { useFileDownload } from '../useFileDownload';
import { useToasts } from '../useToasts';

/** Shown when a bill's PDF is wanted offline and is not kept on this device. */
export const BILL_PDF_OFFLINE = 'This bill’s PDF needs a network connection';

/** What names a bill's PDF. */
export interface PdfBill {
  id: string;
  companyId: number;
  vendorName: string;
  accountNumber: string | null;
  billMonth: string;
}

/** The kept-files source of a bill's PDF. */
export function billPdfSource(bill: PdfBill): FileSource {
  return {
    key: billPdfKey(bill.id),
    // The plain path serves consultants too: the access rule reads the bill's own company.
    path: `/bills/${bill.id}/download`,
    name: billPdfFileName(bill.vendorName, bill.accountNumber ?? 'account', bill.billMonth),
    companyId: bill.companyId,
  };
}

/** Downloads a bill's PDF (kept on the device for next time); offline and not kept, says so in a toast. */
export function useBillPdfDownload() {
  const { download, busyKey } = useFileDownload(BILL_PDF_OFFLINE);
  const downloadBill = useCallback((bill: PdfBill) => download(billPdfSource(bill)), [download]);
  return { downloadBill, busyKey };
}

/**
 * Opens a bill's PDF in a new tab from the device, or from the network (then kept); offline and not kept, no tab
 * opens and `message` says the PDF needs a network connection. The tab opens within the click (so no popup
 * blocker stops it) and receives the PDF when it is ready.
 */
export function useBillPdfView() {
  const db = useUserDb();
  const [isBusy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const viewBill = useCallback(
    async (bill: PdfBill) => {
      if (!db) return;
      // Offline and not kept, there is nothing to show: say so here rather than open a tab only to close it.
      // (The read is short: the click's user activation still lets the tab open after it.)
      if (!navigator.onLine && !(await hasKeptFile(db, billPdfSource(bill).key))) {
        setMessage(BILL_PDF_OFFLINE);
        return;
      }
      const tab = window.open('', '_blank');
      setBusy(true);
      setMessage(null);
      try {
        const outcome = await openFile(db, billPdfSource(bill), {
          fetchFile,
          isOnline: () => navigator.onLine,
          offlineMessage: BILL_PDF_OFFLINE,
        });
        if (!outcome.ok) {
          tab?.close();
          setMessage(outcome.message);
          return;
        }
        const url = URL.createObjectURL(new Blob([outcome.blob], { type: 'application/pdf' }));
        if (tab) tab.location.href = url;
        else saveFile(outcome.blob, billPdfSource(bill).name);
        setTimeout(() => URL.revokeObjectURL(url), 60_000);
      } finally {
        setBusy(false);
      }
    },
    [db],
  );
  return { viewBill, isBusy, message };
}

/** Progress of a zip download: which part of how many. */
export interface ZipProgress {
  part: number;
  parts: number;
}

/**
 * Downloads the bills of `ids` as zips, one per BILL_ZIP_MAX_IDS ids, one after another (the server streams each);
 * answers how many zips were saved. Online only: a zip is made by the server.
 */
export function useBillZips() {
  const { pathname } = useLocation();
  const { toast } = useToasts();
  const [progress, setProgress] = useState<ZipProgress | null>(null);
  const companyId = companyIdOfPath(pathname);
  const downloadZips = useCallback(
    async (ids: readonly string[]): Promise<number> => {
      if (!navigator.onLine) {
        toast(
          'Needs a network connection',
          'Zips of bills are made by the server: connect to download them.',
          {
            kind: 'warning',
          },
        );
        return 0;
      }
      const groups = chunkIds(ids);
      const base = companyId === null ? '/bills/download' : `/companies/${companyId}/bills/download`;
      const day = localToday();
      let saved = 0;
      try {
        for (const [i, group] of groups.entries()) {
          setProgress({ part: i + 1, parts: groups.length });
          const fetched = await fetchFile(`${base}?ids=${group.join(',')}`);
          if (!fetched.ok) {
            toast('Download failed', fetched.message, { kind: 'error' });
            break;
          }
          saveFile(fetched.blob, billZipName(day, i + 1, groups.length));
          saved += 1;
        }
      } finally {
        setProgress(null);
      }
      return saved;
    },
    [companyId, toast],
  );
  return { downloadZips, progress };
}
