import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { useExport } from '../../export/useExport';
import { Grid } from './Grid';
import type { GridColumnDef } from './columns';
import { ExportButton, ExportStatus, visibleExportColumns } from './GridExport';
import { useGridSettings } from './useGridSettings';
import './exportingGrid.css';

/** Props of a list page's grid with its Export button. */
export type ExportingGridProps<Row> = {
  /** Accessible name of the grid and title of its export file ('Payment confirmations'). */
  title: string;
  /** Key of the user's saved column choice. */
  gridName: string;
  /** The company whose grid settings apply (consultants: the client company of the page); undefined while unknown. */
  companyId: number | undefined;
  columns: readonly GridColumnDef<Row>[];
  /** Undefined while the rows load. */
  rows: readonly Row[] | undefined;
  getRowId: (row: Row) => string;
  emptyText: string;
  height?: number;
  /** Opens a row (a click, or Enter on its cell). */
  onRowActivate?: (row: Row) => void;
  /** The quick filter's text when the page opens filtered (`?search=`); a new one is a new view of the grid. */
  initialFilter?: string;
  /** Which visible columns the file gets (default all; an action column such as 'Rename' has no value to write). */
  isExported?: (column: GridColumnDef<Row>) => boolean;
  /** What the toolbar holds before Export (a list page's filter selects), in a row of that class. */
  toolbarStart?: ReactNode;
  toolbarClassName?: string;
};

/**
 * A grid (sort, quick filter, column chooser) whose Export writes the rows shown by the page's filters with the
 * visible columns to '{title}_{date}.xlsx' in the export worker, offline too.
 */
export function ExportingGrid<Row>({
  title,
  gridName,
  companyId,
  rows,
  height = 480,
  isExported,
  toolbarStart,
  toolbarClassName,
  ...grid
}: ExportingGridProps<Row>) {
  const exporter = useExport();
  const { columns } = grid;
  const settings = useGridSettings(gridName, columns, companyId);
  const list = useMemo(() => rows ?? [], [rows]);
  const exportColumns = useMemo(
    () => visibleExportColumns(columns, settings.visibleIds, isExported),
    [columns, settings.visibleIds, isExported],
  );

  const exportButton = (
    <ExportButton
      exporter={exporter}
      isDisabled={rows === undefined || list.length === 0}
      onExport={() => void exporter.exportXlsx({ title, columns: exportColumns, rows: list })}
    />
  );
  const toolbar =
    toolbarStart === undefined ? (
      exportButton
    ) : (
      <div className={toolbarClassName}>
        {toolbarStart}
        {exportButton}
      </div>
    );

  return (
    <div className="exporting-grid">
      <ExportStatus
        exporter={exporter}
        label={`Exporting ${title.toLowerCase()}`}
        progressClassName="exporting-grid__progress"
      />
      <Grid
        {...grid}
        key={grid.initialFilter}
        settings={settings}
        label={title}
        rows={list}
        isLoading={rows === undefined}
        toolbar={toolbar}
        height={height}
        freezeColumns={1}
      />
    </div>
  );
}
