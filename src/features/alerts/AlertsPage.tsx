import { useCallback, useMemo, useState } from 'react';
import { CheckCheck } from 'lucide-react';
import { useCompanyRecord } from '../../platform/company/useCompanyRecord';
import { useCurrentCompanyId } from '../../platform/company/useCurrentCompanyId';
import { useOnline } from '../../platform/useOnline';
import { defaultAlertFilter } from '../../domain/alertList';
import type { AlertListFilter } from '../../domain/alertList';
import { localToday } from '../../domain/contracts';
import { OPEN_ALERTS, alertStatusCounts } from '../../domain/counts';
import { formatWhole } from '../../domain/format';
import { EmptyState } from '../../ui/EmptyState';
import { Page } from '../../ui/Page';
import { AlertDetailDialog } from './AlertDetailDialog';
import { AlertFilters } from './AlertFilters';
import { AlertsTable } from './AlertsTable';
import { BatchResolveDialog } from './BatchResolveDialog';
import { useAlertList } from './useAlerts';
import { useAlertWrites } from './useAlertWrites';
import './alerts.css';

/** The most alerts one batch resolves (the server's limit). */
const BATCH_MAX = 500;

/** Remembered for the session, so going to a bill and back keeps the filters. */
let lastFilter: { companyId: number | null; filter: AlertListFilter } | null = null;

/**
 * The alerts of a company, from the device (spec 001 §7 Alerts): filters, the list, the detail panel and, on the
 * editable page, status changes, notes and batch resolve, all through the outbox so they work offline. `/alertsro`
 * (isReadOnly) shows the same list and details without any action.
 */
export function AlertsPage({ isReadOnly = false }: { isReadOnly?: boolean }) {
  const companyId = useCurrentCompanyId();
  const company = useCompanyRecord(companyId);
  const isOnline = useOnline();
  const writes = useAlertWrites();
  const [filter, setFilterState] = useState<AlertListFilter>(() =>
    lastFilter?.companyId === companyId ? lastFilter.filter : defaultAlertFilter(localToday()),
  );
  const setFilter = useCallback(
    (next: AlertListFilter) => {
      lastFilter = { companyId, filter: next };
      setFilterState(next);
    },
    [companyId],
  );
  const list = useAlertList(companyId, filter);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [openId, setOpenId] = useState<string | null>(null);
  const [isDetailOpen, setDetailOpen] = useState(false);
  const [isResolving, setResolving] = useState(false);

  const toggle = useCallback((alertId: string) => {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(alertId)) next.delete(alertId);
      else next.add(alertId);
      return next;
    });
  }, []);
  const open = useCallback((alertId: string) => {
    setOpenId(alertId);
    setDetailOpen(true);
  }, []);
  // Only alerts still in the list count: a filter change or a resolution may have taken some out.
  const shownIds = useMemo(() => new Set((list?.rows ?? []).map((row) => row.id)), [list]);
  const chosen = useMemo(() => [...selected].filter((id) => shownIds.has(id)), [selected, shownIds]);
  // By the Status filter's names, so a chip's number is what that filter lists (src/domain/counts.ts).
  const counts = useMemo(() => alertStatusCounts(list?.rows ?? []), [list]);
  // The open alerts among those listed: on arrival (the default filter) the sidebar badge's figure.
  const openCount = useMemo(
    () => (list?.rows ?? []).filter((row) => OPEN_ALERTS.statuses.includes(row.status)).length,
    [list],
  );

  const name = typeof company === 'object' && company !== null ? company.name : null;
  if (companyId === null) return null;
  const total = list?.rows.length ?? 0;
  const isWaiting = list !== undefined && total === 0 && list.accounts.size === 0;

  return (
    <Page
      titleId="alerts-title"
      title="Alerts"
      subtitle={
        <p className="muted">
          {name ?? ' '}
          {isReadOnly ? ' · read only' : ''}
        </p>
      }
      actions={
        isReadOnly ? null : (
          <button
            type="button"
            className="btn btn--primary"
            disabled={chosen.length === 0 || chosen.length > BATCH_MAX}
            onClick={() => setResolving(true)}
          >
            <CheckCheck aria-hidden="true" size={16} />
            Resolve selected{chosen.length > 0 ? ` (${chosen.length})` : ''}
          </button>
        )
      }
    >
      <section className="panel" aria-label="Filters">
        <AlertFilters
          filter={filter}
          onChange={setFilter}
          onReset={() => setFilter(defaultAlertFilter(localToday()))}
          list={list}
        />
      </section>

      {isWaiting ? (
        <EmptyState title="Alerts are not on this device yet">
          Once this company is synced (online), its alerts show here and stay available offline.
        </EmptyState>
      ) : null}

      <section className="panel" aria-labelledby="alerts-list-title">
        <div className="panel__head alerts-page__list-head">
          <h2 id="alerts-list-title" className="panel__title">
            {list === undefined ? 'Alerts' : `${formatWhole(total)} ${total === 1 ? 'alert' : 'alerts'}`}
          </h2>
          {list === undefined ? null : (
            <p className="muted" data-count="open-alerts" data-value={openCount}>
              {formatWhole(openCount)} open (open, pending, pending - client input)
            </p>
          )}
          <ul className="chip-list" aria-label="Alerts by status">
            {counts.map(([text, count]) => (
              <li key={text} className="chip">
                {text} <strong>{formatWhole(count)}</strong>
              </li>
            ))}
          </ul>
          {isReadOnly ? null : (
            <div className="alerts-page__select">
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                disabled={total === 0 || total > BATCH_MAX}
                title={total > BATCH_MAX ? `A batch resolves at most ${BATCH_MAX} alerts` : undefined}
                onClick={() => setSelected(new Set(shownIds))}
              >
                Select all shown
              </button>
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                disabled={chosen.length === 0}
                onClick={() => setSelected(new Set())}
              >
                Clear selection
              </button>
            </div>
          )}
        </div>
        <AlertsTable
          list={list}
          selection={isReadOnly ? null : selected}
          onToggle={toggle}
          onOpen={open}
          emptyText="No alerts match these filters."
        />
      </section>

      <AlertDetailDialog
        alertId={openId}
        isOpen={isDetailOpen}
        onClose={() => setDetailOpen(false)}
        onOpen={open}
        writes={isReadOnly ? null : writes}
      />
      {isReadOnly ? null : (
        <BatchResolveDialog
          isOpen={isResolving}
          alertIds={chosen}
          onClose={() => setResolving(false)}
          isOnline={isOnline}
          onResolve={async (note, alertIds) => {
            await writes.batchResolve(companyId, alertIds, note);
            setSelected(new Set());
          }}
        />
      )}
    </Page>
  );
}

/** react-router `lazy` convention. */
export const Component = AlertsPage;
