// ENERGY STAR notes of spec 001 §7: list, add, update and delete, each a synced write (idempotent by key, If-Match
// on the note) so the page can queue them offline. The spec's forms name their site or note by id and the access
// hook reads the company from there; each also has a twin under /api/companies/:companyId, which the device's queue
// uses: a delete replayed after its answer was lost must reach its stored answer, and the note it named is gone.
// The area rule needs Energy Star access (spec 000 §5).
import { and, desc, eq } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App, AppDeps } from '../../http/types';
import type { CompanySource, RouteAccess } from '../../auth/access';
import { companyOf } from '../../auth/access';
import { CompanyId, UuidString } from '../../http/commonSchemas';
import type { Tx } from '../../db/tx';
import { energyStarNotes, locations } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { assertNewIds } from '../../http/newIds';
import { assertVersion } from '../../sync/syncedWrite';
import { applyWrite, syncedWriteRoute } from '../../sync/writeRoute';
import { patchWriteRoute } from '../../sync/patchRow';
import { writeTombstone } from '../../sync/versioning';
import { esNoteProblem } from '../../../../src/domain/energyStar';

const IdParams = Type.Object(
  { companyId: Type.Optional(CompanyId), id: UuidString },
  { additionalProperties: false },
);
const TwinParams = Type.Object({ companyId: Type.Optional(CompanyId) }, { additionalProperties: false });

const AREA = 'companyEnergyStar' as const;

/** The spec's URL with the company its entity names, and the twin with the company in its path. */
function twins(path: string, own: CompanySource): [string, RouteAccess][] {
  return [
    [`/api${path}`, { company: own, area: AREA }],
    [`/api/companies/:companyId${path}`, { company: { from: 'param', name: 'companyId' }, area: AREA }],
  ];
}

/** The note's text as stored: trimmed, by the rule the device checks too (src/domain/energyStar.ts). */
function noteText(note: string): string {
  const problem = esNoteProblem(note);
  if (problem) throw badRequest(`The note ${problem}`, { 'body.note': problem });
  return note.trim();
}

async function noteOf(tx: Tx, companyId: number, id: string) {
  const [note] = await tx
    .select()
    .from(energyStarNotes)
    .where(and(eq(energyStarNotes.id, id.toLowerCase()), eq(energyStarNotes.companyId, companyId)));
  if (!note) throw notFound('No such note');
  return note;
}

/** Registers the ENERGY STAR notes routes. */
export function energyStarNoteRoutes(app: App, { db }: AppDeps): Promise<void> {
  const notesOf = twins('/energystar/:id/getEnergyStarNotes', {
    from: 'entity',
    entity: 'locations',
    param: 'id',
  });
  for (const [url, access] of notesOf) {
    app.get(url, { config: { access }, schema: { params: IdParams } }, async (request) =>
      db
        .select()
        .from(energyStarNotes)
        .where(
          and(
            eq(energyStarNotes.locationId, request.params.id.toLowerCase()),
            eq(energyStarNotes.companyId, companyOf(request).id),
          ),
        )
        .orderBy(desc(energyStarNotes.createDate)),
    );
  }

  syncedWriteRoute(
    app,
    'addEsNote',
    { area: AREA, clientForm: { from: 'bodyEntity', entity: 'locations', field: 'locationId' } },
    { params: TwinParams },
    async (request, reply) => {
      const note = noteText(request.body.note);
      const id = request.body.id?.toLowerCase();
      return applyWrite(db, request, reply, async ({ tx, version, companyId }) => {
        const [site] = await tx
          .select({ id: locations.id })
          .from(locations)
          .where(
            and(eq(locations.id, request.body.locationId.toLowerCase()), eq(locations.companyId, companyId)),
          );
        if (!site) throw notFound('No such location');
        await assertNewIds(tx, energyStarNotes, [{ field: 'body.id', value: id }]);
        const [row] = await tx
          .insert(energyStarNotes)
          .values({ ...(id ? { id } : {}), companyId, version, locationId: site.id, note })
          .returning();
        return { statusCode: 201, body: row };
      });
    },
  );

  patchWriteRoute(
    app,
    db,
    'updateEsNote',
    { area: AREA, clientForm: { from: 'bodyEntity', entity: 'energyStarNotes', field: 'id' } },
    { params: TwinParams },
    { rowId: (request) => request.body.id, check: (request) => noteText(request.body.note) },
  );

  syncedWriteRoute(
    app,
    'deleteEsNote',
    { area: AREA, clientForm: { from: 'entity', entity: 'energyStarNotes', param: 'id' } },
    { params: IdParams },
    async (request, reply) =>
      applyWrite(db, request, reply, async ({ tx, version, expected, companyId }) => {
        const current = await noteOf(tx, companyId, request.params.id);
        assertVersion(current, expected);
        await tx.delete(energyStarNotes).where(eq(energyStarNotes.id, current.id));
        await writeTombstone(tx, companyId, 'energyStarNotes', current.id, version);
        return { statusCode: 200, body: { id: current.id, deleted: true } };
      }),
  );
  // Registration is synchronous; the Promise matches the route-module signature of areas/index.ts.
  return Promise.resolve();
}
