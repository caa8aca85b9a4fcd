// The accounts grid's columns (second spec document §3, §5): the spec's grid fields, then vendor, account number
// and location, then the hidden, sortable extras for fields past the 33rd.
import { ACCOUNT_GRID_FIELDS } from '../../domain/accounts';
import { joinServices } from '../../domain/format';
import { ACCOUNT_EXTRA_AFTER, ACCOUNT_EXTRA_OPTIONS, extraColumns } from '../../domain/grid';
import { serviceLabel, splitServices } from '../../domain/serviceTypes';
import type { AccountListRow } from '../../db/queries/accountPages';
import { dateColumn, extraGridColumns, linkColumn, numberColumn, textColumn } from '../../ui/grid/columns';
import type { CellValue, GridColumnDef } from '../../ui/grid/columns';

/** Key of the accounts grid's saved column choice. */
export const ACCOUNTS_GRID = 'accounts';

/** Id of the action column that opens the rename dialog (left out of exports). */
export const RENAME_COLUMN_ID = 'rename';

/** 'Electricity, Water' for 'electric,water'. */
export function servicesText(services: string | null | undefined): string {
  return joinServices(splitServices(services).map(serviceLabel));
}

function cell(value: unknown): CellValue {
  if (value === null || value === undefined) return value;
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return JSON.stringify(value);
}

/** What the column list needs from the page. */
export interface AccountColumnOptions {
  /** Names of synced fields this client does not know (AccountListRow.extra), in first-seen order. */
  extraFields: readonly string[];
  onRename: (row: AccountListRow) => void;
  onOpenLocation: (row: AccountListRow) => void;
}

/** The accounts grid's columns; extras come from extraColumns(…, ACCOUNT_EXTRA_AFTER, ACCOUNT_EXTRA_OPTIONS). */
export function accountColumns({
  extraFields,
  onRename,
  onOpenLocation,
}: AccountColumnOptions): GridColumnDef<AccountListRow>[] {
  const extras = extraColumns(
    [...ACCOUNT_GRID_FIELDS, ...extraFields],
    ACCOUNT_EXTRA_AFTER,
    ACCOUNT_EXTRA_OPTIONS,
  );
  return [
    textColumn('accountNumber', 'Account Number', 170, undefined, { isKey: true }),
    textColumn('nickname', 'Nickname', 170),
    linkColumn(RENAME_COLUMN_ID, 'Edit', 90, () => 'Rename', { isSortable: false, onLinkClick: onRename }),
    textColumn('serviceAddress', 'Service Address', 220),
    textColumn('services', 'Services', 170, (row) => servicesText(row.services)),
    textColumn('collectionType', 'Collection Type', 150),
    textColumn('esiId', 'ESI ID', 190),
    textColumn('meterCustomerNumbers', 'Meter/Customer Numbers', 200),
    textColumn('meterNumber', 'Meter Number', 160),
    textColumn('serviceCity', 'Service City', 150),
    textColumn('serviceZip', 'Zip', 100),
    textColumn('locationState', 'State', 80),
    // Not among the spec's grid fields (second spec document §3), so offered but hidden until the user picks it.
    textColumn('vendorName', 'Vendor', 170, undefined, { isHiddenByDefault: true }),
    linkColumn('locationName', 'Location', 200, undefined, { onLinkClick: onOpenLocation, isKey: true }),
    textColumn('subAddress', 'Sub-address', 140, undefined, { isHiddenByDefault: true }),
    dateColumn('nextExpectedDeliveryDate', 'Next Expected Delivery', 170, undefined, {
      isHiddenByDefault: true,
    }),
    numberColumn('meterCount', 'Meters', 90, undefined, { isHiddenByDefault: true }),
    ...extraGridColumns<AccountListRow>(extras, (row, field) => cell(row.extra[field])),
  ];
}

/** Extra field names across rows, in first-seen order (usually none: a newer server adds them). */
export function extraFieldsOf(rows: readonly AccountListRow[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) for (const key in row.extra) seen.add(key);
  return [...seen];
}
