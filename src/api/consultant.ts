import { get } from './http';
import type { ApiResult } from './http';
import type { HomeChartsData } from '../domain/homeCharts';

/** A client company on the consultant landing. */
export interface ClientCompany {
  id: number;
  name: string;
  parentId: number | null;
  companyTypeId: number;
  hasAccess: boolean;
}

/** `GET /api/consultant`: the consultant's own clients. */
export function fetchMyClients(): Promise<ApiResult<ClientCompany[]>> {
  return get<ClientCompany[]>('/consultant');
}

/** `GET /api/consultant/all`: every client, marked with access. */
export function fetchAllClients(): Promise<ApiResult<ClientCompany[]>> {
  return get<ClientCompany[]>('/consultant/all');
}

/** `GET /api/companies/{id}/homeChartsData`. */
export function fetchHomeCharts(companyId: number): Promise<ApiResult<HomeChartsData>> {
  return get<HomeChartsData>(`/companies/${companyId}/homeChartsData`);
}
