// The Bills grid's columns (spec 001 §3 Bill; spec 000 §9 VIEW BILL / DOWNLOAD BILL link columns, 'N/A' cells,
// formats by column kind) and the export's: the same columns, with the two bill links as hyperlinks to the portal.
import type { BillListRow } from '../../db/queries/billsPage';
import type { ExportSourceColumn } from '../../export/exportRows';
import type { GridColumnDef } from '../../ui/grid/columns';

/** Key of the Bills grid's saved column choice. */
export const BILLS_GRID = 'bills';

/** Ids of the columns that act rather than show a field. */
export const SELECT_COLUMN_ID = 'select';
export const VIEW_COLUMN_ID = 'viewBill';
export const DOWNLOAD_COLUMN_ID = 'downloadBill';

/** Titles of the link columns (spec 000 §9). */
export const VIEW_BILL = 'VIEW BILL';
export const DOWNLOAD_BILL = 'DOWNLOAD BILL';

/** What the columns need from the page. */
export interface BillColumnOptions {
  isSelected: (row: BillListRow) => boolean;
  onToggle: (row: BillListRow) => void;
  onView: (row: BillListRow) => void;
  onDownload: (row: BillListRow) => void;
  onOpenAccount: (row: BillListRow) => void;
  onOpenLocation: (row: BillListRow) => void;
}

/** The anomaly cell: '⚠ ' and the rules that fired (the grid shows the whole text on hover); blank when none. */
export function anomalyText(row: BillListRow): string | null {
  return row.anomalyReasons.length === 0 ? null : `⚠ ${row.anomalyReasons.join('; ')}`;
}

/** The Bills grid's columns. */
export function billColumns(options: BillColumnOptions): GridColumnDef<BillListRow>[] {
  return [
    {
      id: SELECT_COLUMN_ID,
      title: 'Select',
      kind: 'link',
      width: 76,
      value: (row) => (options.isSelected(row) ? '☑ Yes' : '☐ No'),
      isSortable: false,
      onLinkClick: options.onToggle,
    },
    { id: 'billMonth', title: 'Bill Month', kind: 'text', width: 110, value: (row) => row.billMonth },
    {
      id: 'accountNumber',
      title: 'Account Number',
      kind: 'link',
      width: 160,
      value: (row) => row.accountNumber,
      onLinkClick: options.onOpenAccount,
    },
    { id: 'nickname', title: 'Nickname', kind: 'text', width: 150, value: (row) => row.nickname },
    {
      id: 'locationName',
      title: 'Location',
      kind: 'link',
      width: 190,
      value: (row) => row.locationName,
      onLinkClick: options.onOpenLocation,
    },
    { id: 'vendorName', title: 'Vendor', kind: 'text', width: 170, value: (row) => row.vendorName },
    { id: 'services', title: 'Services', kind: 'text', width: 160, value: (row) => row.services },
    {
      id: 'collectionType',
      title: 'Collection Type',
      kind: 'text',
      width: 150,
      value: (row) => row.collectionType,
    },
    { id: 'anomaly', title: 'Anomaly', kind: 'text', width: 130, value: anomalyText },
    {
      id: 'totalNewCharges',
      title: 'Total New Charges',
      kind: 'currency',
      width: 150,
      value: (row) => row.totalNewCharges,
    },
    { id: 'amountDue', title: 'Amount Due', kind: 'currency', width: 130, value: (row) => row.amountDue },
    {
      id: 'outstandingBalance',
      title: 'Outstanding Balance',
      kind: 'currency',
      width: 160,
      value: (row) => row.outstandingBalance,
    },
    {
      id: 'prevMonthTotalNewCharges',
      title: 'Prev. Month New Charges',
      kind: 'currency',
      width: 180,
      value: (row) => row.prevMonthTotalNewCharges,
    },
    {
      id: 'prevYearTotalCharges',
      title: 'Prev. Year Total Charges',
      kind: 'currency',
      width: 180,
      value: (row) => row.prevYearTotalCharges,
    },
    { id: 'invoiceDate', title: 'Invoice Date', kind: 'date', width: 120, value: (row) => row.invoiceDate },
    { id: 'dueDate', title: 'Due Date', kind: 'date', width: 120, value: (row) => row.dueDate },
    { id: 'status', title: 'Status', kind: 'text', width: 110, value: (row) => row.status },
    { id: 'statusDate', title: 'Status Date', kind: 'date', width: 120, value: (row) => row.statusDate },
    { id: 'apFileInfo', title: 'AP File', kind: 'text', width: 150, value: (row) => row.apFileInfo },
    { id: 'apFileDate', title: 'AP File Date', kind: 'date', width: 120, value: (row) => row.apFileDate },
    {
      id: VIEW_COLUMN_ID,
      title: VIEW_BILL,
      kind: 'link',
      width: 110,
      value: () => VIEW_BILL,
      isSortable: false,
      onLinkClick: options.onView,
    },
    {
      id: DOWNLOAD_COLUMN_ID,
      title: DOWNLOAD_BILL,
      kind: 'link',
      width: 140,
      value: (row) => (row.isInvoiceMissing ? null : DOWNLOAD_BILL),
      isSortable: false,
      onLinkClick: options.onDownload,
    },
  ];
}

/**
 * The export's columns: the grid's visible ones (not Select), the bill links as hyperlinks to this portal
 * (`billPath` gives a bill's page, relative to the portal's origin), the other links as their text.
 */
export function billExportColumns(
  columns: readonly GridColumnDef<BillListRow>[],
  visibleIds: readonly string[],
  billPath: (billId: string) => string,
): ExportSourceColumn<BillListRow>[] {
  const visible = new Set(visibleIds);
  return columns
    .filter((column) => visible.has(column.id) && column.id !== SELECT_COLUMN_ID)
    .map((column): ExportSourceColumn<BillListRow> => {
      if (column.id === VIEW_COLUMN_ID)
        return {
          title: VIEW_BILL,
          kind: 'link',
          width: column.width,
          value: column.value,
          href: (row) => billPath(row.id),
        };
      if (column.id === DOWNLOAD_COLUMN_ID)
        return {
          title: DOWNLOAD_BILL,
          kind: 'link',
          width: column.width,
          value: column.value,
          // The page downloads the PDF with the user's session; a link to the API itself would have no token.
          href: (row) => (row.isInvoiceMissing ? null : `${billPath(row.id)}?download=1`),
        };
      return {
        title: column.title,
        kind: column.kind === 'link' ? 'text' : column.kind,
        width: column.width,
        value: column.value,
      };
    });
}
