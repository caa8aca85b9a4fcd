// Online bill pay calls (docs/architecture.md §14): generated general-ledger files. Errors come back as values.
import { del, get, post } from './http';
import type { ApiResult } from './http';

/** A generated GL file as the server lists it. */
export interface GlFileEntry {
  id: string;
  fileName: string;
  fromDate: string;
  toDate: string;
  createdAt: string;
  size: number;
}

/** A child company a parent may generate GL files for. */
export interface GlChildCompany {
  id: number;
  name: string;
  hasApAccess: boolean;
}

/** `GET /api/companies/{id}/onDemandGl?fromDate&toDate`: writes the range's GL file (.xlsx and CSV). */
export function generateGlFile(
  companyId: number,
  fromDate: string,
  toDate: string,
): Promise<ApiResult<GlFileEntry[]>> {
  return get<GlFileEntry[]>(`/companies/${companyId}/onDemandGl`, { params: { fromDate, toDate } });
}

/** `GET /api/companies/{id}/onDemandGl/list`: the company's GL files, newest first. */
export function fetchGlFiles(companyId: number): Promise<ApiResult<GlFileEntry[]>> {
  return get<GlFileEntry[]>(`/companies/${companyId}/onDemandGl/list`);
}

/** `GET /api/companies/{id}/onDemandGl/childCompanies?hasApAccess=true`: children with AP access (spec 001 §6). */
export function fetchGlChildCompanies(companyId: number): Promise<ApiResult<GlChildCompany[]>> {
  return get<GlChildCompany[]>(`/companies/${companyId}/onDemandGl/childCompanies`, {
    params: { hasApAccess: true },
  });
}

/** The API path of a GL file's download (after /api). */
export function glFilePath(companyId: number, fileId: string): string {
  return `/companies/${companyId}/onDemandGl/${fileId}`;
}

/** The key a GL file is kept under on the device once downloaded. */
export function glFileKey(fileId: string): string {
  return `gl/${fileId}`;
}

/** A stored accruals report. */
export interface AccrualReportEntry {
  blobId: string;
  fileName: string;
  createdAt: string;
}

/** `POST /api/companies/{id}/accrualsReport`: runs the accruals tool for a month end. */
export function runAccrualsTool(
  companyId: number,
  year: number,
  month: number,
): Promise<ApiResult<AccrualReportEntry & { accounts: number; total: number }>> {
  return post(`/companies/${companyId}/accrualsReport`, { year, month });
}

/** `GET /api/companies/{id}/accrualsReport`: the company's accruals reports, newest first. */
export function fetchAccrualReports(companyId: number): Promise<ApiResult<AccrualReportEntry[]>> {
  return get<AccrualReportEntry[]>(`/companies/${companyId}/accrualsReport`);
}

/** `DELETE /api/companies/{id}/accrualsReport?blobId`. */
export function deleteAccrualReport(
  companyId: number,
  blobId: string,
): Promise<ApiResult<{ blobId: string }>> {
  return del(`/companies/${companyId}/accrualsReport`, { params: { blobId } });
}

/** The API path of an accruals report's download (after /api). */
export function accrualReportPath(companyId: number, report: AccrualReportEntry): string {
  const query = new URLSearchParams({ blobId: report.blobId, fileName: report.fileName });
  return `/companies/${companyId}/accrualsReport?${query.toString()}`;
}

/** The API path of the monthly accrual workbook (after /api). */
export function monthlyAccrualPath(companyId: number, year: number, month: number): string {
  return `/companies/${companyId}/downloadBillPayAccrual?year=${year}&month=${month}`;
}

/** A payment portal sign-on: a short-lived token and where to present it. */
export interface PortalSignOn {
  token: string;
  url: string;
  expiresIn: number;
}

/** `GET /api/companies/{id}/getLucrotecSsoToken`: 204 with no body (data null) when no portal is configured. */
export function fetchPortalSignOn(companyId: number): Promise<ApiResult<PortalSignOn | null>> {
  return get<PortalSignOn | null>(`/companies/${companyId}/getLucrotecSsoToken`);
}

/** A control workbook of a payment batch (a month). */
export interface ControlWorkbookEntry {
  id: string;
  fileName: string;
  batchMonth: string;
  createdAt: string;
}

/** `GET /api/getControlWorkbookPdfs/{id}`: a company's control workbooks, newest batch first. */
export function fetchControlWorkbooks(companyId: number): Promise<ApiResult<ControlWorkbookEntry[]>> {
  return get<ControlWorkbookEntry[]>(`/getControlWorkbookPdfs/${companyId}`);
}

/** The API path of a control workbook's PDF (after /api), on the company-scoped form. */
export function controlWorkbookPath(companyId: number, id: string): string {
  return `/companies/${companyId}/downloadPdfAttachment?id=${id}`;
}

/** A bill pay note on a bill. */
export interface BillPayNote {
  id: string;
  billId: string;
  note: string;
  authorName: string;
  createdAt: string;
}

/** `GET /api/companies/{id}/BillPayBillNotes/{billId}`: the bill pay team's notes on a bill, oldest first. */
export function fetchBillPayNotes(companyId: number, billId: string): Promise<ApiResult<BillPayNote[]>> {
  return get<BillPayNote[]>(`/companies/${companyId}/BillPayBillNotes/${billId}`);
}

/** The API path of the GL codes report of a company (after /api). */
export function glCodesReportPath(companyId: number): string {
  return `/companies/${companyId}/glCodesReport?id=${companyId}`;
}
