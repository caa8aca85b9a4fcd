import { useLiveQuery } from 'dexie-react-hooks';
import { CloudDownload, CloudOff } from 'lucide-react';
import { useUserDb } from '../platform/database';
import { useCurrentCompanyId } from '../platform/company/useCurrentCompanyId';
import type { CompanySyncProgress } from '../db/queries/locations';
import { pendingBillsText } from '../domain/sync';

/** Props of the notice shown while a company's data is not fully on this device. */
export type SyncNoticeProps = {
  progress: Exclude<CompanySyncProgress, 'synced'>;
  isOnline: boolean;
  /** Some rows are already here (the first download is part-way). */
  hasRows: boolean;
};

/**
 * Says honestly why a page's figures are missing or partial: the company's first download is running (and which bill
 * months it still has to bring), or cannot run offline (feedback.css .notice).
 */
export function SyncNotice({ progress, isOnline, hasRows }: SyncNoticeProps) {
  const db = useUserDb();
  const companyId = useCurrentCompanyId();
  const pendingBills = useLiveQuery(
    async () =>
      db && companyId !== null ? ((await db.syncState.get(companyId))?.pendingBills ?? null) : null,
    [db, companyId],
  );
  const pending = hasRows ? pendingBillsText(pendingBills) : null;
  if (!isOnline && progress === 'none') {
    return (
      <div className="notice" role="status">
        <CloudOff size={18} aria-hidden="true" />
        <p>
          This company’s data is not on this device yet. Connect to the network once to download it for
          offline use.
        </p>
      </div>
    );
  }
  return (
    <div className="notice" role="status">
      <CloudDownload size={18} aria-hidden="true" />
      <p>
        {pending
          ? `Still downloading this company’s data for offline use. ${pending}`
          : hasRows
            ? 'Still downloading this company’s data for offline use — figures below are not complete yet.'
            : 'Downloading this company’s data for offline use. Locations appear here as they arrive.'}
        {isOnline ? '' : ' The download continues when the network returns.'}
      </p>
    </div>
  );
}
