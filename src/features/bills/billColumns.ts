// The Bills grid's columns (spec 001 §3 Bill; spec 000 §9 VIEW BILL / DOWNLOAD BILL link columns, 'N/A' cells,
// formats by column kind) and the export's: the same columns, with the two bill links as hyperlinks to the portal.
import type { BillListRow } from '../../db/queries/billsPage';
import type { ExportSourceColumn } from '../../export/exportRows';
import type { GridColumnDef } from '../../ui/grid/columns';
import { dateColumn, linkColumn, moneyColumn, textColumn } from '../../ui/grid/columns';

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
    linkColumn(SELECT_COLUMN_ID, 'Select', 76, (row) => (options.isSelected(row) ? '☑ Yes' : '☐ No'), {
      isSortable: false,
      onLinkClick: options.onToggle,
    }),
    textColumn('billMonth', 'Bill Month', 110),
    linkColumn('accountNumber', 'Account Number', 160, undefined, { onLinkClick: options.onOpenAccount }),
    textColumn('nickname', 'Nickname', 150),
    linkColumn('locationName', 'Location', 190, undefined, { onLinkClick: options.onOpenLocation }),
    textColumn('vendorName', 'Vendor', 170),
    textColumn('services', 'Services', 160),
    textColumn('collectionType', 'Collection Type', 150),
    textColumn('anomaly', 'Anomaly', 130, anomalyText),
    moneyColumn('totalNewCharges', 'Total New Charges', 150),
    moneyColumn('amountDue', 'Amount Due', 130),
    moneyColumn('outstandingBalance', 'Outstanding Balance', 160),
    moneyColumn('prevMonthTotalNewCharges', 'Prev. Month New Charges', 180),
    moneyColumn('prevYearTotalCharges', 'Prev. Year Total Charges', 180),
    dateColumn('invoiceDate', 'Invoice Date', 120),
    dateColumn('dueDate', 'Due Date', 120),
    textColumn('status', 'Status', 110),
    dateColumn('statusDate', 'Status Date', 120),
    textColumn('apFileInfo', 'AP File', 150),
    dateColumn('apFileDate', 'AP File Date', 120),
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
