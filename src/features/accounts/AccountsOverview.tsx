import { useMemo, useState } from 'react';
import { AlertTriangle, FileClock, FileX, Gauge, Layers, Wallet } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useAreaPaths } from '../../app/company/useAreaPath';
import { countAccountsByCollectionType, countAccountsByService } from '../../domain/accounts';
import type { AttentionItem } from '../../domain/attention';
import { formatCurrency } from '../../domain/money';
import { serviceLabel } from '../../domain/serviceTypes';
import { twelveMonthTotals } from '../../domain/totals';
import type { AccountListRow } from '../../db/queries/accountPages';
import { Chart } from '../../ui/chart/Chart';
import { serviceColour } from '../../ui/serviceColours';
import { monthLabel } from '../../domain/dates';
import { monthlySpendByService } from './accountFigures';
import type { AccountsOverviewFigures } from './useAccountsData';

const count = new Intl.NumberFormat('en-US');
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
      <p className="accounts-muted">
        Nothing needs attention: no missing invoices or open bill anomalies in the latest 12 months.
      </p>
    );
  }
  return (
    <>
      <ul className="attention-list">
        {shown.map((item) => {
          const Icon = ATTENTION_ICONS[item.type];
          return (
            <li key={item.id} className="attention-item" data-type={item.type}>
              <Icon aria-hidden="true" size={16} />
              <span className="attention-item__text">{item.text}</span>
              {item.accountId ? (
                <Link
                  className="attention-item__link"
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
      {items.length > ATTENTION_SHOWN && (
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => setAll(!isAll)}
          aria-expanded={isAll}
        >
          {isAll ? 'Show fewer' : `Show all ${count.format(items.length)}`}
        </button>
      )}
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
    <div className="accounts-overview">
      <div className="accounts-stats">
        <article className="accounts-stat">
          <Layers aria-hidden="true" size={20} />
          <h2>Accounts</h2>
          <p className="accounts-stat__value">{rows ? count.format(rows.length) : '…'}</p>
          <p className="accounts-muted">
            {rows
              ? `${count.format(rows.filter((row) => row.meterCount > 0).length)} with meters`
              : 'Loading…'}
          </p>
        </article>
        <article className="accounts-stat accounts-stat--accent">
          <Wallet aria-hidden="true" size={20} />
          <h2>12-month spend</h2>
          <p className="accounts-stat__value">{total === undefined ? '…' : formatCurrency(total)}</p>
          <p className="accounts-muted">
            {first && last
              ? `${monthLabel(first)} – ${monthLabel(last)}`
              : figures
                ? 'No bills yet'
                : 'Loading…'}
          </p>
        </article>
        <article className="accounts-stat">
          <FileX aria-hidden="true" size={20} />
          <h2>Missing invoices</h2>
          <p className="accounts-stat__value">{missing === undefined ? '…' : count.format(missing)}</p>
          <p className="accounts-muted">in the latest 12 bill months</p>
        </article>
        <article className="accounts-stat">
          <Gauge aria-hidden="true" size={20} />
          <h2>Service types</h2>
          <p className="accounts-stat__value">{byService ? count.format(byService.length) : '…'}</p>
          <p className="accounts-muted">across all accounts</p>
        </article>
      </div>

      <div className="accounts-overview__row">
        <section className="accounts-panel" aria-labelledby="accounts-by-service">
          <h2 id="accounts-by-service" className="accounts-panel__title">
            Accounts by service type
          </h2>
          {byService === undefined ? (
            <p className="accounts-muted">Loading…</p>
          ) : byService.length === 0 ? (
            <p className="accounts-muted">No accounts yet.</p>
          ) : (
            <ul className="service-counts">
              {byService.map(({ serviceType, count: n }) => (
                <li key={serviceType} className="service-count">
                  <span className="service-count__label">
                    <span
                      className="service-dot"
                      style={{ background: serviceColour(serviceType) }}
                      aria-hidden="true"
                    />
                    {serviceLabel(serviceType)}
                  </span>
                  <span className="service-count__bar" aria-hidden="true">
                    <span
                      style={{
                        width: `${Math.max(4, (n / largest) * 100)}%`,
                        background: serviceColour(serviceType),
                      }}
                    />
                  </span>
                  <span className="service-count__value">{count.format(n)}</span>
                </li>
              ))}
            </ul>
          )}
          {byCollection && byCollection.length > 0 && (
            <>
              <h3 className="accounts-panel__subtitle">By collection type</h3>
              <ul className="collection-counts">
                {byCollection.map(({ collectionType: type, count: n }) => (
                  <li key={type ?? ''}>
                    <span>{type ?? 'Not set'}</span>
                    <strong>{count.format(n)}</strong>
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
        <Chart
          className="accounts-chart"
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

      <section className="accounts-panel" aria-labelledby="accounts-attention">
        <h2 id="accounts-attention" className="accounts-panel__title">
          Needs attention{' '}
          {figures ? <span className="accounts-badge">{count.format(figures.attention.length)}</span> : null}
        </h2>
        {figures === undefined ? (
          <p className="accounts-muted">Loading…</p>
        ) : (
          <AttentionList items={figures.attention} />
        )}
      </section>
    </div>
  );
}
