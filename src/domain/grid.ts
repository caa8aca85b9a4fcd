/** Width in pixels of grid columns added for fields beyond the fixed ones (spec 000 §9, 001 §5). */
export const EXTRA_COLUMN_WIDTH = 120;

/** Location rows carry custom attributes from this 0-based field index on (after the 23rd field). */
export const LOCATION_EXTRA_AFTER = 23;

/** Account rows carry extra fields from this 0-based field index on (after the 33rd field). */
export const ACCOUNT_EXTRA_AFTER = 33;

/** Flags that make extra columns available but not shown until the user picks them. */
export type ExtraColumnOptions = { readonly hidden?: boolean; readonly sortable?: boolean };

/** Accounts' extra columns start hidden and are sortable (spec 001 §5). */
export const ACCOUNT_EXTRA_OPTIONS = { hidden: true, sortable: true } as const satisfies ExtraColumnOptions;

/** A grid column generated from a row field name. */
export type ExtraColumn = ExtraColumnOptions & {
  readonly field: string;
  readonly title: string;
  readonly width: number;
};

/** Columns for the fields from 0-based index `after` on; their names are user-defined, so they title themselves. */
export function extraColumns(
  fieldNames: readonly string[],
  after: number,
  options: ExtraColumnOptions = {},
): ExtraColumn[] {
  return fieldNames
    .slice(Math.max(0, after))
    .map((field) => ({ field, title: field, width: EXTRA_COLUMN_WIDTH, ...options }));
}
