// What the mapping step's selects offer for a column, and how a choice is written in a select's value: a field
// ('invoiceDate'), a charges column of a classification ('charges:Delivery') or a usage column naming its unit
// ('usage:kWh'); '' leaves the column out.
import {
  BILL_FIELD_LABELS,
  CHARGE_CLASSIFICATION_WORDS,
  targetLabel,
} from '../../domain/imports/spreadsheet/fields';
import type { BillField, BillLayout, ColumnTarget } from '../../domain/imports/spreadsheet/fields';

/** One choice of a column's select. */
export interface TargetChoice {
  value: string;
  label: string;
}

// A bill per row has no line columns; a bill line per row has no charges columns per classification.
const LINE_FIELDS: readonly BillField[] = ['lineAmount', 'lineClassification', 'lineDescription'];

/** A target as a select's value. */
export function targetValue(target: ColumnTarget | null): string {
  if (target === null) return '';
  if (target.field === 'charges') return `charges:${target.classification ?? ''}`;
  if (target.field === 'usage' && target.unit) return `usage:${target.unit}`;
  return target.field;
}

/** A select's value as a target. */
export function targetOf(value: string): ColumnTarget | null {
  if (value === '') return null;
  const [field, detail] = value.split(/:(.*)/s) as [BillField, string | undefined];
  if (field === 'charges') return { field, ...(detail ? { classification: detail } : {}) };
  if (field === 'usage' && detail) return { field, unit: detail };
  return { field };
}

function usageLabel(target: ColumnTarget): string {
  return target.unit ? `Usage (${target.unit})` : BILL_FIELD_LABELS.usage;
}

/** The choices for a layout, with `current` kept where it is not among them (a unit the file's header named). */
export function targetChoices(layout: BillLayout, current: ColumnTarget | null): TargetChoice[] {
  const fields = (Object.keys(BILL_FIELD_LABELS) as BillField[]).filter(
    (field) => field !== 'charges' && (layout === 'linePerRow' || !LINE_FIELDS.includes(field)),
  );
  const choices: TargetChoice[] = [
    { value: '', label: 'Not imported' },
    ...fields.map((field) => ({ value: field, label: BILL_FIELD_LABELS[field] })),
  ];
  if (layout === 'billPerRow')
    for (const { classification } of CHARGE_CLASSIFICATION_WORDS)
      choices.push({
        value: `charges:${classification}`,
        label: targetLabel({ field: 'charges', classification }),
      });
  const value = targetValue(current);
  if (current !== null && !choices.some((choice) => choice.value === value))
    choices.push({
      value,
      label: current.field === 'usage' ? usageLabel(current) : targetLabel(current),
    });
  return choices;
}
