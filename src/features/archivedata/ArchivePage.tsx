import { useState } from 'react';
import type { FormEvent } from 'react';
import { Download, Search } from 'lucide-react';
import { useLocation } from 'react-router-dom';
import { archivePdfPath, searchArchive } from '../../api/archive';
import { useCurrentCompanyId } from '../../platform/company/useCurrentCompanyId';
import { companyIdOfPath } from '../../platform/routeTable';
import { useOnline } from '../../platform/useOnline';
import { ARCHIVE_PAGE_SIZE, archiveSearchProblems } from '../../domain/archive';
import type {
  ArchivePage as ResultsPage,
  ArchiveRow,
  ArchiveSearch,
  ArchiveSortKey,
} from '../../domain/archive';
import { formatDay } from '../../domain/format';
import { formatCurrency } from '../../domain/money';
import { fetchFile } from '../../files/fetchFile';
import { saveFile } from '../../files/saveFile';
import { TextField } from '../../ui/fields/TextField';
import { OnlineOnlyNotice } from '../../ui/OnlineOnlyNotice';
import { Page } from '../../ui/Page';
import { Pagination } from '../../ui/Pagination';
import { useToasts } from '../../ui/useToasts';
import '../../ui/table.css';
import './archive.css';

type Criteria = Record<
  'accountNumber' | 'vendorName' | 'statementId' | 'from' | 'to' | 'min' | 'max',
  string
>;

const NO_CRITERIA: Criteria = {
  accountNumber: '',
  vendorName: '',
  statementId: '',
  from: '',
  to: '',
  min: '',
  max: '',
};

const COLUMNS: readonly { key: ArchiveSortKey; label: string; isNumeric?: boolean }[] = [
  { key: 'accountNumber', label: 'Account' },
  { key: 'vendorName', label: 'Vendor' },
  { key: 'invoiceDate', label: 'Invoice Date' },
  { key: 'amount', label: 'Amount', isNumeric: true },
  { key: 'statementId', label: 'Statement ID' },
];

const amountOf = (text: string) => (text.trim() === '' ? undefined : Number(text));

function searchOf(criteria: Criteria): ArchiveSearch {
  return {
    accountNumber: criteria.accountNumber,
    vendorName: criteria.vendorName,
    statementId: criteria.statementId,
    invoiceDateFrom: criteria.from || undefined,
    invoiceDateTo: criteria.to || undefined,
    amountMin: amountOf(criteria.min),
    amountMax: amountOf(criteria.max),
  };
}

/**
 * Archive search (`/archivedata` and its twin; spec 001 §2): archived statements older than the live bills, searched
 * on the server by account, vendor, invoice dates, amounts and statement id, paged and sorted, each with its PDF.
 * Online only: offline the page says so and searches nothing.
 */
