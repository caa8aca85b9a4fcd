// Online Archive calls (spec 001 §7 Archive): the search and a statement's PDF. Archived statements never sync, so
// the page says clearly when it is offline (docs/architecture.md §14 Bills and archive).
import type { ArchivePage, ArchiveSearch } from '../domain/archive';
import { cleanArchiveSearch } from '../domain/archive';
import { post } from './http';
import type { ApiResult } from './http';

/** `POST [/companies/{companyId}]/archive/search`; `companyId` is the consultant's twin, null for the caller's own. */
export function searchArchive(
  companyId: number | null,
  search: ArchiveSearch,
): Promise<ApiResult<ArchivePage>> {
  const path = companyId === null ? '/archive/search' : `/companies/${companyId}/archive/search`;
  return post<ArchivePage>(path, cleanArchiveSearch(search));
}

/** The API path of a statement's PDF (`GET /archive/downloadBillPdf?companyId&gcStatementId`). */
export function archivePdfPath(companyId: number, statementId: string): string {
  return `/archive/downloadBillPdf?companyId=${companyId}&gcStatementId=${encodeURIComponent(statementId)}`;
}
