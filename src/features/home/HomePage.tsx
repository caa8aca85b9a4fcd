import { useAtomValue } from 'jotai';
import { useLiveQuery } from 'dexie-react-hooks';
import { AlertTriangle, FileClock, Gauge, Wallet } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useUserDb } from '../../app/database';
import { useCompanyRecord } from '../../app/company/useCompanyRecord';
import { dueContractCount, latestTwelveMonthRows, openAlertCount } from '../../db/queries/companyHome';
import { CONTRACT_DUE_DAYS, localToday } from '../../domain/contracts';
import { monthLabel } from '../../domain/dates';
import { formatCurrency } from '../../domain/money';
import { serviceLabel, serviceUnit } from '../../domain/serviceTypes';
import { twelveMonthTotals, latestTwelveMonths } from '../../domain/totals';
import { sessionAtom } from '../../session/atoms';
import './home.css';

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** The client landing: the company's headline figures, computed from the local database. */
export function HomePage() {
  const session = useAtomValue(sessionAtom);
  const companyId = session?.companyId ?? null;
  const db = useUserDb();
  const company = useCompanyRecord(companyId);
  const figures = useLiveQuery(async () => {
    if (!db || companyId === null) return null;
    const rows = await latestTwelveMonthRows(db, companyId);
    const [alerts, contractsDue, syncState] = await Promise.all([
      openAlertCount(db, companyId),
      dueContractCount(db, companyId, localToday()),
      db.syncState.get(companyId),
    ]);
    return {
      totals: twelveMonthTotals(rows),
      months: latestTwelveMonths(rows.map((row) => row.billMonth)),
      alerts,
      contractsDue,
      syncState,
    };
  }, [db, companyId]);

  const name = typeof company === 'object' && company ? company.name : 'Your company';
  if (figures === undefined) {
    return (
      <section className="home" aria-busy="true">
        <h1>{name}</h1>
        <p className="home__muted">Loading your figures…</p>
      </section>
    );
  }
  const services = Object.entries(figures?.totals.byService ?? {}).sort(
    (a, b) => b[1].charges - a[1].charges,
  );
  const hasData = services.length > 0;
  const first = figures?.months[0];
  const last = figures?.months.at(-1);
  return (
    <section className="home" aria-labelledby="home-title">
      <header className="home__header">
        <h1 id="home-title">{name}</h1>
        {hasData && first && last ? (
          <p className="home__muted">
            Latest 12 months: {monthLabel(first)} – {monthLabel(last)}
          </p>
        ) : null}
      </header>
      {!hasData ? (
        <div className="home__empty" role="status">
          <Gauge aria-hidden="true" size={36} />
          <h2>No bills on this device yet</h2>
          <p>
            {figures?.syncState?.status === 'syncing'
              ? 'Your company’s data is being downloaded for offline use. Figures appear here as soon as the bills arrive.'
              : 'Once your company’s bills are synced to this device, the latest 12 months of spend and usage appear here — online or offline.'}
          </p>
        </div>
      ) : (
        <>
          <div className="home__cards">
            <article className="home-card home-card--total">
              <Wallet aria-hidden="true" size={22} />
              <h2>Total spend</h2>
              <p className="home-card__value">{formatCurrency(figures?.totals.charges ?? 0)}</p>
              <p className="home__muted">latest 12 months, all services</p>
            </article>
            <article className="home-card">
              <FileClock aria-hidden="true" size={22} />
              <h2>Contracts due</h2>
              <p className="home-card__value">{figures?.contractsDue ?? 0}</p>
              <p className="home__muted">
                ending in the next {CONTRACT_DUE_DAYS} days · <Link to="/contracts">Contracts</Link>
              </p>
            </article>
            <article className="home-card">
              <AlertTriangle aria-hidden="true" size={22} />
              <h2>Open alerts</h2>
              <p className="home-card__value">{figures?.alerts ?? 0}</p>
              <p className="home__muted">
                bill anomalies needing attention · <Link to="/alerts">Alerts</Link>
              </p>
            </article>
          </div>
          <h2 className="home__section-title">Spend and usage by service</h2>
          <ul className="home__services">
            {services.map(([serviceType, totals]) => {
              const unit = serviceUnit(serviceType);
              return (
                <li key={serviceType} className="service-card" data-service={serviceType}>
                  <h3>{serviceLabel(serviceType)}</h3>
                  <p className="service-card__charges">{formatCurrency(totals.charges)}</p>
                  {unit && totals.usage > 0 ? (
                    <p className="home__muted">
                      {numberFormat.format(totals.usage)} {unit}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}

/** react-router `lazy` convention. */
export const Component = HomePage;
