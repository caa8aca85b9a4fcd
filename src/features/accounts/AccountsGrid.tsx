import { useCallback, useMemo } from 'react';
import { Download } from 'lucide-react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAreaPaths } from '../../platform/company/useAreaPath';
import type { AccountListRow } from '../../db/queries/accountPages';
import type { ExportSourceColumn } from '../../export/exportRows';
import { useExport } from '../../export/useExport';
import { Grid } from '../../ui/grid/Grid';
import { useGridSettings } from '../../ui/grid/useGridSettings';
import { ProgressBar } from '../../ui/ProgressBar';
import { ACCOUNTS_GRID, RENAME_COLUMN_ID, accountColumns, extraFieldsOf } from './accountColumns';
import type { NicknameTarget } from './RenameNicknameDialog';

/** Props of the accounts grid. */
export type AccountsGridProps = {
  /** Undefined while the rows load. */
  rows: readonly AccountListRow[] | undefined;
  /** The company whose grid settings apply (consultants: the client company of the page). */
  companyId: number;
  emptyText: string;
  onRename: (account: NicknameTarget) => void;
};

const NO_ROWS: readonly AccountListRow[] = [];
const getRowId = (row: AccountListRow) => row.id;

/**
 * The accounts grid: a row click opens the account, the 'Rename' cell opens the nickname dialog, the location cell
 * opens the location; Export writes the visible columns (not the action) to 'Accounts_{date}.xlsx' in a worker.
 */
export function AccountsGrid({ rows, companyId, emptyText, onRename }: AccountsGridProps) {
  const navigate = useNavigate();
  const search = useSearchParams()[0].get('search') ?? '';
  const pathTo = useAreaPaths();
  const exporter = useExport();
  const list = rows ?? NO_ROWS;
  // Recomputed only when the set of unknown fields changes, not on every nickname edit.
  const extraKey = useMemo(() => extraFieldsOf(list).join('\u0000'), [list]);
  const columns = useMemo(
    () =>
      accountColumns({
        extraFields: extraKey === '' ? [] : extraKey.split('\u0000'),
        onRename: (row) => onRename({ id: row.id, accountNumber: row.accountNumber, nickname: row.nickname }),
        onOpenLocation: (row) => void navigate(pathTo(`locations/${row.locationId}`)),
      }),
    [extraKey, onRename, navigate, pathTo],
  );
  const settings = useGridSettings(ACCOUNTS_GRID, columns, companyId);
  const onRowActivate = useCallback(
    (row: AccountListRow) => void navigate(pathTo(`accounts/${row.id}`)),
    [navigate, pathTo],
  );

  const exportColumns = useMemo<ExportSourceColumn<AccountListRow>[]>(() => {
    const visible = new Set(settings.visibleIds);
    return columns
      .filter((column) => visible.has(column.id) && column.id !== RENAME_COLUMN_ID)
      .map((column) => ({
        title: column.title,
        // A grid link opens a page; in the file it is plain text (there is no URL to link to).
        kind: column.kind === 'link' ? 'text' : column.kind,
        width: column.width,
        value: column.value,
      }));
  }, [columns, settings.visibleIds]);

  const toolbar = (
    <button
      type="button"
      className="btn btn--secondary btn--sm"
      disabled={rows === undefined || list.length === 0 || exporter.isExporting}
      onClick={() => void exporter.exportXlsx({ title: 'Accounts', columns: exportColumns, rows: list })}
    >
      <Download aria-hidden="true" size={16} />
      {exporter.isExporting ? 'Exporting…' : 'Export'}
    </button>
  );

  return (
    <div className="accounts-grid">
      {exporter.progress !== null && (
        <div className="accounts-grid__progress">
          <ProgressBar value={exporter.progress} label="Exporting accounts" />
          <button type="button" className="btn btn--ghost btn--sm" onClick={exporter.cancel}>
            Cancel
          </button>
        </div>
      )}
      {exporter.error && (
        <p className="error-text" role="alert">
          {exporter.error}
        </p>
      )}
      <Grid
        // Opened filtered (`?search=`, as GET AI opens it): a new search is a new view of the grid.
        key={search}
        initialFilter={search}
        settings={settings}
        label="Accounts"
        columns={columns}
        rows={list}
        getRowId={getRowId}
        onRowActivate={onRowActivate}
        isLoading={rows === undefined}
        emptyText={emptyText}
        toolbar={toolbar}
        height={560}
        freezeColumns={1}
      />
    </div>
  );
}
