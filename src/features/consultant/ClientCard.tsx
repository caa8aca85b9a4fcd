import { useLiveQuery } from 'dexie-react-hooks';
import { ArrowRight, HardDriveDownload } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { fetchHomeCharts } from '../../api/consultant';
import type { ClientCompany } from '../../api/consultant';
import { useUserDb } from '../../platform/database';
import { useAppFiles } from '../../platform/useAppFiles';
import { companyHomeCharts } from '../../db/queries/companyHome';
import { localToday } from '../../domain/contracts';
import { offlineReadiness } from '../../domain/offlineReadiness';
import type { HomeChartsData } from '../../domain/homeCharts';
import { formatCurrency } from '../../domain/money';
import { serviceLabel } from '../../domain/serviceTypes';
import { sendSyncCommand } from '../../sync/useSyncController';
import { timeAgo } from '../../sync/syncFormat';

/**
 * A client company's card: name, 12-month spend, top services, counts, and the way in. A company kept on this device
 * shows the figures the device computes (the same query as its home page), online or not; others ask the server.
 */
export function ClientCard({
  client,
  isOnline,
  offline,
}: {
  client: Pick<ClientCompany, 'id' | 'name'>;
  isOnline: boolean;
  /** This device's copy of the company, when there is one. */
  offline: { isOffline: boolean; lastSyncAt: string | null; isSyncing: boolean } | null;
}) {
  const db = useUserDb();
  const appFiles = useAppFiles();
  // Downloaded at least once: from then on the sync worker keeps the copy current.
  const isLocal = offline?.isOffline === true && offline.lastSyncAt !== null;
  const local = useLiveQuery(
    async () => (db && isLocal ? companyHomeCharts(db, client.id, localToday()) : null),
    [db, isLocal, client.id],
  );
  const [figures, setFigures] = useState<HomeChartsData | 'failed' | null>(null);

  useEffect(() => {
    if (!isOnline || isLocal) return;
    let isCurrent = true;
    void fetchHomeCharts(client.id).then((result) => {
      if (isCurrent) setFigures(result.ok ? result.data : 'failed');
    });
    return () => {
      isCurrent = false;
    };
  }, [client.id, isOnline, isLocal]);

  const remote = figures && figures !== 'failed' ? figures : null;
  const data = isLocal ? (local ?? null) : remote;
  return (
    <li className="panel consultant-card">
      <h3 className="consultant-card__name">{client.name}</h3>
      {data ? (
        <>
          <p className="consultant-card__spend">
            {formatCurrency(data.totalCharges)} <span>latest 12 months</span>
          </p>
          <ul className="consultant-card__services" aria-label="Spend by service">
            {data.byService.slice(0, 3).map((service) => (
              <li key={service.serviceType}>
                <span>{serviceLabel(service.serviceType)}</span>
                <span>{formatCurrency(service.charges)}</span>
              </li>
            ))}
          </ul>
          <p className="consultant-card__counts">
            {data.locationCount} locations · {data.accountCount} accounts · {data.openAlerts} open alerts ·{' '}
            {data.contractsDue} {data.contractsDue === 1 ? 'contract' : 'contracts'} due
          </p>
        </>
      ) : (
        <p className="consultant-card__counts">
          {isLocal
            ? 'Loading figures…'
            : !isOnline
              ? 'Figures need a network connection.'
              : figures === 'failed'
                ? 'Figures could not be loaded.'
                : 'Loading figures…'}
        </p>
      )}
      <p className="consultant-card__offline">
        {offline?.isOffline ? (
          <>
            <HardDriveDownload aria-hidden="true" size={14} />{' '}
            {offline.isSyncing
              ? 'Downloading for offline use…'
              : {
                  ready: `Available offline · synced ${timeAgo(offline.lastSyncAt)}`,
                  appFiles: 'Data downloaded · saving the app for offline use…',
                  data: 'Waiting to download for offline use…',
                }[offlineReadiness(appFiles, offline.lastSyncAt)]}
          </>
        ) : (
          'Not kept on this device'
        )}
      </p>
      <div className="consultant-card__buttons">
        <Link className="btn btn--primary" to={`/companies/${client.id}/locations`}>
          Open<span className="visually-hidden"> {client.name}</span>{' '}
          <ArrowRight aria-hidden="true" size={16} />
        </Link>
        {offline?.isOffline ? (
          <button
            type="button"
            className="btn btn--ghost"
            aria-label={`Remove offline copy of ${client.name}`}
            onClick={() => sendSyncCommand({ type: 'evict', companyId: client.id })}
          >
            Remove offline copy
          </button>
        ) : (
          <button
            type="button"
            className="btn btn--secondary"
            disabled={!isOnline}
            aria-label={`Make available offline: ${client.name}`}
            onClick={() => sendSyncCommand({ type: 'preload', companyIds: [client.id] })}
          >
            Make available offline
          </button>
        )}
      </div>
    </li>
  );
}
