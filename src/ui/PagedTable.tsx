import { useState } from 'react';
import type { ReactNode } from 'react';
import { FileX } from 'lucide-react';
import { EMPTY_CELL_TEXT } from '../domain/format';
import { DEFAULT_PAGE_SIZE } from '../domain/pagination';
import { DataTable } from './ActionTable';
import type { DataTableProps, TableColumn } from './ActionTable';
import { Pagination } from './Pagination';
import './table.css';

export type { TableColumn };

/** Props of a paged table: a table's, named by its caption, with the rows to page through. */
export type PagedTableProps<Row> = Pick<DataTableProps<Row>, 'columns' | 'getKey' | 'isRowFlagged'> & {
  /** The table's accessible name (shown to screen readers only; the page's tab or heading names it visibly). */
  caption: string;
  /** Undefined while loading. */
  rows: readonly Row[] | undefined;
  emptyText: string;
};

/**
 * An accessible table of any rows, paged with the shared pagination: 10 rows a page and 5 page links (spec 000 §2,
 * 001 §9), a rows-per-page choice, and the loading and empty states every table shows.
 */
export function PagedTable<Row>({ rows, emptyText, ...table }: PagedTableProps<Row>) {
  const { caption } = table;
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  if (rows === undefined) {
    return (
      <p className="data-table-note" role="status">
        Loading {caption.toLowerCase()}…
      </p>
    );
  }
  if (rows.length === 0) return <p className="data-table-note data-table-note--empty">{emptyText}</p>;
  const pages = Math.max(1, Math.ceil(rows.length / pageSize));
  const current = Math.min(page, pages);
  const shown = rows.slice((current - 1) * pageSize, current * pageSize);
  return (
    <div className="data-table-wrap">
      {/* A table wider than its panel scrolls sideways: keyboard users reach the scroll by focus (axe
          scrollable-region-focusable). */}
      <div className="data-table-scroll" tabIndex={0} role="group" aria-label={caption}>
        <DataTable {...table} rows={shown} />
      </div>
      <Pagination
        page={current}
        total={rows.length}
        pageSize={pageSize}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(1);
        }}
        label={`${caption} pages`}
      />
    </div>
  );
}

/** 'N/A' in the muted style, for empty cells (spec 000 §9). */
export function NotAvailable() {
  return <span className="data-table__na">{EMPTY_CELL_TEXT}</span>;
}

/** A cell's text, or N/A when there is none. */
export function orNotAvailable(text: string | null | undefined): ReactNode {
  return text ? text : <NotAvailable />;
}

/** The missing-invoice mark of a table row. */
export function MissingMark({ isMissing }: { isMissing: boolean }) {
  return isMissing ? (
    <span className="badge badge--danger">
      <FileX aria-hidden="true" size={14} /> Missing
    </span>
  ) : (
    <span className="data-table__na">—</span>
  );
}

/** Badge tones of the bill statuses the seed and the spec name; any other status shows as a plain badge. */
const STATUS_TONES: Readonly<Record<string, string>> = {
  cleared: 'badge--success',
  pending: 'badge--warning',
  'missing invoice': 'badge--danger',
};

/** A bill's status as a badge, coloured by status (cleared, pending, missing invoice). */
export function StatusPill({ status }: { status: string | null }) {
  if (!status) return <NotAvailable />;
  const tone = STATUS_TONES[status.trim().toLowerCase()];
  return <span className={tone ? `badge ${tone}` : 'badge'}>{status}</span>;
}
