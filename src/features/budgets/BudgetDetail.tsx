import { useState } from 'react';
import { Pencil, Trash2 } from 'lucide-react';
import type { BudgetView } from '../../db/queries/budgets';
import { budgetPeriodLabel } from '../../domain/budgets';
import type { BudgetPlanItem } from '../../domain/budgets';
import { serviceLabel } from '../../domain/serviceTypes';
import type { OutboxStatus } from '../../domain/sync';
import { CancelAndBusyButton } from '../../ui/BusyButtons';
import { FormDialog } from '../../ui/FormDialog';
import { QueuedBadge } from '../../ui/QueuedBadge';
import { BudgetChart } from './BudgetChart';
import { BudgetTable } from './BudgetTable';

/** Props of one budget's panel. */
export type BudgetDetailProps = {
  view: BudgetView;
  siteName: string;
  queued: OutboxStatus | undefined;
  isOnline: boolean;
  /** Queues the edited months; a refusal throws with the rule's reason. */
  onSave: (items: readonly BudgetPlanItem[]) => Promise<void>;
  onDelete: () => Promise<void>;
};

/**
 * One budget against its actuals: the chart (spend or usage, monthly or cumulative), the month table with variances,
 * to date and projected, and its writes: the amounts edited in place, and delete after a confirmation.
 */
export function BudgetDetail({ view, siteName, queued, isOnline, onSave, onDelete }: BudgetDetailProps) {
  const { budget, report, items } = view;
  const [draft, setDraft] = useState<Map<string, BudgetPlanItem> | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const [isDeleting, setDeleting] = useState(false);
  const title = `${siteName} · ${serviceLabel(budget.serviceType)}`;
  const period = budgetPeriodLabel(budget);

  const startEdit = () => {
    setProblem(null);
    setDraft(
      new Map(
        items.map((item) => [
          item.month,
          {
            month: item.month,
            budgetSpendAmount: item.budgetSpendAmount,
            budgetUsageAmount: item.budgetUsageAmount,
          },
        ]),
      ),
    );
  };
  const save = async () => {
    if (!draft) return;
    setSaving(true);
    setProblem(null);
    try {
      await onSave([...draft.values()].sort((a, b) => (a.month < b.month ? -1 : 1)));
      setDraft(null);
    } catch (caught) {
      setProblem(caught instanceof Error ? caught.message : 'The budget could not be saved.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="panel budgets-detail" aria-labelledby="budget-detail-title">
      <div className="panel__head budgets-detail__head">
        <div>
          <h2 id="budget-detail-title" className="panel__title">
            {title}
          </h2>
          <p className="muted record-marks">
            {period} · usage in {budget.unit} <QueuedBadge status={queued} />
          </p>
        </div>
        <div className="budgets-detail__actions">
          {draft ? (
            <CancelAndBusyButton
              onCancel={() => setDraft(null)}
              isSmall
              isBusy={isSaving}
              busyLabel="Saving…"
              onClick={() => void save()}
            >
              Save amounts
            </CancelAndBusyButton>
          ) : (
            <>
              <button type="button" className="btn btn--secondary btn--sm" onClick={startEdit}>
                <Pencil aria-hidden="true" size={14} /> Edit amounts
              </button>
              <button type="button" className="btn btn--ghost btn--sm" onClick={() => setDeleting(true)}>
                <Trash2 aria-hidden="true" size={14} /> Delete
              </button>
            </>
          )}
        </div>
      </div>
      {problem ? (
        <p className="notice notice--danger" role="alert">
          {problem}
        </p>
      ) : null}
      <BudgetChart title={`${title}: budget against actual`} report={report} unit={budget.unit} />
      <BudgetTable
        report={report}
        unit={budget.unit}
        draft={draft}
        onDraftChange={(item) =>
          setDraft((current) => (current ? new Map(current).set(item.month, item) : current))
        }
        caption={`${title}, ${period}, month by month`}
      />
      <FormDialog
        isOpen={isDeleting}
        onClose={() => setDeleting(false)}
        title="Delete budget"
        saveLabel="Delete budget"
        isOffline={!isOnline}
        lead={
          <>
            <strong>{title}</strong>, {period}, and its {items.length} planned months are deleted. The bills
            stay.
          </>
        }
        onSave={async () => {
          await onDelete();
          setDeleting(false);
        }}
      >
        {null}
      </FormDialog>
    </section>
  );
}
