import { BILL_FIELD_LABELS } from '../../domain/imports/spreadsheet/fields';
import type { BillLayout } from '../../domain/imports/spreadsheet/fields';
import type { BillColumnMapping } from '../../domain/imports/spreadsheet/headers';
import { ActionTable } from '../../ui/ActionTable';
import type { TableColumn } from '../../ui/ActionTable';
import { SelectField } from '../../ui/fields/SelectField';
import { targetChoices, targetOf, targetValue } from './columnTargets';

interface MappingRow {
  index: number;
  header: string;
  sample: string;
}

const LAYOUT_LABELS: Readonly<Record<BillLayout, string>> = {
  billPerRow: 'A bill per row',
  linePerRow: 'A bill line per row (grouped into bills)',
};

/**
 * The mapping step: each column of the file with its first value and what it holds, guessed from its header or taken
 * from the company's last import, for the user to correct (docs/architecture.md §14 Imports).
 */
export function MappingTable({
  mapping,
  samples,
  onChange,
}: {
  mapping: BillColumnMapping;
  samples: readonly (readonly string[])[];
  onChange: (mapping: BillColumnMapping) => void;
}) {
  const rows: MappingRow[] = mapping.columns.map((column, index) => ({
    index,
    header: column.header,
    sample: samples.map((row) => row[index] ?? '').find((value) => value.trim() !== '') ?? '',
  }));
  const setTarget = (index: number, value: string) =>
    onChange({
      ...mapping,
      columns: mapping.columns.map((column, i) =>
        i === index ? { ...column, target: targetOf(value) } : column,
      ),
    });
  const columns: readonly TableColumn<MappingRow>[] = [
    {
      key: 'header',
      header: 'Column',
      isRowHeader: true,
      render: (row) => row.header || `Column ${row.index + 1}`,
    },
    { key: 'sample', header: 'First value', cellClassName: 'data-table__mono', render: (row) => row.sample },
    {
      key: 'target',
      header: 'Holds',
      render: (row) => {
        const target = mapping.columns[row.index]?.target ?? null;
        return (
          <select
            className="select imports__target"
            aria-label={`What ${row.header || `column ${row.index + 1}`} holds`}
            value={targetValue(target)}
            onChange={(event) => setTarget(row.index, event.target.value)}
          >
            {targetChoices(mapping.layout, target).map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        );
      },
    },
  ];
  return (
    <div className="imports__mapping">
      <SelectField
        className="imports__layout"
        label="Rows of the file"
        value={mapping.layout}
        onChange={(value) => onChange({ ...mapping, layout: value as BillLayout })}
      >
        {(Object.keys(LAYOUT_LABELS) as BillLayout[]).map((layout) => (
          <option key={layout} value={layout}>
            {LAYOUT_LABELS[layout]}
          </option>
        ))}
      </SelectField>
      <ActionTable caption="Columns of the file" columns={columns} rows={rows} getKey={(row) => row.index} />
    </div>
  );
}

/** A row error's field as a person names it. */
export function fieldLabel(field: string): string {
  return (BILL_FIELD_LABELS as Readonly<Record<string, string>>)[field] ?? field;
}
