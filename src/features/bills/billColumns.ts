// The Bills grid's columns (spec 001 §3 Bill; spec 000 §9 VIEW BILL / DOWNLOAD BILL link columns, 'N/A' cells,
// formats by column kind) and the export's: the same columns, with the two bill links as hyperlinks to the portal.
import type { BillListRow } from '../../db/queries/billsPage';
import type { ExportSourceColumn } from '../../export/exportRows';
import type { GridColumnDef } from '../../ui/grid/columns';
import { exportKindOf } from '../../ui/grid/GridExport';
import {
  checkColumn,
  dateColumn,
  linkColumn,
  moneyColumn,
  monthColumn,
  textColumn,
} from '../../ui/grid/columns';

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

/** A bill's link column (VIEW BILL, DOWNLOAD BILL): its title as the link, where `hasLink`; not sortable. */
function billLinkColumn(
  id: string,
  title: string,
  width: number,
  hasLink: (row: BillListRow) => boolean,
  onLinkClick: (row: BillListRow) => void,
): GridColumnDef<BillListRow> {
  return linkColumn(id, title, width, (row: BillListRow) => (hasLink(row) ? title : null), {
    isSortable: false,
    onLinkClick,
  });
}

/** The Bills grid's columns. */
export function billColumns(options: BillColumnOptions): GridColumnDef<BillListRow>[] {
  return [
    checkColumn(SELECT_COLUMN_ID, 'Select', 76, (row) => (options.isSelected(row) ? 1 : 0), {
      isSortable: false,
      onLinkClick: options.onToggle,
    }),
    monthColumn('billMonth', 'Bill Month', 110, undefined, { isKey: true }),
    linkColumn('accountNumber', 'Account Number', 160, undefined, { onLinkClick: options.onOpenAccount }),
    textColumn('nickname', 'Nickname', 150),
    linkColumn('locationName', 'Location', 190, undefined, {
      onLinkClick: options.onOpenLocation,
      isKey: true,
    }),
    textColumn('vendorName', 'Vendor', 170),
    textColumn('services', 'Services', 160),
    textColumn('collectionType', 'Collection Type', 150),
    textColumn('anomaly', 'Anomaly', 130, anomalyText),
    moneyColumn('totalNewCharges', 'Total New Charges', 150, undefined, { isKey: true }),
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
    billLinkColumn(VIEW_COLUMN_ID, VIEW_BILL, 110, () => true, options.onView),
    billLinkColumn(
      DOWNLOAD_COLUMN_ID,
      DOWNLOAD_BILL,
      140,
      (row) => !row.isInvoiceMissing,
      options.onDownload,
    ),
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
  const billLinks = new Map<string, (row: BillListRow) => string | null>([
    [VIEW_COLUMN_ID, (row) => billPath(row.id)],
    // The page downloads the PDF with the user's session; a link to the API itself would have no token.
    [DOWNLOAD_COLUMN_ID, (row) => (row.isInvoiceMissing ? null : `${billPath(row.id)}?download=1`)],
  ]);
  return columns
    .filter((column) => visible.has(column.id) && column.id !== SELECT_COLUMN_ID)
    .map((column): ExportSourceColumn<BillListRow> => {
      const shown = { title: column.title, width: column.width, value: column.value };
      const href = billLinks.get(column.id);
      return href ? { ...shown, kind: 'link', href } : { ...shown, kind: exportKindOf(column.kind) };
    });
}
