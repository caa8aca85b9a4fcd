import { get, post } from './http';
import type { ApiResult } from './http';
import type { PushedMeter } from '../domain/energyStarConsumption';

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

/** A site's last consumption push: when, by whom (null when the user is gone) and per meter. */
export interface EsPush {
  pushedAt: string;
  pushedBy: string | null;
  meters: PushedMeter[];
}

function pushUrl(companyId: number, locationId: string): string {
  return `/companies/${companyId}/locations/${locationId}/energyStar/pushConsumption`;
}

/** `POST …/energyStar/pushConsumption`: sends the site's monthly consumption to its Portfolio Manager meters. */
export function pushEsConsumption(companyId: number, locationId: string): Promise<ApiResult<EsPush>> {
  return post<EsPush>(pushUrl(companyId, locationId));
}

/** `GET …/energyStar/pushConsumption`: the site's last push (null before the first). */
export function lastEsPush(
  companyId: number,
  locationId: string,
): Promise<ApiResult<{ push: EsPush | null }>> {
  return get<{ push: EsPush | null }>(pushUrl(companyId, locationId));
}
