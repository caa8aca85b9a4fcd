// The accounts grid's columns (second spec document §3, §5): the spec's grid fields, then vendor, account number
// and location, then the hidden, sortable extras for fields past the 33rd.
import { ACCOUNT_GRID_FIELDS } from '../../domain/accounts';
import { joinServices } from '../../domain/format';
import { ACCOUNT_EXTRA_AFTER, ACCOUNT_EXTRA_OPTIONS, extraColumns } from '../../domain/grid';
import { serviceLabel, splitServices } from '../../domain/serviceTypes';
import type { AccountListRow } from '../../db/queries/accountPages';
import { extraGridColumns } from '../../ui/grid/columns';
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
    {
      id: 'accountNumber',
      title: 'Account Number',
      kind: 'text',
      width: 170,
      value: (row) => row.accountNumber,
    },
    { id: 'nickname', title: 'Nickname', kind: 'text', width: 170, value: (row) => row.nickname },
    {
      id: RENAME_COLUMN_ID,
      title: 'Edit',
      kind: 'link',
      width: 90,
      value: () => 'Rename',
      isSortable: false,
      onLinkClick: onRename,
    },
    {
      id: 'serviceAddress',
      title: 'Service Address',
      kind: 'text',
      width: 220,
      value: (row) => row.serviceAddress,
    },
    {
      id: 'services',
      title: 'Services',
      kind: 'text',
      width: 170,
      value: (row) => servicesText(row.services),
    },
    {
      id: 'collectionType',
      title: 'Collection Type',
      kind: 'text',
      width: 150,
      value: (row) => row.collectionType,
    },
    { id: 'esiId', title: 'ESI ID', kind: 'text', width: 190, value: (row) => row.esiId },
    {
      id: 'meterCustomerNumbers',
      title: 'Meter/Customer Numbers',
      kind: 'text',
      width: 200,
      value: (row) => row.meterCustomerNumbers,
    },
    { id: 'meterNumber', title: 'Meter Number', kind: 'text', width: 160, value: (row) => row.meterNumber },
    { id: 'serviceCity', title: 'Service City', kind: 'text', width: 150, value: (row) => row.serviceCity },
    { id: 'serviceZip', title: 'Zip', kind: 'text', width: 100, value: (row) => row.serviceZip },
    { id: 'locationState', title: 'State', kind: 'text', width: 80, value: (row) => row.locationState },
    // Not among the spec's grid fields (second spec document §3), so offered but hidden until the user picks it.
    {
      id: 'vendorName',
      title: 'Vendor',
      kind: 'text',
      width: 170,
      value: (row) => row.vendorName,
      isHiddenByDefault: true,
    },
    {
      id: 'locationName',
      title: 'Location',
      kind: 'link',
      width: 200,
      value: (row) => row.locationName,
      onLinkClick: onOpenLocation,
    },
    {
      id: 'subAddress',
      title: 'Sub-address',
      kind: 'text',
      width: 140,
      value: (row) => row.subAddress,
      isHiddenByDefault: true,
    },
    {
      id: 'nextExpectedDeliveryDate',
      title: 'Next Expected Delivery',
      kind: 'date',
      width: 170,
      value: (row) => row.nextExpectedDeliveryDate,
      isHiddenByDefault: true,
    },
    {
      id: 'meterCount',
      title: 'Meters',
      kind: 'number',
      width: 90,
      value: (row) => row.meterCount,
      isHiddenByDefault: true,
    },
    ...extraGridColumns<AccountListRow>(extras, (row, field) => cell(row.extra[field])),
  ];
}

/** Extra field names across rows, in first-seen order (usually none: a newer server adds them). */
export function extraFieldsOf(rows: readonly AccountListRow[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) for (const key in row.extra) seen.add(key);
  return [...seen];
}
