import { useState } from 'react';
import type { ReactNode } from 'react';
import { DEFAULT_PAGE_SIZE } from '../../domain/pagination';
import { Pagination } from '../../ui/Pagination';

/** One column of a paged table. */
export interface TableColumn<Row> {
  key: string;
  header: string;
  /** Numbers line up on the right. */
  isNumeric?: boolean;
  render: (row: Row) => ReactNode;
}

/** Props of a paged table. */
export type PagedTableProps<Row> = {
  caption: string;
  columns: readonly TableColumn<Row>[];
  /** Undefined while loading. */
  rows: readonly Row[] | undefined;
  getKey: (row: Row) => string;
  emptyText: string;
};

/** An accessible table, 10 rows a page with the shared pagination (spec: 10 per page, 5 page links). */
export function PagedTable<Row>({ caption, columns, rows, getKey, emptyText }: PagedTableProps<Row>) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  if (rows === undefined) {
    return (
      <p className="muted" role="status">
        Loading {caption.toLowerCase()}…
      </p>
    );
  }
  if (rows.length === 0) return <p className="muted loc-empty">{emptyText}</p>;
  const pages = Math.max(1, Math.ceil(rows.length / pageSize));
  const current = Math.min(page, pages);
  const shown = rows.slice((current - 1) * pageSize, current * pageSize);
  return (
    <div className="loc-table-wrap">
      <div className="loc-table-scroll">
        <table className="loc-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.key} scope="col" className={column.isNumeric ? 'is-num' : undefined}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={getKey(row)}>
                {columns.map((column) => (
                  <td key={column.key} className={column.isNumeric ? 'is-num' : undefined}>
                    {column.render(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
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
  return <span className="muted">N/A</span>;
}

/** The missing-invoice mark of a table row. */
export function MissingMark({ isMissing }: { isMissing: boolean }) {
  return isMissing ? <span className="badge badge--warning">Missing</span> : <span className="muted">—</span>;
}
