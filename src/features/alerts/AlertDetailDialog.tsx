import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useAreaPaths } from '../../platform/company/useAreaPath';
import type { AlertDetail } from '../../db/queries/alerts';
import {
  ALERT_STATUS_VALUES,
  FINALIZED_STATUS,
  alertStatusDisplay,
  finalizeBlocker,
} from '../../domain/alerts';
import { alertMessage, auditRuleLabel } from '../../domain/alertMessage';
import { monthLabel } from '../../domain/dates';
import { displayValue, formatAmount } from '../../domain/format';
import { formatCurrency } from '../../domain/money';
import { serviceLabel } from '../../domain/serviceTypes';
import { Chart } from '../../ui/chart/Chart';
import { SelectField } from '../../ui/fields/SelectField';
import { formatDate } from '../../ui/grid/columns';
import { Modal } from '../../ui/Modal';
import { QueuedBadge } from '../../ui/QueuedBadge';
import { AlertNotes } from './AlertNotes';
import { AlertStatusBadge } from './AlertStatusBadge';
import { useAlertDetail } from './useAlerts';
import type { AlertWrites } from './useAlertWrites';

/** Props of the detail panel. */
export type AlertDetailDialogProps = {
  /** The alert shown; kept while the panel closes so its content stays during the fade. */
  alertId: string | null;
  isOpen: boolean;
  onClose: () => void;
  onOpen: (alertId: string) => void;
  /** Null on the read-only page. */
  writes: AlertWrites | null;
};

const statusName = (status: string) =>
  status === 'closed - public' ? 'Closed - Public' : alertStatusDisplay(status).text || 'Good';
const money = (value: number | null) => (value === null ? 'N/A' : formatCurrency(value));

/** A variance and its percentage: whichever is known ("35.27 %" alone, never "N/A (35.27 %)"); N/A when neither. */
function variance(value: number | null, percent: number | null, format: (value: number) => string): string {
  const shownPercent = percent === null ? null : `${formatAmount(percent)} %`;
  if (value === null) return shownPercent ?? 'N/A';
  return shownPercent === null ? format(value) : `${format(value)} (${shownPercent})`;
}

/** Status change and Finalize (enabled by the finalize rule, its reason shown when not). */
function StatusActions({ detail, writes }: { detail: AlertDetail; writes: AlertWrites }) {
  const { alert, notes } = detail;
  const [next, setNext] = useState(alert.status);
  const [error, setError] = useState<string | null>(null);
  const blocker = finalizeBlocker(alert, notes);
  const run = async (status: string) => {
    try {
      await writes.setStatus(alert.id, status);
      setError(null);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };
  return (
    <div className="alerts-detail__actions">
      <SelectField
        label="Status"
        value={next}
        onChange={setNext}
        error={error}
        className="alerts-detail__status"
      >
        {ALERT_STATUS_VALUES.map((status) => (
          <option key={status} value={status}>
            {statusName(status)}
          </option>
        ))}
      </SelectField>
      <button
        type="button"
        className="btn btn--secondary"
        disabled={next === alert.status}
        onClick={() => void run(next)}
      >
        Change status
      </button>
      <div className="alerts-detail__finalize">
        <button
          type="button"
          className="btn btn--primary"
          disabled={blocker !== null}
          aria-describedby={blocker ? 'alert-finalize-reason' : undefined}
          onClick={() => void run(FINALIZED_STATUS)}
        >
          Finalize
        </button>
        {blocker ? (
          <p id="alert-finalize-reason" className="muted">
            {blocker}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function DetailBody({
  detail,
  writes,
  onOpen,
}: {
  detail: AlertDetail;
  writes: AlertWrites | null;
  onOpen: (id: string) => void;
}) {
  const pathOf = useAreaPaths();
  const { alert, bill, account, location, history } = detail;
  const labels = useMemo(() => history.map((month) => monthLabel(month.billMonth)), [history]);
  const datasets = useMemo(
    () => [{ label: 'Charges', serviceType: alert.serviceType, data: history.map((month) => month.charges) }],
    [history, alert.serviceType],
  );
  const facts: [string, ReactNode][] = [
    ['Rule', auditRuleLabel(alert.rule)],
    ['Service', serviceLabel(alert.serviceType)],
    ['Usage unit', displayValue(alert.usageUoM)],
    ['Imported', formatDate(alert.importDate)],
    ['Closed', alert.closedAt ? formatDate(alert.closedAt) : 'N/A'],
    ['Location', location ? <Link to={pathOf(`locations/${location.id}`)}>{location.name}</Link> : 'N/A'],
    ['Account', account ? <Link to={pathOf(`accounts/${account.id}`)}>{account.accountNumber}</Link> : 'N/A'],
    ['Bill', bill ? <Link to={pathOf(`bills/${bill.id}`)}>{monthLabel(bill.billMonth)}</Link> : 'N/A'],
    ['Late fee', money(alert.lateFee)],
    ['Charge var. MoM', variance(alert.chargeVarianceMoM, alert.variancePercentageChargeMoM, formatCurrency)],
    ['Charge var. YoY', variance(alert.chargeVarianceYoY, alert.variancePercentageChargeYoY, formatCurrency)],
    ['Usage var. MoM', variance(alert.usageVarianceMoM, alert.variancePercentageUsageMoM, formatAmount)],
    ['Usage var. YoY', variance(alert.usageVarianceYoY, alert.variancePercentageUsageYoY, formatAmount)],
  ];
  return (
    <div className="stack">
      <p className="alerts-detail__message">
        <AlertStatusBadge status={alert.status} /> {alertMessage(alert)}{' '}
        <QueuedBadge status={detail.queued[`alerts:${alert.id}`]} />
      </p>
      <dl className="facts facts--wide">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <Chart
        title="Charges of the account, 13 months"
        type="bar"
        labels={labels}
        datasets={datasets}
        valueKind="currency"
        isLoading={false}
        height={200}
        headingLevel={3}
        emptyText="No bills of this account on the device."
      />
      {detail.siblings.length > 0 ? (
        <section aria-labelledby="alert-siblings-title">
          <h3 id="alert-siblings-title" className="section-title">
            Other alerts on this bill
          </h3>
          <ul className="alerts-detail__siblings">
            {detail.siblings.map((other) => (
              <li key={other.id}>
                <AlertStatusBadge status={other.status} />
                <button
                  type="button"
                  className="link-button alerts-detail__sibling"
                  onClick={() => onOpen(other.id)}
                >
                  {auditRuleLabel(other.rule)}: {alertMessage(other)}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <AlertNotes alertId={alert.id} notes={detail.notes} queued={detail.queued} writes={writes} />
      {writes ? <StatusActions key={`${alert.id}/${alert.status}`} detail={detail} writes={writes} /> : null}
    </div>
  );
}

/** The detail panel of one alert: its figures against the bill's history, its notes, and (editable) its status. */
export function AlertDetailDialog({ alertId, isOpen, onClose, onOpen, writes }: AlertDetailDialogProps) {
  const detail = useAlertDetail(alertId);
  const title = detail ? `Alert: ${auditRuleLabel(detail.alert.rule)}` : 'Alert';
  return (
    <Modal isOpen={isOpen} onClose={onClose} title={title} size="lg">
      {detail === undefined ? (
        <p className="muted" role="status">
          Loading the alert…
        </p>
      ) : detail === null ? (
        <p className="muted">This alert is not on this device.</p>
      ) : (
        <DetailBody detail={detail} writes={writes} onOpen={onOpen} />
      )}
    </Modal>
  );
}
