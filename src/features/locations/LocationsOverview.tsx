import { Building2, Gauge, PlugZap, Wallet } from 'lucide-react';
import { memo, useMemo } from 'react';
import type { CompanyOverview } from '../../db/queries/locations';
import type { ServiceCount } from '../../domain/accounts';
import type { Completeness } from '../../domain/completeness';
import { formatCurrency } from '../../domain/money';
import {
  USAGE_SERVICE_TYPES,
  compareServiceTypes,
  serviceLabel,
  serviceUnit,
} from '../../domain/serviceTypes';
import { Chart } from '../../ui/chart/Chart';
import { ServiceUsageChart } from '../../ui/chart/ServiceUsageChart';
import { KpiCard } from '../../ui/KpiCard';
import { ServiceCard } from '../../ui/ServiceCard';
import { AttentionList } from './AttentionList';
import { monthLabel } from '../../domain/dates';
import { formatWhole } from '../../domain/format';

const USAGE_TOTALS: ReadonlySet<string> = new Set(USAGE_SERVICE_TYPES);

/** Props of the overview above the locations grid. */
export type LocationsOverviewProps = {
  /** Undefined while loading. */
  overview: CompanyOverview | undefined;
  accountsByService: readonly ServiceCount[] | undefined;
  locationCount: number | undefined;
  accounts: { count: number; active: number } | undefined;
  /** Whether the bills the totals read are all on the device (src/domain/completeness.ts); undefined = unknown. */
  completeness?: Completeness | undefined;
};

/** A usage card: one service's latest-12-month usage in its default unit. */
export interface UsageCard {
  serviceType: string;
  usage: number;
  charges: number;
  unit: string;
}

/** The usage cards of an overview: metered usage services with usage, in service order. */
export function usageCards(overview: CompanyOverview): UsageCard[] {
  const billUnits = new Map(overview.serviceMonths.map((row) => [row.serviceType, row.unit]));
  return Object.entries(overview.totals.byService)
    .filter(([serviceType, totals]) => USAGE_TOTALS.has(serviceType) && totals.usage > 0)
    .sort(([a], [b]) => compareServiceTypes(a, b))
    .map(([serviceType, totals]) => ({
      serviceType,
      usage: totals.usage,
      charges: totals.charges,
      unit: serviceUnit(serviceType) || (billUnits.get(serviceType) ?? ''),
    }));
}

/**
 * Spend, accounts and usage by service over the company's latest 12 months, and the attention items. Memoised: the
 * page renders again for every answer of its queries (the company record, the sync state), the charts only when
 * their figures change.
 */
export const LocationsOverview = memo(function LocationsOverview({
  overview,
  accountsByService,
  locationCount,
  accounts,
  completeness,
}: LocationsOverviewProps) {
  const missing = completeness && !completeness.isComplete ? completeness.missing : null;
  const isLoading = overview === undefined;
  const spend = useMemo(
    () =>
      overview
        ? Object.entries(overview.totals.byService)
            .filter(([, totals]) => totals.charges !== 0)
            .sort(([a], [b]) => compareServiceTypes(a, b))
        : [],
    [overview],
  );
  const cards = useMemo(() => (overview ? usageCards(overview) : []), [overview]);
  const months = useMemo(() => overview?.months ?? [], [overview]);
  const usage = useMemo(() => {
    if (!overview) return undefined;
    const rows = overview.serviceMonths;
    return new Map(
      cards.map((card) => {
        const byMonth = new Map(
          rows
            .filter((row) => row.serviceType === card.serviceType)
            .map((row) => [row.billMonth, row.totalUsage]),
        );
        return [
          card.serviceType,
          { data: months.map((month) => byMonth.get(month) ?? null), unit: card.unit },
        ];
      }),
    );
  }, [overview, cards, months]);

  return (
    <div className="stack">
      <div className="kpi-grid">
        <KpiCard
          icon={Wallet}
          title={missing ? 'Total spend so far' : 'Total spend'}
          value={
            !overview
              ? '…'
              : missing && overview.totals.charges === 0
                ? 'Not here yet'
                : formatCurrency(overview.totals.charges)
          }
          isAccent
        >
          {months.length > 0
            ? `${monthLabel(months[0] ?? '')} – ${monthLabel(months[months.length - 1] ?? '')}`
            : 'latest 12 months'}
          {missing ? <span className="kpi-card__incomplete"> · not complete: {missing}</span> : null}
        </KpiCard>
        <KpiCard
          icon={Building2}
          title="Locations"
          value={locationCount === undefined ? '…' : formatWhole(locationCount)}
        >
          sites of the company
        </KpiCard>
        <KpiCard
          icon={PlugZap}
          title="Accounts"
          value={accounts === undefined ? '…' : formatWhole(accounts.count)}
        >
          {accounts === undefined ? 'utility accounts' : `${formatWhole(accounts.active)} active`}
        </KpiCard>
      </div>

      <div className="card-row">
        <Chart
          title="Total spend by service type"
          type="doughnut"
          labels={spend.map(([serviceType]) => serviceLabel(serviceType))}
          datasets={[
            {
              label: 'Spend',
              data: spend.map(([, totals]) => totals.charges),
              pointServiceTypes: spend.map(([serviceType]) => serviceType),
            },
          ]}
          valueKind="currency"
          labelTitle="Service"
          isLoading={isLoading}
          emptyText="No bills in the latest 12 months"
          headingLevel={2}
        />
        <Chart
          title="Number of accounts by service type"
          type="bar"
          labels={(accountsByService ?? []).map((row) => serviceLabel(row.serviceType))}
          datasets={[{ label: 'Accounts', data: (accountsByService ?? []).map((row) => row.count) }]}
          valueKind="number"
          labelTitle="Service"
          isLoading={accountsByService === undefined}
          emptyText="No accounts yet"
          headingLevel={2}
        />
      </div>

      <section aria-labelledby="usage-cards-title">
        <h2 id="usage-cards-title" className="section-title">
          <Gauge size={18} aria-hidden="true" /> Usage, latest 12 months
        </h2>
        {isLoading ? (
          <p className="muted" role="status">
            Adding up usage…
          </p>
        ) : cards.length === 0 ? (
          <p className="muted">No metered usage in the latest 12 months.</p>
        ) : (
          <ul className="service-cards service-cards--wide">
            {cards.map((card) => (
              <ServiceCard
                key={card.serviceType}
                serviceType={card.serviceType}
                title={serviceLabel(card.serviceType)}
                figureText={`${formatWhole(card.usage)} ${card.unit}`}
                value={
                  <>
                    {formatWhole(card.usage)} <span className="service-card__unit">{card.unit}</span>
                  </>
                }
              >
                {formatCurrency(card.charges)} spent
              </ServiceCard>
            ))}
          </ul>
        )}
      </section>

      <div className="card-row card-row--wide-first">
        <ServiceUsageChart
          title="Usage by month"
          labels={months.map(monthLabel)}
          usage={usage}
          emptyText="No metered usage in the latest 12 months"
          headingLevel={2}
        />
        <AttentionList items={overview?.attention} />
      </div>
    </div>
  );
});
