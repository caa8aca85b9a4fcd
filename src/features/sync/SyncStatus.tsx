import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue } from 'jotai';
import { AlertTriangle, CheckCircle2, CloudDownload, CloudOff, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useUserDb } from '../../platform/database';
import { useOnline } from '../../platform/useOnline';
import { useAppFiles } from '../../platform/useAppFiles';
import { outboxSummary } from '../../db/queries/outbox';
import { countOf } from '../../domain/format';
import { offlineReadiness } from '../../domain/offlineReadiness';
import { syncUiAtom } from '../../sync/syncState';
import { SyncPanel } from './SyncPanel';
import { timeAgo } from '../../sync/syncFormat';
import './sync.css';

/** The top bar's sync indicator: online state, progress, last sync, queued writes, problems. Opens the panel. */
export function SyncStatus({ companyId }: { companyId: number | null }) {
  const db = useUserDb();
  const isOnline = useOnline();
  const appFiles = useAppFiles();
  const ui = useAtomValue(syncUiAtom);
  const [isOpen, setOpen] = useState(false);
  const local = useLiveQuery(async () => {
    if (!db) return null;
    const [summary, states] = await Promise.all([outboxSummary(db), db.syncState.toArray()]);
    // Without a current company (the consultant landing) the newest sync of any company counts.
    const relevant = companyId === null ? states : states.filter((state) => state.companyId === companyId);
    const lastSyncAt =
      relevant
        .map((state) => state.lastSyncAt)
        .filter((at): at is string => at !== null)
        .sort()
        .at(-1) ?? null;
    return { summary, lastSyncAt };
  }, [db, companyId]);

  const queued = (local?.summary.pending ?? 0) + (local?.summary.sending ?? 0);
  const problems =
    (local?.summary.conflict ?? 0) + (local?.summary.rejected ?? 0) + (local?.summary.setAside ?? 0);
  const progress = companyId === null ? undefined : ui.progress[companyId];
  const anyProgress = progress ?? Object.values(ui.progress)[0];

  // A check only once a sync has finished: before it, the device holds nothing to trust yet.
  let icon = local?.lastSyncAt ? (
    <CheckCircle2 aria-hidden="true" size={18} />
  ) : (
    <CloudDownload aria-hidden="true" size={18} />
  );
  let text = local?.lastSyncAt ? `Synced ${timeAgo(local.lastSyncAt)}` : 'Not synced yet';
  let tone = local?.lastSyncAt ? 'ok' : 'waiting';
  // The data is here but the app's files are not yet: not ready offline, so no check (src/domain/offlineReadiness.ts).
  if (offlineReadiness(appFiles, local?.lastSyncAt ?? null) === 'appFiles') {
    icon = <CloudDownload aria-hidden="true" size={18} />;
    text = `${text} · saving app`;
    tone = 'waiting';
  }
  if (!isOnline) {
    icon = <CloudOff aria-hidden="true" size={18} />;
    text = 'Offline';
    tone = 'offline';
  } else if (anyProgress) {
    icon = <RefreshCw aria-hidden="true" size={18} className="spin" />;
    text = `Syncing ${countOf(anyProgress.rows, 'row')}`;
    tone = 'busy';
  } else if (
    ui.paused ||
    (ui.lastError && (ui.lastError.companyId === null || ui.lastError.companyId === companyId))
  ) {
    icon = <AlertTriangle aria-hidden="true" size={18} />;
    text = ui.paused ? 'Sync paused' : 'Sync error';
    tone = 'error';
  }

  return (
    <>
      <button
        type="button"
        className="sync-status"
        data-tone={tone}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
      >
        {icon}
        <span className="sync-status__text">{text}</span>
        {queued > 0 ? (
          <span className="sync-status__count" title={`${queued} changes waiting to be sent`}>
            {queued} pending
          </span>
        ) : null}
        {problems > 0 ? (
          <span
            className="sync-status__count sync-status__count--problem"
            title={`${problems} changes need your attention`}
          >
            {problems} to review
          </span>
        ) : null}
        <span className="visually-hidden">, open the sync panel</span>
      </button>
      <SyncPanel isOpen={isOpen} onClose={() => setOpen(false)} />
    </>
  );
}
