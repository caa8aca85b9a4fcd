// The support request types (spec 000 §7 `GET company_support/request_types/{id}`): an online list the new-ticket
// form needs, kept on the device after each fetch so a ticket can be written offline too.
import { get } from './http';
import type { ApiResult } from './http';

/** A kind of support request. */
export interface RequestType {
  id: string;
  name: string;
}

/** The list as last fetched, and when. */
export interface CachedRequestTypes {
  types: RequestType[];
  fetchedAt: string;
}

function cacheKey(companyId: number): string {
  return `get.requestTypes.${companyId}`;
}

function isRequestType(value: unknown): value is RequestType {
  return (
    typeof value === 'object' &&
    value !== null &&
    'id' in value &&
    'name' in value &&
    typeof value.id === 'string' &&
    typeof value.name === 'string'
  );
}

/** The request types last fetched for a company on this browser, or null. */
export function cachedRequestTypes(
  companyId: number,
  storage: Storage = localStorage,
): CachedRequestTypes | null {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(cacheKey(companyId)) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null || !('types' in parsed) || !('fetchedAt' in parsed))
      return null;
    const { types, fetchedAt } = parsed;
    if (!Array.isArray(types) || !types.every(isRequestType) || typeof fetchedAt !== 'string') return null;
    return { types, fetchedAt };
  } catch {
    return null;
  }
}

/** `GET /api/companies/{id}/company_support/request_types`; a success is kept for offline use. */
export async function fetchRequestTypes(
  companyId: number,
  storage: Storage = localStorage,
): Promise<ApiResult<RequestType[]>> {
  const result = await get<RequestType[]>(`/companies/${companyId}/company_support/request_types`);
  if (result.ok) {
    const cached: CachedRequestTypes = { types: result.data, fetchedAt: new Date().toISOString() };
    try {
      storage.setItem(cacheKey(companyId), JSON.stringify(cached));
    } catch {
      // A full storage only costs the offline copy.
    }
  }
  return result;
}
