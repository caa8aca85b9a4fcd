import { memo, useState } from 'react';
import { Bookmark, Pencil, Save, Trash2 } from 'lucide-react';
import { useUserDb } from '../../platform/database';
import { useOnline } from '../../platform/useOnline';
import {
  FILTER_NAME_LIMIT,
  deleteReportFilter,
  filterNameProblem,
  saveReportFilter,
  updateReportFilter,
} from '../../db/mutations/reportFilters';
import type { SavedFilter } from '../../db/queries/reports';
import type { ReportFilterRow } from '../../db/rows';
import type { ReportFilter } from '../../domain/reports/filter';
import { isReportTypeId, reportLabel } from '../../domain/reports/types';
import type { ReportTypeId } from '../../domain/reports/types';
import { FormDialog } from '../../ui/FormDialog';
import { Panel } from '../../ui/Panel';
import { QueuedBadge } from '../../ui/QueuedBadge';
import { TextField } from '../../ui/fields/TextField';
import { useCheckedField } from '../../ui/fields/useCheckedField';
import { useOpenGeneration } from '../../ui/useOpenGeneration';

/** Props of the saved filters panel. */
export type SavedFiltersProps = {
  companyId: number;
  userId: number;
  filters: readonly SavedFilter[] | undefined;
  /** The report type and filter on screen, which Save and Update store. */
  reportType: ReportTypeId;
  filter: ReportFilter;
  /** Whether the filter on screen may be saved (a valid month range). */
  canSave: boolean;
  /** Applies a saved filter to the page. */
  onApply: (row: ReportFilterRow) => void;
};

type Dialog =
  | { kind: 'save' }
  | { kind: 'rename'; row: ReportFilterRow }
  | { kind: 'delete'; row: ReportFilterRow }
  | null;

function NameForm({
  title,
  initial,
  isOpen,
  onClose,
  onSave,
}: {
  title: string;
  initial: string;
  isOpen: boolean;
  onClose: () => void;
  onSave: (name: string) => Promise<string | null>;
}) {
  const isOnline = useOnline();
  const name = useCheckedField(initial);
  return (
    <FormDialog
      isOpen={isOpen}
      onClose={onClose}
      title={title}
      isOffline={!isOnline}
      onSave={async () => {
        const found = filterNameProblem(name.value) ?? (await onSave(name.value));
        if (found) name.setProblem(found);
        else onClose();
      }}
    >
      <TextField
        label="Filter name"
        required
        {...name.field}
        maxLength={FILTER_NAME_LIMIT + 20}
        autoComplete="off"
        data-autofocus
      />
    </FormDialog>
  );
}

/**
 * The user's saved filters of this company (synced, so they work offline): apply one, save the filter on screen,
 * rename, replace with the filter on screen, delete. Every change goes through the outbox. Memoized, as FilterPanel
 * is: the page re-renders on every tick of a run's or an export's progress.
 */
export const SavedFilters = memo(function SavedFilters(props: SavedFiltersProps) {
  const { companyId, userId, filters, reportType, filter, canSave, onApply } = props;
  const db = useUserDb();
  const isOnline = useOnline();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [shown, setShown] = useState<Dialog>(null);
  const generation = useOpenGeneration(dialog !== null);
  const open = (next: Dialog) => {
    setShown(next);
    setDialog(next);
  };
  const close = () => setDialog(null);
  const problemOf = (result: { ok: true } | { ok: false; problem: string }) =>
    result.ok ? null : result.problem;

  return (
    <Panel
      titleId="reports-saved-title"
      title={
        <>
          <Bookmark aria-hidden="true" size={18} />
          Saved filters
        </>
      }
      aside={
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          disabled={!db || !canSave}
          onClick={() => open({ kind: 'save' })}
        >
          <Save aria-hidden="true" size={16} />
          Save filter
        </button>
      }
    >
      {filters === undefined ? (
        <p className="muted">Loading…</p>
      ) : filters.length === 0 ? (
        <p className="muted">
          No saved filters yet. Set a filter and save it to run it again later — offline too.
        </p>
      ) : (
        <ul className="reports-saved__list">
          {filters.map((row) => (
            <li key={row.id} className="reports-saved__item">
              <button
                type="button"
                className="reports-saved__apply"
                disabled={!isReportTypeId(row.reportType)}
                onClick={() => onApply(row)}
              >
                <span className="reports-saved__name">{row.name}</span>
                <span className="muted">
                  {isReportTypeId(row.reportType) ? reportLabel(row.reportType) : 'Unknown report type'}
                </span>
              </button>
              <QueuedBadge status={row.queued} />
              <span className="reports-saved__actions">
                <button
                  type="button"
                  className="btn btn--ghost btn--icon btn--sm"
                  aria-label={`Rename ${row.name}`}
                  onClick={() => open({ kind: 'rename', row })}
                >
                  <Pencil aria-hidden="true" size={15} />
                </button>
                <button
                  type="button"
                  className="btn btn--ghost btn--icon btn--sm"
                  aria-label={`Replace ${row.name} with the filter on screen`}
                  title="Replace with the filter on screen"
                  disabled={!db || !canSave}
                  onClick={() => {
                    if (db) void updateReportFilter(db, row.id, { reportType, filter });
                  }}
                >
                  <Save aria-hidden="true" size={15} />
                </button>
                <button
                  type="button"
                  className="btn btn--ghost btn--icon btn--sm"
                  aria-label={`Delete ${row.name}`}
                  onClick={() => open({ kind: 'delete', row })}
                >
                  <Trash2 aria-hidden="true" size={15} />
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {shown?.kind === 'save' && (
        <NameForm
          key={generation}
          title="Save filter"
          initial=""
          isOpen={dialog !== null}
          onClose={close}
          onSave={async (name) =>
            db ? problemOf(await saveReportFilter(db, { companyId, userId, name, reportType, filter })) : null
          }
        />
      )}
      {shown?.kind === 'rename' && (
        <NameForm
          key={generation}
          title="Rename filter"
          initial={shown.row.name}
          isOpen={dialog !== null}
          onClose={close}
          onSave={async (name) =>
            db ? problemOf(await updateReportFilter(db, shown.row.id, { name })) : null
          }
        />
      )}
      {shown?.kind === 'delete' && (
        <FormDialog
          isOpen={dialog !== null}
          onClose={close}
          title="Delete filter"
          saveLabel="Delete"
          isOffline={!isOnline}
          onSave={async () => {
            if (db) await deleteReportFilter(db, shown.row.id);
            close();
          }}
        >
          <p>
            Delete the saved filter <strong>{shown.row.name}</strong>?
          </p>
        </FormDialog>
      )}
    </Panel>
  );
});
