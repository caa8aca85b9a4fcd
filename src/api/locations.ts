// Online-only location calls: both replace several synced rows at once (a site's tag set, a company's attribute
// list), which one outbox entry cannot apply locally; the change feed brings the new rows once they succeed.
import { post, put } from './http';
import type { ApiResult } from './http';

/** The answer of associating tags: the spec's success text and the site's tag links. */
export interface AssociateTagsAnswer {
  message: string;
  siteTags: { id: string; tagId: string; locationId: string }[];
}

/** `POST /api/companies/{companyId}/site/{siteId}/associateTags`: the site's tags become exactly `tagIds`. */
export function associateTags(
  companyId: number,
  siteId: string,
  tagIds: readonly string[],
): Promise<ApiResult<AssociateTagsAnswer>> {
  return post<AssociateTagsAnswer>(`/companies/${companyId}/site/${siteId}/associateTags`, { tagIds });
}

/** One attribute of the list sent to editCustomAttributes; existing ones keep their id. */
export interface CustomAttributeInput {
  id?: string;
  attributeName: string;
}

/** `PUT /api/{companyId}/editCustomAttributes`: the company's attribute list becomes `customAttributes` (consultants). */
export function editCustomAttributes(
  companyId: number,
  customAttributes: readonly CustomAttributeInput[],
): Promise<ApiResult<{ customAttributes: { id: string; attributeName: string; position: number }[] }>> {
  return put(`/${companyId}/editCustomAttributes`, { customAttributes });
}