export function ArchivePage() {
  const companyId = useCurrentCompanyId();
  const { pathname } = useLocation();
  const twinId = companyIdOfPath(pathname);
  const isOnline = useOnline();
  const { toast } = useToasts();
  const [criteria, setCriteria] = useState<Criteria>(NO_CRITERIA);
  const [asked, setAsked] = useState<ArchiveSearch | null>(null);
  const [sort, setSort] = useState<{ by: ArchiveSortKey; dir: 'asc' | 'desc' }>({
    by: 'invoiceDate',
    dir: 'desc',
  });
  const [pageSize, setPageSize] = useState(ARCHIVE_PAGE_SIZE);
  const [results, setResults] = useState<ResultsPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const problems = archiveSearchProblems(searchOf(criteria));
  const set = (patch: Partial<Criteria>) => setCriteria({ ...criteria, ...patch });

  const run = async (search: ArchiveSearch, at: number, size: number, order: typeof sort) => {
    setBusy(true);
    setError(null);
    const result = await searchArchive(twinId, {
      ...search,
      page: at,
      pageSize: size,
      sortBy: order.by,
      sortDir: order.dir,
    });
    setBusy(false);
    if (result.ok) setResults(result.data);
    else {
      setResults(null);
      setError(result.isNetworkError ? 'Archive search needs a network connection.' : result.error.message);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (Object.keys(problems).length > 0 || !isOnline) return;
    const search = searchOf(criteria);
    setAsked(search);
    void run(search, 1, pageSize, sort);
  };

  const sortBy = (key: ArchiveSortKey) => {
    const next = { by: key, dir: sort.by === key && sort.dir === 'asc' ? 'desc' : 'asc' } as const;
    setSort(next);
    if (asked) void run(asked, 1, pageSize, next);
  };

  const download = async (row: ArchiveRow) => {
    if (companyId === null) return;
    const fetched = await fetchFile(archivePdfPath(companyId, row.statementId));
    if (fetched.ok) saveFile(fetched.blob, `Statement_${row.statementId}.pdf`);
    else
      toast(
        'Download failed',
        fetched.isNetworkError ? 'The archive needs a network connection.' : fetched.message,
        { kind: 'error' },
      );
  };

  return (
    <Page
      titleId="archive-title"
      title="Archives"
      subtitle={
        <p className="muted">Statements older than the bills kept in the portal. Searched on the server.</p>
      }
    >
      {!isOnline && (
        <OnlineOnlyNotice>
          Archive search is online only: archived statements are not kept on this device. Connect to search.
        </OnlineOnlyNotice>
      )}
      <form className="panel archivedata-form" onSubmit={onSubmit} aria-label="Archive search">
        <TextField
          label="Account number"
          value={criteria.accountNumber}
          onChange={(accountNumber) => set({ accountNumber })}
        />
        <TextField
          label="Vendor"
          value={criteria.vendorName}
          onChange={(vendorName) => set({ vendorName })}
          hint="Any part of the name"
        />
        <TextField
          label="Statement ID"
          value={criteria.statementId}
          onChange={(statementId) => set({ statementId })}
        />
        <TextField
          label="Invoice date from"
          type="date"
          value={criteria.from}
          onChange={(from) => set({ from })}
          error={problems.invoiceDateFrom ?? null}
        />
        <TextField label="Invoice date to" type="date" value={criteria.to} onChange={(to) => set({ to })} />
        <TextField
          label="Amount from"
          type="number"
          step="0.01"
          value={criteria.min}
          onChange={(min) => set({ min })}
          error={problems.amountMin ?? null}
        />
        <TextField
          label="Amount to"
          type="number"
          step="0.01"
          value={criteria.max}
          onChange={(max) => set({ max })}
        />
        <div className="archivedata-form__actions">
          <button type="submit" className="btn btn--primary" disabled={!isOnline || isBusy}>
            <Search aria-hidden="true" size={16} />
            {isBusy ? 'Searching…' : 'Search'}
          </button>
          <button type="button" className="btn btn--ghost" onClick={() => setCriteria(NO_CRITERIA)}>
            Clear
          </button>
        </div>
      </form>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      {results && (
        <section className="panel" aria-labelledby="archive-results-title" aria-busy={isBusy || undefined}>
          <h2 id="archive-results-title" className="panel__title">
            {results.total.toLocaleString('en-US')} statements
          </h2>
          {results.rows.length === 0 ? (
            <p className="data-table-note data-table-note--empty">No archived statement matches.</p>
          ) : (
            <div className="data-table-wrap">
              <div className="data-table-scroll">
                <table className="data-table">
                  <caption className="visually-hidden">Archived statements</caption>
                  <thead>
                    <tr>
                      {COLUMNS.map((column) => (
                        <th
                          key={column.key}
                          scope="col"
                          className={column.isNumeric ? 'is-num' : undefined}
                          aria-sort={
                            sort.by === column.key
                              ? sort.dir === 'asc'
                                ? 'ascending'
                                : 'descending'
                              : undefined
                          }
                        >
                          <button
                            type="button"
                            className="archivedata-sort"
                            onClick={() => sortBy(column.key)}
                          >
                            {column.label}
                            {sort.by === column.key ? (sort.dir === 'asc' ? ' ↑' : ' ↓') : ''}
                          </button>
                        </th>
                      ))}
                      <th scope="col">PDF</th>
                    </tr>
                  </thead>
                  <tbody>
                    {results.rows.map((row) => (
                      <tr key={row.id}>
                        <th scope="row">{row.accountNumber}</th>
                        <td>{row.vendorName}</td>
                        <td>{formatDay(row.invoiceDate)}</td>
                        <td className="is-num">{formatCurrency(row.amount)}</td>
                        <td>{row.statementId}</td>
                        <td>
                          <button
                            type="button"
                            className="btn btn--ghost btn--sm"
                            disabled={!isOnline}
                            onClick={() => void download(row)}
                            aria-label={`Download statement ${row.statementId}`}
                          >
                            <Download aria-hidden="true" size={14} />
                            PDF
                          </button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pagination
                page={results.page}
                total={results.total}
                pageSize={results.pageSize}
                onPageChange={(next) => {
                  if (asked) void run(asked, next, pageSize, sort);
                }}
                onPageSizeChange={(size) => {
                  setPageSize(size);
                  if (asked) void run(asked, 1, size, sort);
                }}
                label="Archive result pages"
              />
            </div>
          )}
        </section>
      )}
    </Page>
  );
}

/** react-router `lazy` convention. */
export const Component = ArchivePage;
