// Company tags and the tags of a site (first spec document §3, §7). Associating replaces the site's whole set:
// the client sends the ids it wants, so a repeat of the same request is harmless and needs no If-Match.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App, AppDeps } from '../http/types';
import type { Db } from '../db/client';
import type { Tx } from '../db/tx';
import { callerOf, companyOf } from '../auth/access';
import { CompanyId, CompanyIdParams, UuidString } from '../http/commonSchemas';
import { sendWriteResult } from '../http/writeReply';
import { locations, siteTags, tags } from '../db/schema';
import { badRequest, notFound } from '../errors';
import type { FieldErrors } from '../errors';
import { runSyncedWrite, writeContextOf } from '../sync/syncedWrite';
import { writeTombstone } from '../sync/versioning';

/** The success text the spec shows after associating (first spec document §8). */
export const TAGS_ASSOCIATED = 'Tags associated successfully!';

const SiteParams = Type.Object({ id: UuidString }, { additionalProperties: false });
const CompanySiteParams = Type.Object(
  { companyId: CompanyId, siteId: UuidString },
  { additionalProperties: false },
);
const AssociateTagsBody = Type.Object(
  { tagIds: Type.Array(UuidString, { maxItems: 500 }) },
  { additionalProperties: false },
);

async function tagsOfSite(db: Db | Tx, companyId: number, locationId: string) {
  return db
    .select()
    .from(siteTags)
    .where(and(eq(siteTags.companyId, companyId), eq(siteTags.locationId, locationId)))
    .orderBy(asc(siteTags.tagId));
}

/** `GET /api/companies/:companyId/tags`, `GET /api/site/:id/associateTags`, `POST .../site/:siteId/associateTags`. */
export function tagRoutes(app: App, { db }: AppDeps): void {
  app.get(
    '/api/companies/:companyId/tags',
    {
      config: { access: { company: { from: 'param', name: 'companyId' } } },
      schema: { params: CompanyIdParams },
    },
    async (request) =>
      db
        .select()
        .from(tags)
        .where(eq(tags.companyId, companyOf(request).id))
        .orderBy(asc(tags.text), asc(tags.id)),
  );

  app.get(
    '/api/site/:id/associateTags',
    {
      config: { access: { company: { from: 'entity', entity: 'locations', param: 'id' } } },
      schema: { params: SiteParams },
    },
    async (request) => {
      const rows = await tagsOfSite(db, companyOf(request).id, request.params.id.toLowerCase());
      return { tagIds: rows.map((row) => row.tagId), siteTags: rows };
    },
  );

  app.post(
    '/api/companies/:companyId/site/:siteId/associateTags',
    {
      config: { access: { company: { from: 'param', name: 'companyId' } } },
      schema: { params: CompanySiteParams, body: AssociateTagsBody },
    },
    async (request, reply) => {
      const companyId = companyOf(request).id;
      const siteId = request.params.siteId.toLowerCase();
      const wanted = [...new Set(request.body.tagIds.map((id) => id.toLowerCase()))];
      const context = writeContextOf(request, companyId, callerOf(request).userId);
      const result = await runSyncedWrite(db, context, async (tx, version) => {
        const [site] = await tx
          .select({ id: locations.id })
          .from(locations)
          .where(and(eq(locations.id, siteId), eq(locations.companyId, companyId)));
        // Another company's site is answered like a missing one.
        if (!site) throw notFound('No such site');

        const known = wanted.length
          ? await tx
              .select({ id: tags.id })
              .from(tags)
              .where(and(eq(tags.companyId, companyId), inArray(tags.id, wanted)))
          : [];
        const knownIds = new Set(known.map((row) => row.id));
        const fields: FieldErrors = {};
        request.body.tagIds.forEach((id, index) => {
          if (!knownIds.has(id.toLowerCase()))
            fields[`body.tagIds.${index}`] = 'is not a tag of this company';
        });
        if (Object.keys(fields).length > 0)
          throw badRequest('Some tags are not tags of this company', fields);

        const current = await tagsOfSite(tx, companyId, siteId);
        const currentTagIds = new Set(current.map((row) => row.tagId));
        const removed = current.filter((row) => !knownIds.has(row.tagId));
        if (removed.length > 0) {
          await tx.delete(siteTags).where(
            inArray(
              siteTags.id,
              removed.map((row) => row.id),
            ),
          );
          for (const row of removed) await writeTombstone(tx, companyId, 'siteTags', row.id, version);
        }
        const added = wanted.filter((tagId) => !currentTagIds.has(tagId));
        if (added.length > 0) {
          await tx
            .insert(siteTags)
            .values(added.map((tagId) => ({ companyId, locationId: siteId, tagId, version })));
        }
        return {
          statusCode: 200,
          body: { message: TAGS_ASSOCIATED, siteTags: await tagsOfSite(tx, companyId, siteId) },
        };
      });
      return sendWriteResult(reply, result);
    },
  );
}
