// A report's typed columns as grid columns (src/ui/grid): the preview reads each row as the values of its columns in
// column order, as the report worker sends them.
import type { ReportColumn, ReportColumnType, ReportValue } from '../../domain/reports/types';
import type { ColumnKind, GridColumnDef } from '../../ui/grid/columns';

/** A preview row: a value per column, in column order. */
export type PreviewRow = readonly ReportValue[];

const KINDS: Readonly<Record<ReportColumnType, ColumnKind>> = {
  currency: 'currency',
  number: 'number',
  percentage: 'percent',
  date: 'date',
  text: 'text',
};

/** Grid columns of a report; their ids are the export field names, so a user's column choice keeps per type. */
export function previewColumns(columns: readonly ReportColumn[]): GridColumnDef<PreviewRow>[] {
  return columns.map((column, index) => ({
    id: column.key,
    title: column.title,
    kind: KINDS[column.type],
    width: column.type === 'text' ? Math.max(120, Math.min(220, column.title.length * 9)) : undefined,
    value: (row: PreviewRow) => row[index] ?? null,
  }));
}
