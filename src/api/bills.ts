// Online Bills calls (spec 001 §7 Bills): the server's list of a bill-month range, for a company that is not on the
// device yet. Errors are values (src/api/http.ts); the page shows the spec's 'Failed to fetch bills'.
import type { BillListRow } from '../domain/billRows';
import { get } from './http';
import type { ApiResult } from './http';

/** The spec's text when the list does not answer 200 (spec 001 §8). */
export const FAILED_TO_FETCH_BILLS = 'Failed to fetch bills';

/**
 * `GET [/companies/{companyId}]/bills?fromDate&toDate`: bills whose bill month falls in the range (ISO dates; an
 * open side is left out), as the grid's rows. `companyId` is the consultant's twin; null for the caller's company.
 */
export function fetchBills(
  companyId: number | null,
  range: { from: string | null; to: string | null },
): Promise<ApiResult<BillListRow[]>> {
  const params: Record<string, string> = {};
  if (range.from) params.fromDate = `${range.from}-01`;
  if (range.to) params.toDate = `${range.to}-01`;
  return get<BillListRow[]>(companyId === null ? '/bills' : `/companies/${companyId}/bills`, { params });
}

/** A file that came with a bill (spec 001 §7 `GET /downloadAttachment`). */
export interface BillAttachment {
  id: string;
  fileName: string;
}

/** `GET /bills/{id}`: the server's copy of one bill, here for its attachments (online files). */
export function fetchBillAttachments(billId: string): Promise<ApiResult<{ attachments: BillAttachment[] }>> {
  return get<{ attachments: BillAttachment[] }>(`/bills/${billId}`);
}

/** The API path of an attachment's download. */
export function attachmentPath(attachment: BillAttachment, companyId: number, accountNumber: string): string {
  const query = new URLSearchParams({ id: attachment.id, companyId: String(companyId), accountNumber });
  return `/downloadAttachment?${query.toString()}`;
}
