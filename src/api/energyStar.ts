import { get } from './http';
import type { ApiResult } from './http';

/** The answer of a refresh: which provider answered, how many months it reported and how many rows changed. */
export interface EsRefreshAnswer {
  provider: 'embedded' | 'portfolio-manager';
  months: number;
  changed: number;
}

/**
 * `GET /api/companies/{companyId}/locations/{id}/refreshEsScore`: recomputes a site's ENERGY STAR figures on the
 * server (online only); the changed rows reach the device through the change feed.
 */
export function refreshEsScore(companyId: number, locationId: string): Promise<ApiResult<EsRefreshAnswer>> {
  return get<EsRefreshAnswer>(`/companies/${companyId}/locations/${locationId}/refreshEsScore`);
}
