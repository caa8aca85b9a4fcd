import { Link } from 'react-router-dom';
import { useAreaPaths } from '../../platform/company/useAreaPath';
import type { AccountDetail } from '../../db/queries/accountPages';
import { EMPTY_CELL_TEXT } from '../../domain/format';
import { formatCurrency } from '../../domain/money';
import type { ServiceTotals } from '../../domain/totals';
import { formatDate } from '../../ui/grid/columns';
import { ServiceCard, ServiceTotalCards } from '../../ui/ServiceCard';
import { servicesText } from './accountColumns';
import { monthLabel } from '../../domain/dates';

const text = (value: string | null | undefined) => (value && value.trim() !== '' ? value : EMPTY_CELL_TEXT);

/** The account's info (second spec document §3 "Account info"): delivery date, address, identifiers, location. */
export function AccountInfo({ detail }: { detail: AccountDetail }) {
  const pathTo = useAreaPaths();
  const { row, location } = detail;
  const address = [row.serviceAddress, row.subAddress].filter(Boolean).join(', ');
  const place = [row.serviceCity, [row.serviceState, row.serviceZip].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return (
    <section className="panel" aria-labelledby="account-info">
      <h2 id="account-info" className="panel__title">
        Account info
      </h2>
      <dl className="facts facts--wide">
        <div>
          <dt>Next expected delivery</dt>
          <dd className="facts__strong">
            {row.nextExpectedDeliveryDate ? formatDate(row.nextExpectedDeliveryDate) : EMPTY_CELL_TEXT}
          </dd>
        </div>
        <div>
          <dt>Service address</dt>
          <dd>
            {text(address)}
            {place ? <span className="facts__sub">{place}</span> : null}
          </dd>
        </div>
        <div>
          <dt>Location</dt>
          <dd>
            {location ? (
              <Link to={pathTo(`locations/${location.id}`)}>{location.name}</Link>
            ) : (
              EMPTY_CELL_TEXT
            )}
          </dd>
        </div>
        <div>
          <dt>Services</dt>
          <dd>{text(servicesText(row.services))}</dd>
        </div>
        <div>
          <dt>Collection type</dt>
          <dd>{text(row.collectionType)}</dd>
        </div>
        <div>
          <dt>ESI ID</dt>
          <dd className="accounts-mono">{text(row.esiId)}</dd>
        </div>
        <div>
          <dt>Meter/customer numbers</dt>
          <dd>{text(row.meterCustomerNumbers)}</dd>
        </div>
        <div>
          <dt>Vendor</dt>
          {/* N/A only for an account stored before the server sent vendor names, until it is pulled again. */}
          <dd>{text(row.vendorName)}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{row.isActive ? 'Active' : 'Inactive'}</dd>
        </div>
      </dl>
    </section>
  );
}

/** Props of the 12-month totals. */
export type TwelveMonthCardsProps = {
  charges: number;
  byService: Readonly<Record<string, ServiceTotals>>;
  months: readonly string[];
};

/** The account's 12-month totals per service (twelveMonthTotals of its bills), with the window they cover. */
export function TwelveMonthCards({ charges, byService, months }: TwelveMonthCardsProps) {
  const first = months[0];
  const last = months.at(-1);
  return (
    <section className="panel" aria-labelledby="account-totals">
      <div className="panel__head">
        <h2 id="account-totals" className="panel__title">
          Latest 12 months
        </h2>
        <p className="muted">
          {first && last ? `${monthLabel(first)} – ${monthLabel(last)}` : 'No bills yet'}
        </p>
      </div>
      <ul className="service-cards">
        <ServiceCard title="All services" value={formatCurrency(charges)} isAccent />
        <ServiceTotalCards byService={byService} />
      </ul>
    </section>
  );
}
