import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue } from 'jotai';
import { useUserDb } from '../../platform/database';
import { useOnline } from '../../platform/useOnline';
import { evictAllKeptFiles, keptFilesUsage } from '../../db/keptFiles';
import { outboxEntries, syncStates } from '../../db/queries/outbox';
import { rolesAtom } from '../../session/atoms';
import { sendSyncCommand } from '../../sync/useSyncController';
import { syncUiAtom } from '../../sync/syncState';
import { Modal } from '../../ui/Modal';
import { formatBytes, timeAgo } from '../../sync/syncFormat';
import { WriteQueue } from './WriteQueue';

const numberFormat = new Intl.NumberFormat('en-US');

/** The Sync panel: companies on this device, storage, queued writes, conflicts, rejections and set-aside writes. */
export function SyncPanel({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const db = useUserDb();
  const isOnline = useOnline();
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
  return (
    <Modal isOpen={isOpen} onClose={onClose} title="Sync" size="lg">
      <div className="sync-panel">
        <p className="sync-panel__summary" role="status">
          {isOnline
            ? 'Online.'
            : 'Offline: changes are kept on this device and sent when the network returns.'}{' '}
          {ui.paused ? ui.paused.message : null}
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
        {data && data.states.length > 0 ? (
          <table className="sync-table">
            <thead>
              <tr>
                <th scope="col">Company</th>
                <th scope="col">Rows</th>
                <th scope="col">Size</th>
                <th scope="col">Last sync</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.states.map((state) => {
                const rows = Object.values(state.rowCounts).reduce((sum, count) => sum + count, 0);
                const name = data.names.get(state.companyId) ?? `Company ${state.companyId}`;
                const progress = ui.progress[state.companyId];
                return (
                  <tr key={state.companyId}>
                    <th scope="row">
                      {name}
                      {state.isOffline ? (
                        <span className="badge badge--success sync-panel__tag">Kept offline</span>
                      ) : null}
                    </th>
                    <td>{numberFormat.format(rows)}</td>
                    <td>{formatBytes(state.bytes)}</td>
                    <td>{timeAgo(state.lastSyncAt)}</td>
                    <td>
                      {progress ? (
                        `Syncing… ${numberFormat.format(progress.rows)} rows${progress.etaMs ? `, about ${Math.ceil(progress.etaMs / 1000)} s left` : ''}`
                      ) : state.error ? (
                        <span className="error-text">{state.error}</span>
                      ) : state.status === 'paused' ? (
                        'Paused'
                      ) : (
                        'Up to date'
                      )}
                    </td>
                    <td className="sync-table__buttons">
                      <button
                        type="button"
                        className="btn btn--ghost"
                        disabled={!isOnline}
                        onClick={() => sendSyncCommand({ type: 'syncNow', companyId: state.companyId })}
                        aria-label={`Sync now: ${name}`}
                      >
                        Sync now
                      </button>
                      {roles?.isConsultant && state.isOffline ? (
                        <button
                          type="button"
                          className="btn btn--ghost"
                          onClick={() => sendSyncCommand({ type: 'evict', companyId: state.companyId })}
                          aria-label={`Remove offline copy of ${name}`}
                        >
                          Remove offline copy
                        </button>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        ) : (
          <p className="muted">No company has been synced to this device yet.</p>
        )}
        <WriteQueue entries={data?.entries ?? []} />
      </div>
    </Modal>
  );
}
