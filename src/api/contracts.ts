// The contract form's online look-ups (spec 001 §7 Contracts and documents), by the company-scoped paths clients and
// consultants share. The form works from what the device knows; these add what only the server has (every vendor,
// every consultant acting for the company, the company's site types) while online.
import { get } from './http';
import type { ApiResult } from './http';

/** `GET /companies/{id}/companies/getAllVendorsInfo`: the vendors' names. */
export async function fetchVendorNames(companyId: number): Promise<ApiResult<string[]>> {
  const result = await get<{ id: string; name: string }[]>(
    `/companies/${companyId}/companies/getAllVendorsInfo`,
  );
  return result.ok ? { ...result, data: result.data.map((vendor) => vendor.name) } : result;
}

/** `GET /companies/{id}/companies/all_get_consultants`: the full names of the consultants acting for the company. */
export async function fetchConsultantNames(companyId: number): Promise<ApiResult<string[]>> {
  const result = await get<{ fullName: string }[]>(`/companies/${companyId}/companies/all_get_consultants`);
  return result.ok ? { ...result, data: result.data.map((consultant) => consultant.fullName) } : result;
}

/** `GET /companies/{id}/locations/site_type`: the site types the company's locations use. */
export function fetchSiteTypes(companyId: number): Promise<ApiResult<string[]>> {
  return get<string[]>(`/companies/${companyId}/locations/site_type`);
}
