import { get } from './http';
import type { ApiResult } from './http';

/** A client company on the consultant landing. */
export interface ClientCompany {
  id: number;
  name: string;
  parentId: number | null;
  companyTypeId: number;
  hasAccess: boolean;
}

/** One service's 12-month figures on a client card. */
export interface ServiceFigures {
  serviceType: string;
  charges: number;
  usage: number;
  unit: string | null;
}

/** The headline figures of a client company (`GET /api/companies/{id}/homeChartsData`). */
export interface HomeChartsData {
  companyId: number;
  name: string;
  months: string[];
  totalCharges: number;
  byService: ServiceFigures[];
  monthlyCharges: { billMonth: string; charges: number }[];
  locationCount: number;
  accountCount: number;
  openAlerts: number;
  contractsDue: number;
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
