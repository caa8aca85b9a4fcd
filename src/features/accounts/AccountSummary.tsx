import type { AccountDetail } from '../../db/queries/accountPages';
import { EMPTY_CELL_TEXT } from '../../domain/format';
import { formatCurrency } from '../../domain/money';
import type { ServiceTotals } from '../../domain/totals';
import { formatDate } from '../../ui/grid/columns';
import { FactList, RecordLink } from '../../ui/Facts';
import { ServiceCard, ServiceTotalCards } from '../../ui/ServiceCard';
import { servicesText } from './accountColumns';
import { monthLabel } from '../../domain/dates';
import { Panel } from '../../ui/Panel';

const text = (value: string | null | undefined) => (value && value.trim() !== '' ? value : EMPTY_CELL_TEXT);

/** The account's info (second spec document §3 "Account info"): delivery date, address, identifiers, location. */
export function AccountInfo({ detail }: { detail: AccountDetail }) {
  const { row, location } = detail;
  const address = [row.serviceAddress, row.subAddress].filter(Boolean).join(', ');
  const place = [row.serviceCity, [row.serviceState, row.serviceZip].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return (
    <Panel titleId="account-info" title="Account info">
      <FactList
        facts={[
          {
            label: 'Next expected delivery',
            value: row.nextExpectedDeliveryDate ? formatDate(row.nextExpectedDeliveryDate) : EMPTY_CELL_TEXT,
            isStrong: true,
          },
          { label: 'Service address', value: text(address), sub: place },
          {
            label: 'Location',
            value: <RecordLink path={location && `locations/${location.id}`} text={location?.name} />,
          },
          { label: 'Services', value: text(servicesText(row.services)) },
          { label: 'Collection type', value: text(row.collectionType) },
          { label: 'ESI ID', value: text(row.esiId), valueClassName: 'accounts-mono' },
          { label: 'Meter/customer numbers', value: text(row.meterCustomerNumbers) },
          // N/A only for an account stored before the server sent vendor names, until it is pulled again.
          { label: 'Vendor', value: text(row.vendorName) },
          { label: 'Status', value: row.isActive ? 'Active' : 'Inactive' },
        ]}
      />
    </Panel>
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
    <Panel
      titleId="account-totals"
      title="Latest 12 months"
      aside={
        <p className="muted">
          {first && last ? `${monthLabel(first)} – ${monthLabel(last)}` : 'No bills yet'}
        </p>
      }
    >
      <ul className="service-cards">
        <ServiceCard title="All services" value={formatCurrency(charges)} isAccent />
        <ServiceTotalCards byService={byService} />
      </ul>
    </Panel>
  );
}
