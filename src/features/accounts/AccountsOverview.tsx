import { useMemo, useState } from 'react';
import { AlertTriangle, FileClock, FileX, Gauge, Layers, Wallet } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useAreaPaths } from '../../platform/company/useAreaPath';
import { countAccountsByCollectionType, countAccountsByService } from '../../domain/accounts';
import type { AttentionItem } from '../../domain/attention';
import { formatWhole } from '../../domain/format';
import { formatCurrency } from '../../domain/money';
import { serviceLabel } from '../../domain/serviceTypes';
import { twelveMonthTotals } from '../../domain/totals';
import type { AccountListRow } from '../../db/queries/accountPages';
import { Chart } from '../../ui/chart/Chart';
import { monthLabel } from '../../domain/dates';
import { KpiCard } from '../../ui/KpiCard';
import { ShowAllButton } from '../../ui/ShowAllButton';
import { serviceColourStyle } from '../../ui/serviceColours';
import { monthlySpendByService } from './accountFigures';
import type { AccountsOverviewFigures } from '../../platform/useAccountsData';

const ATTENTION_SHOWN = 6;

const ATTENTION_ICONS = {
  missingInvoice: FileX,
  billAnomaly: AlertTriangle,
  contractExpiring: FileClock,
} as const;

function AttentionList({ items }: { items: readonly AttentionItem[] }) {
  const pathTo = useAreaPaths();
  const [isAll, setAll] = useState(false);
  const shown = isAll ? items : items.slice(0, ATTENTION_SHOWN);
  if (items.length === 0) {
    return (
      <p className="muted">
        Nothing needs attention: no missing invoices or open bill anomalies in the latest 12 months.
      </p>
    );
  }
  return (
    <>
      <ul className="accounts-attention">
        {shown.map((item) => {
          const Icon = ATTENTION_ICONS[item.type];
          return (
            <li key={item.id} className="accounts-attention__item" data-type={item.type}>
              <Icon aria-hidden="true" size={16} />
              <span className="accounts-attention__text">{item.text}</span>
              {item.accountId ? (
                <Link
                  className="accounts-attention__link"
                  to={pathTo(`accounts/${item.accountId}`)}
                  aria-label={`Open account ${item.accountNumber ?? ''}`}
                >
                  Open
                </Link>
              ) : null}
            </li>
          );
        })}
      </ul>
      <ShowAllButton isAll={isAll} total={items.length} limit={ATTENTION_SHOWN} onToggle={setAll} />
    </>
  );
}

/** Props of the accounts overview. */
export type AccountsOverviewProps = {
  rows: readonly AccountListRow[] | undefined;
  figures: AccountsOverviewFigures | undefined;
};

/** Overview above the grid: counts, accounts per service type, 12-month spend by service and attention items. */
export function AccountsOverview({ rows, figures }: AccountsOverviewProps) {
  const byService = useMemo(() => (rows ? countAccountsByService(rows) : undefined), [rows]);
  const byCollection = useMemo(() => (rows ? countAccountsByCollectionType(rows) : undefined), [rows]);
  const spend = useMemo(() => (figures ? monthlySpendByService(figures.totals) : undefined), [figures]);
  const total = useMemo(() => (figures ? twelveMonthTotals(figures.totals).charges : undefined), [figures]);
  const missing = figures?.attention.filter((item) => item.type === 'missingInvoice').length;
  const datasets = useMemo(
    () =>
      spend?.series.map((series) => ({
        label: series.label,
        data: series.data,
        serviceType: series.serviceType,
      })) ?? [],
    [spend],
  );
  const labels = useMemo(() => spend?.months.map(monthLabel) ?? [], [spend]);
  const largest = byService?.[0]?.count ?? 1;
  const first = spend?.months[0];
  const last = spend?.months.at(-1);

  return (
    <div className="stack">
      <div className="kpi-grid">
        <KpiCard icon={Layers} title="Accounts" value={rows ? formatWhole(rows.length) : '…'}>
          {rows ? `${formatWhole(rows.filter((row) => row.meterCount > 0).length)} with meters` : 'Loading…'}
        </KpiCard>
        <KpiCard
          icon={Wallet}
          title="12-month spend"
          value={total === undefined ? '…' : formatCurrency(total)}
          isAccent
        >
          {first && last
            ? `${monthLabel(first)} – ${monthLabel(last)}`
            : figures
              ? 'No bills yet'
              : 'Loading…'}
        </KpiCard>
        <KpiCard
          icon={FileX}
          title="Missing invoices"
          value={missing === undefined ? '…' : formatWhole(missing)}
        >
          in the latest 12 bill months
        </KpiCard>
        <KpiCard icon={Gauge} title="Service types" value={byService ? formatWhole(byService.length) : '…'}>
          across all accounts
        </KpiCard>
      </div>

      <div className="card-row card-row--narrow-first">
        <section className="panel" aria-labelledby="accounts-by-service">
          <h2 id="accounts-by-service" className="panel__title">
            Accounts by service type
          </h2>
          {byService === undefined ? (
            <p className="muted">Loading…</p>
          ) : byService.length === 0 ? (
            <p className="muted">No accounts yet.</p>
          ) : (
            <ul className="accounts-services">
              {byService.map(({ serviceType, count: n }) => (
                <li key={serviceType} className="accounts-services__item">
                  <span className="accounts-services__label">
                    <span
                      className="service-dot"
                      style={serviceColourStyle(serviceType)}
                      aria-hidden="true"
                    />
                    {serviceLabel(serviceType)}
                  </span>
                  <span className="accounts-services__bar" aria-hidden="true">
                    <span
                      style={{
                        ...serviceColourStyle(serviceType),
                        width: `${Math.max(4, (n / largest) * 100)}%`,
                      }}
                    />
                  </span>
                  <span className="accounts-services__value">{formatWhole(n)}</span>
                </li>
              ))}
            </ul>
          )}
          {byCollection && byCollection.length > 0 && (
            <>
              <h3 className="panel__subtitle">By collection type</h3>
              <ul className="chip-list">
                {byCollection.map(({ collectionType: type, count: n }) => (
                  <li key={type ?? ''} className="chip">
                    <span>{type ?? 'Not set'}</span>
                    <strong>{formatWhole(n)}</strong>
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
        <Chart
          title="12-month spend by service"
          type="bar"
          labels={labels}
          datasets={datasets}
          valueKind="currency"
          isLoading={figures === undefined}
          isStacked
          headingLevel={2}
          height={260}
          emptyText="No bills on this device yet"
        />
      </div>

      <section className="panel" aria-labelledby="accounts-attention">
        <h2 id="accounts-attention" className="panel__title">
          Needs attention{' '}
          {figures ? <span className="badge">{formatWhole(figures.attention.length)}</span> : null}
        </h2>
        {figures === undefined ? (
          <p className="muted">Loading…</p>
        ) : (
          <AttentionList items={figures.attention} />
        )}
      </section>
    </div>
  );
}
