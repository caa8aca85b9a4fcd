import { Download } from 'lucide-react';
import type { ExportSourceColumn } from '../../export/exportRows';
import type { ExportState } from '../../export/useExport';
import { ProgressBar } from '../ProgressBar';
import type { ExportColumnKind } from '../../../workers/export/api';
import type { ColumnKind, GridColumnDef } from './columns';

/**
 * The kind a grid column is written as in a file: links (a grid link opens a page; the file has no URL to link to),
 * bill months (kept `YYYY-MM`, which sorts in a spreadsheet) and checkboxes as text.
 */
export function exportKindOf(kind: ColumnKind): ExportColumnKind {
  return kind === 'link' || kind === 'month' || kind === 'check' ? 'text' : kind;
}

/**
 * The columns an export writes: the grid's visible ones in their order (those `isExported` keeps), each a link
 * column as plain text, since a grid link opens a page and the file has no URL to link to.
 */
export function visibleExportColumns<Row>(
  columns: readonly GridColumnDef<Row>[],
  visibleIds: readonly string[],
  isExported: (column: GridColumnDef<Row>) => boolean = () => true,
): ExportSourceColumn<Row>[] {
  const visible = new Set(visibleIds);
  return columns
    .filter((column) => visible.has(column.id) && isExported(column))
    .map((column) => ({
      title: column.title,
      kind: exportKindOf(column.kind),
      width: column.width,
      value: column.value,
    }));
}

/** Props of a grid toolbar's Export button. */
export type ExportButtonProps = {
  exporter: ExportState;
  /** Nothing to export yet (loading, or no rows); the button is also off while an export runs. */
  isDisabled: boolean;
  onExport: () => void;
  /** Whether the button reads 'Exporting…' while an export runs (default true). */
  hasBusyText?: boolean;
};

/** The grid toolbar's Export button. */
export function ExportButton({ exporter, isDisabled, onExport, hasBusyText = true }: ExportButtonProps) {
  return (
    <button
      type="button"
      className="btn btn--secondary btn--sm"
      disabled={isDisabled || exporter.isExporting}
      onClick={onExport}
    >
      <Download aria-hidden="true" size={16} />
      {hasBusyText && exporter.isExporting ? 'Exporting…' : 'Export'}
    </button>
  );
}

/** Props of an export's progress and error. */
export type ExportStatusProps = {
  exporter: ExportState;
  /** The progress bar's label ('Exporting accounts'). */
  label: string;
  /** With a class, the bar sits in that row with a Cancel button; without, it is shown alone. */
  progressClassName?: string;
};

/** A running export's progress bar (with Cancel when placed in a row), then why the last export failed. */
export function ExportStatus({ exporter, label, progressClassName }: ExportStatusProps) {
  const bar = exporter.progress === null ? null : <ProgressBar value={exporter.progress} label={label} />;
  return (
    <>
      {bar !== null && progressClassName !== undefined ? (
        <div className={progressClassName}>
          {bar}
          <button type="button" className="btn btn--ghost btn--sm" onClick={exporter.cancel}>
            Cancel
          </button>
        </div>
      ) : (
        bar
      )}
      {exporter.error ? (
        <p className="error-text" role="alert">
          {exporter.error}
        </p>
      ) : null}
    </>
  );
}
