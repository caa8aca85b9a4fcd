// A report's typed columns and rows as the export worker takes them (workers/export/types.ts): a kind per column
// and plain values in column order, percentages as the fractions Excel's % format expects.
import type { ReportColumn, ReportColumnType, ReportRow } from '../../src/domain/reports/types';
import type { ExportColumn, ExportColumnKind, ExportRow } from '../export/api';

const KINDS: Readonly<Record<ReportColumnType, ExportColumnKind>> = {
  currency: 'currency',
  number: 'number',
  percentage: 'percent',
  date: 'date',
  text: 'text',
};

/** The export columns of a report. */
export function exportColumns(columns: readonly ReportColumn[]): ExportColumn[] {
  return columns.map((column) => ({ title: column.title, kind: KINDS[column.type] }));
}

/** Rows `start` to `end` (excluded) as export rows. */
export function exportRows(
  columns: readonly ReportColumn[],
  rows: readonly ReportRow[],
  start: number,
  end: number,
): ExportRow[] {
  const out: ExportRow[] = [];
  for (let i = start; i < end; i += 1) {
    const row = rows[i];
    if (!row) continue;
    out.push(
      columns.map((column) => {
        const value = row[column.key] ?? null;
        return column.type === 'percentage' && typeof value === 'number' ? value / 100 : value;
      }),
    );
  }
  return out;
}
