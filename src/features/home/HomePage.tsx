import { useAtomValue } from 'jotai';
import { useLiveQuery } from 'dexie-react-hooks';
import { AlertTriangle, FileClock, Gauge, Wallet } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useUserDb } from '../../app/database';
import { useCompanyRecord } from '../../app/company/useCompanyRecord';
import { companyHomeCharts } from '../../db/queries/companyHome';
import { CONTRACT_DUE_DAYS, localToday } from '../../domain/contracts';
import { formatCurrency } from '../../domain/money';
import { serviceLabel, serviceUnit } from '../../domain/serviceTypes';
import { sessionAtom } from '../../session/atoms';
import './home.css';

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

function monthLabel(month: string): string {
  const [year, mm] = month.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (mm ?? 1) - 1, 1)).toLocaleDateString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The client landing: the company's headline figures, computed from the local database. */
export function HomePage() {
  const session = useAtomValue(sessionAtom);
  const companyId = session?.companyId ?? null;
  const db = useUserDb();
  const company = useCompanyRecord(companyId);
  // The same figures the consultant landing shows on this company's card (src/db/queries/companyHome.ts).
  const figures = useLiveQuery(async () => {
    if (!db || companyId === null) return null;
    const [charts, syncState] = await Promise.all([
      companyHomeCharts(db, companyId, localToday()),
      db.syncState.get(companyId),
    ]);
    return { charts, syncState };
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
  const charts = figures?.charts;
  const services = charts?.byService ?? [];
  const hasData = services.length > 0;
  const first = charts?.months[0];
  const last = charts?.months.at(-1);
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
              <p className="home-card__value">{formatCurrency(charts?.totalCharges ?? 0)}</p>
              <p className="home__muted">latest 12 months, all services</p>
            </article>
            <article className="home-card">
              <FileClock aria-hidden="true" size={22} />
              <h2>Contracts due</h2>
              <p className="home-card__value">{charts?.contractsDue ?? 0}</p>
              <p className="home__muted">
                ending in the next {CONTRACT_DUE_DAYS} days · <Link to="/contracts">Contracts</Link>
              </p>
            </article>
            <article className="home-card">
              <AlertTriangle aria-hidden="true" size={22} />
              <h2>Open alerts</h2>
              <p className="home-card__value">{charts?.openAlerts ?? 0}</p>
              <p className="home__muted">
                bill anomalies needing attention · <Link to="/alerts">Alerts</Link>
              </p>
            </article>
          </div>
          <h2 className="home__section-title">Spend and usage by service</h2>
          <ul className="home__services">
            {services.map(({ serviceType, charges, usage }) => {
              const unit = serviceUnit(serviceType);
              return (
                <li key={serviceType} className="service-card" data-service={serviceType}>
                  <h3>{serviceLabel(serviceType)}</h3>
                  <p className="service-card__charges">{formatCurrency(charges)}</p>
                  {unit && usage > 0 ? (
                    <p className="home__muted">
                      {numberFormat.format(usage)} {unit}
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
