import { useAtomValue } from 'jotai';
import { useLiveQuery } from 'dexie-react-hooks';
import { AlertTriangle, CloudDownload, FileClock, Gauge, Wallet } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useUserDb } from '../../platform/database';
import { useCompanyRecord } from '../../platform/company/useCompanyRecord';
import { companyHomeCharts } from '../../db/queries/companyHome';
import { CONTRACT_DUE_DAYS, localToday } from '../../domain/contracts';
import { OPEN_ALERTS } from '../../domain/counts';
import { addMonths } from '../../domain/totals';
import { useFigureCompleteness } from '../../platform/company/useFigureCompleteness';
import { monthLabel } from '../../domain/dates';
import { formatCurrency } from '../../domain/money';
import { sidebarEntries } from '../../domain/nav';
import { pendingBillsText } from '../../domain/sync';
import { rolesAtom, sessionAtom } from '../../session/atoms';
import { KpiCard } from '../../ui/KpiCard';
import { ServiceTotalCards } from '../../ui/ServiceCard';

/** The client landing: the company's headline figures, computed from the local database. */
export function HomePage() {
  const session = useAtomValue(sessionAtom);
  const roles = useAtomValue(rolesAtom);
  const companyId = session?.companyId ?? null;
  const db = useUserDb();
  const company = useCompanyRecord(companyId);
  // The same figures the consultant landing shows on this company's card (src/db/queries/companyHome.ts).
  const charts = useLiveQuery(
    async () => (db && companyId !== null ? companyHomeCharts(db, companyId, localToday()) : null),
    [db, companyId],
  );
  // A query of its own: the sync writes its state at every step, which must not add up the figures again.
  const sync = useLiveQuery(async () => {
    const state = db && companyId !== null ? await db.syncState.get(companyId) : undefined;
    return { status: state?.status ?? null, pendingBills: state?.pendingBills ?? null };
  }, [db, companyId]);
  const figures = charts === undefined || sync === undefined ? undefined : charts && { charts, sync };
  // Total spend reads the latest 12 bill months: while some are still coming, the card says so.
  const lastMonth = charts?.months.at(-1);
  const totalsComplete = useFigureCompleteness(
    companyId,
    lastMonth
      ? { data: 'bills', months: { from: addMonths(lastMonth, -11), to: lastMonth } }
      : { data: 'bills' },
  );
  const missing = totalsComplete && !totalsComplete.isComplete ? totalsComplete.missing : null;

  const record = typeof company === 'object' && company ? company : null;
  const name = record?.name ?? 'Your company';
  // The contracts and alerts cards link where the sidebar does, and show only to users who may open those areas
  // (src/domain/nav.ts): a limited client sees neither, and clients go to their read-only alerts page.
  const links = new Map(
    roles && record ? sidebarEntries({ roles, company: record }).map((entry) => [entry.key, entry.path]) : [],
  );
  const contractsPath = links.get('contracts');
  const alertsPath = links.get('alerts');
  if (figures === undefined) {
    return (
      <section className="page" aria-busy="true">
        <h1 className="page__title">{name}</h1>
        <p className="muted">Loading your figures…</p>
      </section>
    );
  }
  const hasData = (charts?.byService.length ?? 0) > 0;
  // A first download sends bills newest month first: until the oldest arrive, say which months are still coming.
  const pendingBills = pendingBillsText(figures?.sync.pendingBills);
  const first = charts?.months[0];
  const last = charts?.months.at(-1);
  return (
    <section className="page" aria-labelledby="home-title">
      <header>
        <h1 id="home-title" className="page__title">
          {name}
        </h1>
        {hasData && first && last ? (
          <p className="muted">
            Latest 12 months: {monthLabel(first)} – {monthLabel(last)}
          </p>
        ) : null}
      </header>
      {hasData && pendingBills ? (
        <div className="notice" role="status">
          <CloudDownload size={18} aria-hidden="true" />
          <p>{pendingBills}</p>
        </div>
      ) : null}
      {!hasData ? (
        <div className="empty-state" role="status">
          <Gauge aria-hidden="true" size={36} />
          <h2 className="empty-state__title">No bills on this device yet</h2>
          <p>
            {figures?.sync.status === 'syncing'
              ? 'Your company’s data is being downloaded for offline use. Figures appear here as soon as the bills arrive.'
              : 'Once your company’s bills are synced to this device, the latest 12 months of spend and usage appear here — online or offline.'}
          </p>
        </div>
      ) : (
        <>
          <div className="kpi-grid">
            <KpiCard
              icon={Wallet}
              title={missing ? 'Total spend so far' : 'Total spend'}
              value={formatCurrency(charts?.totalCharges ?? 0)}
              isAccent
            >
              latest 12 months, all services{missing ? ` · not complete: ${missing}` : ''}
            </KpiCard>
            {contractsPath ? (
              <KpiCard icon={FileClock} title="Contracts due" value={charts?.contractsDue ?? 0}>
                ending in the next {CONTRACT_DUE_DAYS} days, not yet viewed ·{' '}
                <Link to={contractsPath}>Contracts</Link>
              </KpiCard>
            ) : null}
            {alertsPath ? (
              <KpiCard icon={AlertTriangle} title="Open alerts" value={charts?.openAlerts ?? 0}>
                open, pending or awaiting the client, imported in the last {OPEN_ALERTS.months} months ·{' '}
                <Link to={alertsPath}>Alerts</Link>
              </KpiCard>
            ) : null}
          </div>
          <section aria-labelledby="home-services-title">
            <h2 id="home-services-title" className="section-title">
              Spend and usage by service
            </h2>
            <ul className="service-cards">
              <ServiceTotalCards
                byService={Object.fromEntries(
                  (charts?.byService ?? []).map(({ serviceType, charges, usage }) => [
                    serviceType,
                    { charges, usage },
                  ]),
                )}
              />
            </ul>
          </section>
        </>
      )}
    </section>
  );
}

/** react-router `lazy` convention. */
export const Component = HomePage;
