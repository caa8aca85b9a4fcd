import { ArrowRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { fetchHomeCharts } from '../../api/consultant';
import type { ClientCompany, HomeChartsData } from '../../api/consultant';
import { formatCurrency } from '../../domain/money';
import { serviceLabel } from '../../domain/serviceTypes';

/** A client company's card: name, 12-month spend, top services, counts, and the way in. */
export function ClientCard({ client, isOnline }: { client: Pick<ClientCompany, 'id' | 'name'>; isOnline: boolean }) {
  const [figures, setFigures] = useState<HomeChartsData | 'failed' | null>(null);

  useEffect(() => {
    if (!isOnline) return;
    let isCurrent = true;
    void fetchHomeCharts(client.id).then((result) => {
      if (isCurrent) setFigures(result.ok ? result.data : 'failed');
    });
    return () => {
      isCurrent = false;
    };
  }, [client.id, isOnline]);

  const data = figures && figures !== 'failed' ? figures : null;
  return (
    <li className="client-card">
      <h3 className="client-card__name">{client.name}</h3>
      {data ? (
        <>
          <p className="client-card__spend">
            {formatCurrency(data.totalCharges)} <span>latest 12 months</span>
          </p>
          <ul className="client-card__services" aria-label="Spend by service">
            {data.byService.slice(0, 3).map((service) => (
              <li key={service.serviceType}>
                <span>{serviceLabel(service.serviceType)}</span>
                <span>{formatCurrency(service.charges)}</span>
              </li>
            ))}
          </ul>
          <p className="client-card__counts">
            {data.locationCount} locations · {data.accountCount} accounts · {data.openAlerts} open alerts ·{' '}
            {data.contractsDue} {data.contractsDue === 1 ? 'contract' : 'contracts'} due
          </p>
        </>
      ) : (
        <p className="client-card__placeholder">
          {!isOnline ? 'Figures need a network connection.' : figures === 'failed' ? 'Figures could not be loaded.' : 'Loading figures…'}
        </p>
      )}
      <Link className="btn btn-primary client-card__open" to={`/companies/${client.id}/locations`}>
        Open<span className="visually-hidden"> {client.name}</span> <ArrowRight aria-hidden="true" size={16} />
      </Link>
    </li>
  );
}
