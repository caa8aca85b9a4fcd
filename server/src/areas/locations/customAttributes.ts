// Company custom attributes (first spec document §3, §7): extra columns of the location grid. Reading is open to
// everyone in the company; replacing the list is a consultant's job (clients get 404 from the access hook, as for
// any route not open to their role), because removing an attribute deletes its values at every location.
//
// Concurrency of the list: the company record is the aggregate that owns it. Every change of the list bumps the
// company's version and If-Match is checked against it, so a consultant who saved a list offline gets 409 (with the
// company and its current list) when someone else changed the list meanwhile. The client knows that version exactly
// (the company record is synced); a version computed over the attributes could not count removed ones.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { App, AppDeps } from '../../http/types';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/tx';
import { companyOf } from '../../auth/access';
import { CompanyIdParams } from '../../http/commonSchemas';
import { companies, customAttributes, locationAttributeValues } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import type { FieldErrors } from '../../errors';
import { applyWrite, syncedWriteRoute } from '../../sync/writeRoute';
import { writeTombstone } from '../../sync/versioning';

type AttributeInput = { id?: string; attributeName: string };

/** Field errors of the list itself: blank or repeated names, repeated ids. */
function listErrors(items: AttributeInput[]): FieldErrors {
  const fields: FieldErrors = {};
  const ids = new Set<string>();
  const names = new Set<string>();
  items.forEach((item, index) => {
    const name = item.attributeName.trim().toLowerCase();
    if (!name) fields[`body.customAttributes.${index}.attributeName`] = 'must not be blank';
    else if (names.has(name)) fields[`body.customAttributes.${index}.attributeName`] = 'is repeated';
    names.add(name);
    const id = item.id?.toLowerCase();
    if (id && ids.has(id)) fields[`body.customAttributes.${index}.id`] = 'is repeated';
    if (id) ids.add(id);
  });
  return fields;
}

async function companyAttributes(db: Db | Tx, companyId: number) {
  return db
    .select()
    .from(customAttributes)
    .where(eq(customAttributes.companyId, companyId))
    .orderBy(asc(customAttributes.position), asc(customAttributes.attributeName));
}

/** Deletes attributes and their values at every location, leaving a tombstone for each row. */
async function removeAttributes(tx: Tx, companyId: number, ids: string[], version: number): Promise<void> {
  if (ids.length === 0) return;
  // Values reference the attribute without a cascade, so they go first, each with its own tombstone.
  const values = await tx
    .delete(locationAttributeValues)
    .where(
      and(
        eq(locationAttributeValues.companyId, companyId),
        inArray(locationAttributeValues.attributeId, ids),
      ),
    )
    .returning({ id: locationAttributeValues.id });
  for (const value of values)
    await writeTombstone(tx, companyId, 'locationAttributeValues', value.id, version);
  await tx
    .delete(customAttributes)
    .where(and(eq(customAttributes.companyId, companyId), inArray(customAttributes.id, ids)));
  for (const id of ids) await writeTombstone(tx, companyId, 'customAttributes', id, version);
}

/** `GET /api/companies/:companyId/companyCustomAttribute` and `PUT /api/:companyId/editCustomAttributes`. */
export function customAttributeRoutes(app: App, { db }: AppDeps): void {
  app.get(
    '/api/companies/:companyId/companyCustomAttribute',
    {
      config: { access: { company: { from: 'param', name: 'companyId' } } },
      schema: { params: CompanyIdParams },
    },
    async (request) => companyAttributes(db, companyOf(request).id),
  );

  syncedWriteRoute(
    app,
    'editCustomAttributes',
    { role: 'consultant' },
    { params: CompanyIdParams },
    async (request, reply) => {
      const items = request.body.customAttributes;
      const fields = listErrors(items);
      if (Object.keys(fields).length > 0) throw badRequest('Some custom attributes are not valid', fields);
      return applyWrite(db, request, reply, async ({ tx, version, expected, companyId }) => {
        const current = await companyAttributes(tx, companyId);
        const [company] = await tx.select().from(companies).where(eq(companies.id, companyId));
        if (!company) throw new Error(`Company ${companyId} passed the access check but has no row`);
        if (expected !== undefined && company.version !== expected)
          throw conflict({ company, customAttributes: current });
        const byId = new Map(current.map((row) => [row.id, row]));

        // An id that is not ours may still exist in another company: refuse it rather than move or clash with it.
        const newIds = items.flatMap((item) =>
          item.id && !byId.has(item.id.toLowerCase()) ? [item.id.toLowerCase()] : [],
        );
        const taken = newIds.length
          ? await tx
              .select({ id: customAttributes.id })
              .from(customAttributes)
              .where(inArray(customAttributes.id, newIds))
          : [];
        if (taken.length > 0) {
          const takenIds = new Set(taken.map((row) => row.id));
          const idFields: FieldErrors = {};
          items.forEach((item, index) => {
            if (item.id && takenIds.has(item.id.toLowerCase()))
              idFields[`body.customAttributes.${index}.id`] = 'is not an attribute of this company';
          });
          throw badRequest('Some custom attributes are not valid', idFields);
        }

        const kept = new Set<string>();
        let isChanged = false;
        for (const [position, item] of items.entries()) {
          const attributeName = item.attributeName.trim();
          const id = item.id?.toLowerCase();
          const existing = id ? byId.get(id) : undefined;
          if (existing) {
            kept.add(existing.id);
            // Unchanged rows keep their version, so the change feed does not resend them.
            if (existing.attributeName === attributeName && existing.position === position) continue;
            await tx
              .update(customAttributes)
              .set({ attributeName, position, version, updatedAt: sql`now()` })
              .where(eq(customAttributes.id, existing.id));
          } else {
            await tx
              .insert(customAttributes)
              .values({ ...(id ? { id } : {}), companyId, attributeName, position, version });
          }
          isChanged = true;
        }
        const dropped = current.filter((row) => !kept.has(row.id)).map((row) => row.id);
        await removeAttributes(tx, companyId, dropped, version);
        // The list changed: its aggregate moves too (see the top of this file).
        const [record] =
          isChanged || dropped.length > 0
            ? await tx
                .update(companies)
                .set({ version, updatedAt: sql`now()` })
                .where(eq(companies.id, companyId))
                .returning()
            : [company];
        return {
          statusCode: 200,
          body: { customAttributes: await companyAttributes(tx, companyId), company: record },
        };
      });
    },
  );
}
