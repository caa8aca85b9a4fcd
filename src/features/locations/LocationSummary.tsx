import { Star, Wallet } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useAreaPath } from '../../platform/company/useAreaPath';
import type { AccountRow, BillRow, CustomAttributeRow, CompanyRow, LocationRow } from '../../db/rows';
import { serviceMonths, serviceTotals } from '../../domain/billFigures';
import { displayValue, formatWhole } from '../../domain/format';
import { formatCurrency } from '../../domain/money';
import { serviceLabel } from '../../domain/serviceTypes';
import { stateLabel } from '../../domain/states';
import { latestTwelveMonths } from '../../domain/totals';
import { serviceColourStyle } from '../../ui/serviceColours';
import { EnergyStarToggle } from '../../ui/EnergyStarToggle';
import { monthLabel } from '../../domain/dates';

/** Props of the info card. */
export type LocationInfoProps = {
  location: LocationRow;
  company: CompanyRow | null;
  attributes: readonly CustomAttributeRow[];
  attributeValues: Readonly<Record<string, string>>;
};

/** City, state, zip and square feet, the site's custom attribute values and its ENERGY STAR switch. */
export function LocationInfo({ location, company, attributes, attributeValues }: LocationInfoProps) {
  const energyStarPath = useAreaPath(`locations/${location.id}/energystar`);
  const facts: [string, string][] = [
    ['City', displayValue(location.city)],
    ['State', location.state ? `${stateLabel(location.state)} (${location.state})` : displayValue(null)],
    ['Zip', displayValue(location.zip)],
    ['Sq ft', location.sqft === null ? displayValue(null) : formatWhole(location.sqft)],
    ...attributes.map((attribute): [string, string] => [
      attribute.attributeName,
      displayValue(attributeValues[attribute.id]),
    ]),
  ];
  return (
    <section className="panel" aria-labelledby="loc-info-title">
      <h2 id="loc-info-title" className="panel__title">
        Location info
      </h2>
      <dl className="facts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd className={value === 'N/A' ? 'muted' : undefined}>{value}</dd>
          </div>
        ))}
      </dl>
      {company?.energyStarAccess ? (
        <>
          <EnergyStarToggle location={location} />
          <Link className="location-energy-star__link" to={energyStarPath}>
            <Star size={15} aria-hidden="true" /> ENERGY STAR figures and notes
          </Link>
        </>
      ) : null}
    </section>
  );
}

/** The site's latest 12 bill months: total spend and spend and usage per service (default units). */
export function TwelveMonthCard({
  bills,
  accounts,
}: {
  bills: readonly BillRow[];
  accounts: readonly AccountRow[];
}) {
  const { months, totals } = useMemo(() => {
    const latest = bills[bills.length - 1]?.billMonth;
    const window = latest ? latestTwelveMonths([latest]) : [];
    const services = new Map(accounts.map((account) => [account.id, account.services]));
    return { months: window, totals: serviceTotals(serviceMonths(bills, (id) => services.get(id), window)) };
  }, [bills, accounts]);
  const first = months[0];
  const last = months[months.length - 1];
  return (
    <section className="panel panel--accent" aria-labelledby="loc-12-title">
      <h2 id="loc-12-title" className="panel__title">
        <Wallet size={18} aria-hidden="true" /> Latest 12 months
      </h2>
      <p className="location-total__value" data-testid="location-total-spend">
        {formatCurrency(totals.totalCharges)}
      </p>
      <p className="muted">{first && last ? `${monthLabel(first)} – ${monthLabel(last)}` : 'No bills yet'}</p>
      <ul className="location-services" aria-label="Spend by service, latest 12 months">
        {totals.byService.map((row) => (
          <li key={row.serviceType} data-service={row.serviceType}>
            <span className="service-dot" style={serviceColourStyle(row.serviceType)} aria-hidden="true" />
            <span>{serviceLabel(row.serviceType)}</span>
            <span className="location-services__usage">
              {row.totalUsage !== null && row.unit ? `${formatWhole(row.totalUsage)} ${row.unit}` : ''}
            </span>
            <span className="location-services__charges">{formatCurrency(row.totalCharges)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
