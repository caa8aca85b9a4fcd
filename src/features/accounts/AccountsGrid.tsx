import { useCallback, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAreaPaths } from '../../platform/company/useAreaPath';
import type { AccountListRow } from '../../db/queries/accountPages';
import { ExportingGrid } from '../../ui/grid/ExportingGrid';
import type { ExportingGridProps } from '../../ui/grid/ExportingGrid';
import type { GridColumnDef } from '../../ui/grid/columns';
import { ACCOUNTS_GRID, RENAME_COLUMN_ID, accountColumns, extraFieldsOf } from './accountColumns';
import type { NicknameTarget } from './RenameNicknameDialog';

/** Props of the accounts grid: the page's rows, company and empty text go to the grid as they are. */
export type AccountsGridProps = Pick<
  ExportingGridProps<AccountListRow>,
  'rows' | 'companyId' | 'emptyText'
> & {
  onRename: (account: NicknameTarget) => void;
};

const NO_ROWS: readonly AccountListRow[] = [];
const getRowId = (row: AccountListRow) => row.id;
const isExported = (column: GridColumnDef<AccountListRow>) => column.id !== RENAME_COLUMN_ID;

/**
 * The accounts grid: a row click opens the account, the 'Rename' cell opens the nickname dialog, the location cell
 * opens the location; Export writes the visible columns (not the action) to 'Accounts_{date}.xlsx' in a worker.
 */
export function AccountsGrid({ onRename, ...grid }: AccountsGridProps) {
  const navigate = useNavigate();
  // Opened filtered (`?search=`, as GET AI opens it).
  const search = useSearchParams()[0].get('search') ?? '';
  const pathTo = useAreaPaths();
  const list = grid.rows ?? NO_ROWS;
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
  const onRowActivate = useCallback(
    (row: AccountListRow) => void navigate(pathTo(`accounts/${row.id}`)),
    [navigate, pathTo],
  );

  return (
    <ExportingGrid
      {...grid}
      title="Accounts"
      gridName={ACCOUNTS_GRID}
      columns={columns}
      getRowId={getRowId}
      height={560}
      onRowActivate={onRowActivate}
      initialFilter={search}
      isExported={isExported}
    />
  );
}
