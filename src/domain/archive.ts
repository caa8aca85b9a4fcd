// The archive search (spec 001 §2 Archive search, §7 `POST /archive/search`): its criteria, sort keys and page sizes,
// and the checks the server and the page share. Archived statements are older than the live bills and are searched
// on the server only (docs/architecture.md §14 Bills and archive).

/** Columns the results can be sorted by. */
export const ARCHIVE_SORT_KEYS = [
  'invoiceDate',
  'amount',
  'accountNumber',
  'vendorName',
  'statementId',
] as const;

/** A sort key of the results. */
export type ArchiveSortKey = (typeof ARCHIVE_SORT_KEYS)[number];

/** Results per page: the default and the most one page may hold. */
export const ARCHIVE_PAGE_SIZE = 10;
export const ARCHIVE_MAX_PAGE_SIZE = 100;

/** What a search asks for; blank criteria are left out. */
export interface ArchiveSearch {
  accountNumber?: string;
  vendorName?: string;
  /** `YYYY-MM-DD`, both ends included. */
  invoiceDateFrom?: string;
  invoiceDateTo?: string;
  amountMin?: number;
  amountMax?: number;
  statementId?: string;
  page?: number;
  pageSize?: number;
  sortBy?: ArchiveSortKey;
  sortDir?: 'asc' | 'desc';
}

/** One archived statement of the results. */
export interface ArchiveRow {
  id: string;
  accountNumber: string;
  vendorName: string;
  invoiceDate: string;
  billMonth: string;
  amount: number;
  statementId: string;
}

/** A page of results and how many statements match in all. */
export interface ArchivePage {
  rows: ArchiveRow[];
  total: number;
  page: number;
  pageSize: number;
}

/** Problems of a search's criteria by field name (empty when it can run): reversed ranges. */
export function archiveSearchProblems(search: ArchiveSearch): Record<string, string> {
  const problems: Record<string, string> = {};
  if (search.invoiceDateFrom && search.invoiceDateTo && search.invoiceDateFrom > search.invoiceDateTo)
    problems.invoiceDateFrom = 'The first invoice date must not be after the last.';
  if (search.amountMin !== undefined && search.amountMax !== undefined && search.amountMin > search.amountMax)
    problems.amountMin = 'The smallest amount must not be more than the largest.';
  return problems;
}

/** The search with blank text criteria dropped and text trimmed, as it is sent. */
export function cleanArchiveSearch(search: ArchiveSearch): ArchiveSearch {
  const clean: ArchiveSearch = {};
  for (const [key, value] of Object.entries(search) as [keyof ArchiveSearch, unknown][]) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string') {
      if (value.trim() !== '') Object.assign(clean, { [key]: value.trim() });
    } else if (typeof value === 'number') {
      if (Number.isFinite(value)) Object.assign(clean, { [key]: value });
    }
  }
  return clean;
}
