import type { ReactNode } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue } from 'jotai';
import { useUserDb } from '../../platform/database';
import { useOnline } from '../../platform/useOnline';
import { useAppFiles } from '../../platform/useAppFiles';
import { evictAllKeptFiles, keptFilesUsage } from '../../db/keptFiles';
import { countOf } from '../../domain/format';
import { offlineReadiness } from '../../domain/offlineReadiness';
import type { AppFilesState } from '../../domain/offlineReadiness';
import { outboxEntries, syncStates } from '../../db/queries/outbox';
import type { SyncStateRow } from '../../db/syncRows';
import { rolesAtom } from '../../session/atoms';
import { sendSyncCommand } from '../../sync/useSyncController';
import { syncUiAtom } from '../../sync/syncState';
import type { PullProgress } from '../../sync/syncState';
import { ActionTable } from '../../ui/ActionTable';
import type { TableColumn } from '../../ui/ActionTable';
import { Modal } from '../../ui/Modal';
import { formatBytes, timeAgo } from '../../sync/syncFormat';
import { WriteQueue } from './WriteQueue';

const numberFormat = new Intl.NumberFormat('en-US');

/** A company's sync state in words: its progress, its error, paused, or up to date and whether it works offline. */
function statusOf(
  state: SyncStateRow,
  progress: PullProgress | undefined,
  appFiles: AppFilesState,
): ReactNode {
  if (progress)
    return `Syncing… ${countOf(progress.rows, 'row')}${progress.etaMs ? `, about ${Math.ceil(progress.etaMs / 1000)} s left` : ''}`;
  if (state.error) return <span className="error-text">{state.error}</span>;
  if (state.status === 'paused') return 'Paused';
  return {
    ready: 'Up to date · ready offline',
    appFiles: 'Up to date · saving the app for offline use',
    data: 'Waiting for its first sync',
  }[offlineReadiness(appFiles, state.lastSyncAt)];
}

/** The app's files in words, for the panel's summary. */
const APP_FILES_TEXT: Record<AppFilesState, string> = {
  saved: 'The app is saved on this device and opens without a network.',
  saving:
    'Saving the app on this device: until it is saved, reloading the page without a network cannot open it.',
  none: '',
};

/** The Sync panel: companies on this device, storage, queued writes, conflicts, rejections and set-aside writes. */
export function SyncPanel({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const db = useUserDb();
  const isOnline = useOnline();
  const appFiles = useAppFiles();
  const roles = useAtomValue(rolesAtom);
  const ui = useAtomValue(syncUiAtom);
  const data = useLiveQuery(async () => {
    if (!db || !isOpen) return null;
    const [states, entries, companies, kept] = await Promise.all([
      syncStates(db),
      outboxEntries(db),
      db.companies.toArray(),
      keptFilesUsage(db),
    ]);
    return { states, entries, kept, names: new Map(companies.map((company) => [company.id, company.name])) };
  }, [db, isOpen]);

  const storage = ui.storage;
  const nameOf = (companyId: number) => data?.names.get(companyId) ?? `Company ${companyId}`;
  const columns: readonly TableColumn<SyncStateRow>[] = [
    {
      key: 'company',
      header: 'Company',
      isRowHeader: true,
      render: (state) => (
        <>
          {nameOf(state.companyId)}
          {state.isOffline ? (
            <span className="badge badge--success sync-panel__tag">Kept offline</span>
          ) : null}
        </>
      ),
    },
    {
      key: 'rows',
      header: 'Rows',
      render: (state) =>
        numberFormat.format(Object.values(state.rowCounts).reduce((sum, count) => sum + count, 0)),
    },
    { key: 'size', header: 'Size', render: (state) => formatBytes(state.bytes) },
    { key: 'lastSync', header: 'Last sync', render: (state) => timeAgo(state.lastSyncAt) },
    {
      key: 'status',
      header: 'Status',
      render: (state) => statusOf(state, ui.progress[state.companyId], appFiles),
    },
  ];
  return (
    <Modal isOpen={isOpen} onClose={onClose} title="Sync" size="lg">
      <div className="sync-panel">
        <p className="sync-panel__summary" role="status">
          {isOnline
            ? 'Online.'
            : 'Offline: changes are kept on this device and sent when the network returns.'}{' '}
          {APP_FILES_TEXT[appFiles]} {ui.paused ? ui.paused.message : null}
          {storage?.usage !== null && storage?.usage !== undefined
            ? ` Storage used: ${formatBytes(storage.usage)}${storage.quota ? ` of ${formatBytes(storage.quota)}` : ''}${storage.persisted ? ' (persistent)' : ''}.`
            : null}
        </p>
        {data && data.kept.count > 0 ? (
          <p className="sync-panel__summary">
            Files kept on this device to open offline: {numberFormat.format(data.kept.count)} (
            {formatBytes(data.kept.bytes)} of {formatBytes(data.kept.capBytes)}; the least recently opened
            make room for new ones).{' '}
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              onClick={() => db && void evictAllKeptFiles(db)}
            >
              Remove kept files
            </button>
          </p>
        ) : null}
        <div className="sync-panel__actions">
          <button
            type="button"
            className="btn btn--primary"
            disabled={!isOnline}
            onClick={() => sendSyncCommand({ type: 'syncNow' })}
          >
            Sync now
          </button>
        </div>
        <h3>Companies on this device</h3>
        <ActionTable
          columns={columns}
          rows={data?.states ?? []}
          getKey={(state) => state.companyId}
          emptyText="No company has been synced to this device yet."
          isCompact
          actions={(state) => (
            <>
              <button
                type="button"
                className="btn btn--ghost"
                disabled={!isOnline}
                onClick={() => sendSyncCommand({ type: 'syncNow', companyId: state.companyId })}
                aria-label={`Sync now: ${nameOf(state.companyId)}`}
              >
                Sync now
              </button>
              {roles?.isConsultant && state.isOffline ? (
                <button
                  type="button"
                  className="btn btn--ghost"
                  onClick={() => sendSyncCommand({ type: 'evict', companyId: state.companyId })}
                  aria-label={`Remove offline copy of ${nameOf(state.companyId)}`}
                >
                  Remove offline copy
                </button>
              ) : null}
            </>
          )}
        />
        <WriteQueue entries={data?.entries ?? []} />
      </div>
    </Modal>
  );
}
