import { useMemo } from 'react';
import { Download, TriangleAlert } from 'lucide-react';
import type { ReportValue, RunSummary } from '../../../workers/reports/api';
import { Grid } from '../../ui/grid/Grid';
import { useGridSettings } from '../../ui/grid/useGridSettings';
import { ProgressBar } from '../../ui/ProgressBar';
import { previewColumns } from './reportColumns';
import type { PreviewRow } from './reportColumns';

/** How much of a long note (a list of accounts) the page shows; the exported file has it whole. */
const NOTE_SHOWN_CHARS = 400;

/** Props of a report's preview. */
export type ReportPreviewProps = {
  summary: RunSummary;
  rows: readonly ReportValue[][];
  /** False while only the first page of rows has arrived. */
  isComplete: boolean;
  companyId: number;
  onExport: () => void;
  /** 0–100 while the export runs. */
  exportProgress: number | null;
  exportError: string | null;
};

/**
 * The rows of a report in the grid (sort, quick filter, column chooser saved per report type) with its Export,
 * which writes every row of the run, whatever the grid shows, to '{title}_{date}.xlsx' in workers.
 */
export function ReportPreview({
  summary,
  rows,
  isComplete,
  companyId,
  onExport,
  exportProgress,
  exportError,
}: ReportPreviewProps) {
  const columns = useMemo(() => previewColumns(summary.columns), [summary.columns]);
  const settings = useGridSettings(`report-${summary.reportType}`, columns, companyId);
  const rowId = useMemo(() => rowIdsOf(rows), [rows]);
  const isExporting = exportProgress !== null;
  return (
    <section className="panel" aria-labelledby="reports-preview-title">
      <div className="panel__head">
        <h2 id="reports-preview-title" className="panel__title">
          {summary.title}
        </h2>
        <p className="muted">
          {summary.rowCount.toLocaleString('en-US')} rows · computed on this device in{' '}
          {(summary.loadMs + summary.runMs).toLocaleString('en-US')} ms
        </p>
      </div>
      {summary.incomplete && (
        <p className="notice notice--warning" role="status" data-testid="report-incomplete">
          <TriangleAlert aria-hidden="true" size={16} />
          {summary.incomplete} The exported file says so too.
        </p>
      )}
      {summary.notes.length > 0 && (
        <ul className="muted" data-testid="report-notes">
          {summary.notes.map((note) => (
            <li key={note}>
              {note.length > NOTE_SHOWN_CHARS
                ? `${note.slice(0, NOTE_SHOWN_CHARS)}… The exported file lists them all.`
                : note}
            </li>
          ))}
        </ul>
      )}
      {!isComplete && (
        <p className="muted" role="status">
          Showing the first {rows.length.toLocaleString('en-US')} rows; the other{' '}
          {(summary.rowCount - rows.length).toLocaleString('en-US')} are on their way. Export writes every
          row.
        </p>
      )}
      {isExporting && <ProgressBar value={exportProgress} label={`Exporting ${summary.title}`} />}
      {exportError && (
        <p className="error-text" role="alert">
          {exportError}
        </p>
      )}
      <Grid
        settings={settings}
        label={summary.title}
        columns={columns}
        rows={rows}
        getRowId={rowId}
        toolbar={
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            disabled={isExporting}
            onClick={onExport}
          >
            <Download aria-hidden="true" size={16} />
            {isExporting ? 'Exporting…' : 'Export .xlsx'}
          </button>
        }
        height={520}
        freezeColumns={1}
      />
    </section>
  );
}

/**
 * Rows are value lists without ids: a row's place in the run is its identity. The grid asks only while a cell
 * is focused, so the map of a run's rows (200,000 of them in a long bill detail) is made on the first question
 * rather than in the render that brings the rows.
 */
function rowIdsOf(rows: readonly PreviewRow[]): (row: PreviewRow) => number {
  let ids: WeakMap<PreviewRow, number> | undefined;
  return (row) => {
    ids ??= new WeakMap(rows.map((each, i) => [each, i]));
    return ids.get(row) ?? -1;
  };
}
