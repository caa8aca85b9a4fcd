import { useCallback, useMemo } from 'react';
import { FileArchive } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { useAreaPaths } from '../../platform/company/useAreaPath';
import type { BillListRow } from '../../db/queries/billsPage';
import { BILL_ZIP_MAX_IDS } from '../../domain/bills';
import { MAX_SHEET_HYPERLINKS, formatWhole } from '../../domain/format';
import { useExport } from '../../export/useExport';
import { Grid } from '../../ui/grid/Grid';
import { useGridSettings } from '../../ui/grid/useGridSettings';
import { ExportButton, ExportStatus } from '../../ui/grid/GridExport';
import { BILLS_GRID, billColumns, billExportColumns } from './billColumns';
import type { SelectionStore } from './selectionStore';
import { useSelection } from './selectionStore';
import { useBillPdfDownload, useBillZips } from '../../ui/bills/useBillDownloads';

/** Props of the Bills grid. */
export type BillsGridProps = {
  /**
   * The bills shown (range and filters applied); undefined while loading. Until `isComplete`, the range's rows as
   * they are read (undefined where not read yet).
   */
  rows: readonly (BillListRow | undefined)[] | undefined;
  /** Every row is in `rows` (the default): selecting, downloading, exporting, sorting and the quick filter wait for it. */
  isComplete?: boolean;
  /** Changes when rows not read before were filled in. */
  revision?: number;
  /** The grid shows rows `from` to `to` (indexes into `rows`). */
  onShowRows?: (from: number, to: number) => void;
  companyId: number;
  emptyText: string;
  /** The selected bills (the page clears it when its range or filters change). */
  selection: SelectionStore;
};

const NO_ROWS: readonly BillListRow[] = [];
const getRowId = (row: BillListRow) => row.id;

/**
 * The Bills grid: the spec's bill fields with account, location, collection type and an anomaly marker; VIEW BILL
 * opens the bill, DOWNLOAD BILL its PDF (kept on the device). Rows are selected in the Select column (or all of the
 * filter at once) for "Download bills"; Export writes the visible columns with the bill links as hyperlinks.
 */
export function BillsGrid({
  rows,
  isComplete = true,
  revision,
  onShowRows,
  companyId,
  emptyText,
  selection,
}: BillsGridProps) {
  const navigate = useNavigate();
  const pathTo = useAreaPaths();
  const exporter = useExport();
  const { downloadBill, busyKey } = useBillPdfDownload();
  const zips = useBillZips();
  const list = rows && isComplete ? (rows as readonly BillListRow[]) : NO_ROWS;

  const selected = useSelection(selection);
  // The grid redraws its cells for a new selection or rows filled in.
  const redraw = useMemo(() => [selected, revision], [selected, revision]);
  const toggle = useCallback(
    (row: BillListRow) => {
      const next = new Set(selection.get());
      if (!next.delete(row.id)) next.add(row.id);
      selection.set(next);
    },
    [selection],
  );
  const columns = useMemo(
    () =>
      billColumns({
        isSelected: (row) => selection.get().has(row.id),
        onToggle: toggle,
        onView: (row) => void navigate(pathTo(`bills/${row.id}`)),
        onDownload: (row) => void downloadBill(row),
        onOpenAccount: (row) => void navigate(pathTo(`accounts/${row.accountId}`)),
        onOpenLocation: (row) => void navigate(pathTo(`locations/${row.locationId}`)),
      }),
    [selection, toggle, navigate, pathTo, downloadBill],
  );
  const settings = useGridSettings(BILLS_GRID, columns, companyId);
  const onRowActivate = useCallback(
    (row: BillListRow) => void navigate(pathTo(`bills/${row.id}`)),
    [navigate, pathTo],
  );

  const exportColumns = useMemo(
    () => billExportColumns(columns, settings.visibleIds, (id) => pathTo(`bills/${id}`)),
    [columns, settings.visibleIds, pathTo],
  );
  const linksPerRow = exportColumns.filter((column) => column.kind === 'link').length;
  const linkedRows = linksPerRow === 0 ? Infinity : Math.floor(MAX_SHEET_HYPERLINKS / linksPerRow);

  const selectedRows = useMemo(() => list.filter((row) => selected.has(row.id)), [list, selected]);
  const zipIds = selectedRows.filter((row) => !row.isInvoiceMissing).map((row) => row.id);
  const zipCount = Math.ceil(zipIds.length / BILL_ZIP_MAX_IDS);
  const allSelected = list.length > 0 && selectedRows.length === list.length;

  const toolbar = (
    <>
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        disabled={list.length === 0}
        onClick={() => selection.set(allSelected ? new Set() : new Set(list.map((row) => row.id)))}
      >
        {allSelected ? 'Clear selection' : `Select all ${formatWhole(rows?.length ?? 0)}`}
      </button>
      <button
        type="button"
        className="btn btn--secondary btn--sm"
        disabled={zipIds.length === 0 || zips.progress !== null}
        onClick={() => void zips.downloadZips(zipIds)}
      >
        <FileArchive aria-hidden="true" size={16} />
        {zips.progress
          ? `Zipping ${zips.progress.part} of ${zips.progress.parts}…`
          : `Download bills (${formatWhole(zipIds.length)})`}
      </button>
      <ExportButton
        exporter={exporter}
        isDisabled={list.length === 0}
        onExport={() => void exporter.exportXlsx({ title: 'Bills', columns: exportColumns, rows: list })}
      />
    </>
  );

  return (
    <div className="bills-grid">
      {zipCount > 1 && (
        <p className="muted" role="status">
          {formatWhole(zipIds.length)} bills selected: they download as {zipCount} zips of at most{' '}
          {formatWhole(BILL_ZIP_MAX_IDS)} bills each.
        </p>
      )}
      {selectedRows.length > zipIds.length && (
        <p className="muted">
          {formatWhole(selectedRows.length - zipIds.length)} selected bills have no invoice yet, so no PDF to
          zip.
        </p>
      )}
      {list.length > linkedRows && (
        <p className="muted">
          Export: Excel keeps at most {formatWhole(MAX_SHEET_HYPERLINKS)} links per sheet, so the bill links
          of the first {formatWhole(linkedRows)} rows are clickable; later rows carry the address as text.
        </p>
      )}
      <ExportStatus exporter={exporter} label="Exporting bills" progressClassName="bills-grid__progress" />
      <Grid
        settings={settings}
        label="Bills"
        columns={columns}
        rows={rows ?? NO_ROWS}
        isPartial={!isComplete}
        onShowRows={onShowRows}
        getRowId={getRowId}
        onRowActivate={onRowActivate}
        isLoading={rows === undefined}
        emptyText={emptyText}
        toolbar={toolbar}
        height={560}
        freezeColumns={2}
        revision={redraw}
      />
      {busyKey !== null && (
        <p className="muted" role="status">
          Getting the bill’s PDF…
        </p>
      )}
    </div>
  );
}
