// Company tags and the tags of a site (first spec document §3, §7). Associating replaces the site's whole set: the
// client sends the ids it wants, so a repeat of the same request is harmless.
//
// Concurrency of a set: the site's row is the aggregate that owns its tag links. Every change of the set bumps the
// site's version, and If-Match on an association is checked against it, so an offline client that saved a set
// based on what it last saw gets 409 (with the site and its current links) when someone changed the set meanwhile,
// instead of silently undoing their change. The version is one the client always knows exactly (the site is a
// synced row), which a version computed over the links could not give: a removed link leaves only a tombstone,
// which names no site.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App, AppDeps } from '../../http/types';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/tx';
import { companyOf } from '../../auth/access';
import { CompanyId, CompanyIdParams, UuidString } from '../../http/commonSchemas';
import { locations, siteTags, tags } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import type { FieldErrors } from '../../errors';
import { applyWrite, syncedWriteRoute } from '../../sync/writeRoute';
import { writeTombstone } from '../../sync/versioning';

/** The success text the spec shows after associating (first spec document §8). */
export const TAGS_ASSOCIATED = 'Tags associated successfully!';

const SiteParams = Type.Object({ id: UuidString }, { additionalProperties: false });
const CompanySiteParams = Type.Object(
  { companyId: CompanyId, siteId: UuidString },
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

  syncedWriteRoute(app, 'associateTags', {}, { params: CompanySiteParams }, async (request, reply) => {
    const siteId = request.params.siteId.toLowerCase();
    const { tagIds, siteTagIds } = request.body;
    if (siteTagIds && siteTagIds.length !== tagIds.length)
      throw badRequest('There must be one link id per tag id', { 'body.siteTagIds': 'must match tagIds' });
    const wanted = [...new Set(tagIds.map((id) => id.toLowerCase()))];
    const linkIdOf = new Map<string, string>();
    tagIds.forEach((id, index) => {
      const linkId = siteTagIds?.[index];
      if (linkId && !linkIdOf.has(id.toLowerCase())) linkIdOf.set(id.toLowerCase(), linkId.toLowerCase());
    });
    if (new Set(linkIdOf.values()).size !== linkIdOf.size)
      throw badRequest('Each tag needs a link id of its own', { 'body.siteTagIds': 'has repeated ids' });
    return applyWrite(db, request, reply, async ({ tx, version, expected, companyId }) => {
      const [site] = await tx
        .select()
        .from(locations)
        .where(and(eq(locations.id, siteId), eq(locations.companyId, companyId)));
      // Another company's site is answered like a missing one.
      if (!site) throw notFound('No such site');
      const current = await tagsOfSite(tx, companyId, siteId);
      if (expected !== undefined && site.version !== expected)
        throw conflict({ location: site, siteTags: current });

      const known = wanted.length
        ? await tx
            .select({ id: tags.id })
            .from(tags)
            .where(and(eq(tags.companyId, companyId), inArray(tags.id, wanted)))
        : [];
      const knownIds = new Set(known.map((row) => row.id));
      const fields: FieldErrors = {};
      tagIds.forEach((id, index) => {
        if (!knownIds.has(id.toLowerCase())) fields[`body.tagIds.${index}`] = 'is not a tag of this company';
      });
      if (Object.keys(fields).length > 0) throw badRequest('Some tags are not tags of this company', fields);

      const currentTagIds = new Set(current.map((row) => row.tagId));
      const removed = current.filter((row) => !knownIds.has(row.tagId));
      const added = wanted.filter((tagId) => !currentTagIds.has(tagId));
      await assertFreeLinkIds(
        tx,
        added.flatMap((tagId) => linkIdOf.get(tagId) ?? []),
        tagIds,
        linkIdOf,
      );
      if (removed.length > 0) {
        await tx.delete(siteTags).where(
          inArray(
            siteTags.id,
            removed.map((row) => row.id),
          ),
        );
        for (const row of removed) await writeTombstone(tx, companyId, 'siteTags', row.id, version);
      }
      if (added.length > 0) {
        await tx.insert(siteTags).values(
          added.map((tagId) => {
            const id = linkIdOf.get(tagId);
            return { ...(id ? { id } : {}), companyId, locationId: siteId, tagId, version };
          }),
        );
      }
      // The set changed: its aggregate moves too (see the top of this file).
      const [location] =
        removed.length > 0 || added.length > 0
          ? await tx
              .update(locations)
              .set({ version, updatedAt: sql`now()` })
              .where(eq(locations.id, siteId))
              .returning()
          : [site];
      return {
        statusCode: 200,
        body: { message: TAGS_ASSOCIATED, location, siteTags: await tagsOfSite(tx, companyId, siteId) },
      };
    });
  });
}

/** Refuses link ids some other row already has (another site's link, or another company's). */
async function assertFreeLinkIds(
  tx: Tx,
  ids: string[],
  tagIds: readonly string[],
  linkIdOf: ReadonlyMap<string, string>,
): Promise<void> {
  if (ids.length === 0) return;
  const taken = new Set(
    (await tx.select({ id: siteTags.id }).from(siteTags).where(inArray(siteTags.id, ids))).map(
      (row) => row.id,
    ),
  );
  if (taken.size === 0) return;
  const fields: FieldErrors = {};
  tagIds.forEach((id, index) => {
    const linkId = linkIdOf.get(id.toLowerCase());
    if (linkId && taken.has(linkId)) fields[`body.siteTagIds.${index}`] = 'is already taken';
  });
  throw badRequest('Some link ids are already taken', fields);
}
