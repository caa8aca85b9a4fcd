import { useMemo } from 'react';
import { Download } from 'lucide-react';
import type { ExportSourceColumn } from '../../export/exportRows';
import { useExport } from '../../export/useExport';
import { Grid } from './Grid';
import type { GridColumnDef } from './columns';
import { useGridSettings } from './useGridSettings';
import { ProgressBar } from '../ProgressBar';
import './exportingGrid.css';

/** Props of a grid of the AP and Bill pay pages with its Export button. */
export type ExportingGridProps<Row> = {
  /** Accessible name of the grid and title of its export file ('Payment confirmations'). */
  title: string;
  /** Key of the user's saved column choice. */
  gridName: string;
  /** The company whose grid settings apply (consultants: the client company of the page). */
  companyId: number;
  columns: readonly GridColumnDef<Row>[];
  /** Undefined while the rows load. */
  rows: readonly Row[] | undefined;
  getRowId: (row: Row) => string;
  emptyText: string;
  height?: number;
  /** Opens a row (a click, or Enter on its cell). */
  onRowActivate?: (row: Row) => void;
};

/**
 * A grid (sort, quick filter, column chooser) whose Export writes the rows shown by the page's filters with the
 * visible columns to '{title}_{date}.xlsx' in the export worker, offline too.
 */
export function ExportingGrid<Row>({
  title,
  gridName,
  companyId,
  columns,
  rows,
  getRowId,
  emptyText,
  height = 480,
  onRowActivate,
}: ExportingGridProps<Row>) {
  const exporter = useExport();
  const settings = useGridSettings(gridName, columns, companyId);
  const list = useMemo(() => rows ?? [], [rows]);
  const exportColumns = useMemo<ExportSourceColumn<Row>[]>(() => {
    const visible = new Set(settings.visibleIds);
    return columns
      .filter((column) => visible.has(column.id))
      .map((column) => ({
        title: column.title,
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
      onClick={() => void exporter.exportXlsx({ title, columns: exportColumns, rows: list })}
    >
      <Download aria-hidden="true" size={16} />
      {exporter.isExporting ? 'Exporting…' : 'Export'}
    </button>
  );

  return (
    <div className="billpay-grid">
      {exporter.progress !== null && (
        <div className="billpay-grid__progress">
          <ProgressBar value={exporter.progress} label={`Exporting ${title.toLowerCase()}`} />
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
        settings={settings}
        label={title}
        columns={columns}
        rows={list}
        getRowId={getRowId}
        onRowActivate={onRowActivate}
        isLoading={rows === undefined}
        emptyText={emptyText}
        toolbar={toolbar}
        height={height}
        freezeColumns={1}
      />
    </div>
  );
}
