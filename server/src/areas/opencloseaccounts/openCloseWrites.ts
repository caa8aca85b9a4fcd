// Open/close writes of spec 001 §7: POST OpenAccounts and CloseAccounts (a request per service, ids may be made on
// the device), PUT changeOpenCloseStatus (consultants), PUT updateOpenCloseAccount (dates and contact) and POST
// AddAccountNotes. Each is a synced write (idempotent by key, versioned; If-Match on the request it edits) and is
// checked with the rules the device checks before queueing (src/domain/openClose*.ts); a broken rule answers 400 with
// its fields. Each request write records its history event in the same transaction; a status change or an edit
// answers the request alone (as every one-row write does, so a 409 shows the user field by field what changed), and
// its event reaches devices with the change feed.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { App, AppDeps } from '../../http/types';
import { callerOf, companyOf } from '../../auth/access';
import { accounts, locations, openCloseNotes, openCloseRequests } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../errors';
import type { FieldErrors } from '../../errors';
import { assertNewIds } from '../../http/newIds';
import { assertVersion } from '../../sync/syncedWrite';
import { applyWrite, syncedWriteRoute } from '../../sync/writeRoute';
import type { WriteAccess } from '../../sync/writeRoute';
import {
  canChangeOpenCloseStatus,
  canEditOpenCloseRequest,
  mayChangeOpenCloseStatus,
  openCloseStatusLabel,
} from '../../../../src/domain/openClose';
import type { FieldProblems } from '../../../../src/domain/meters';
import {
  checkNewOpenCloseRequest,
  checkOpenCloseDetails,
  noteProblem,
} from '../../../../src/domain/openCloseRequest';
import type { OpenCloseDetails, OpenCloseField } from '../../../../src/domain/openCloseRequest';
import { recordEvents, requestInCompany, userName } from './openCloseRows';
import type { OpenCloseRequest } from './openCloseRows';
import type { WriteBody } from '../../../../src/domain/syncedWrites';

const AREA = 'opencloseaccounts' as const;
const onRequest = (field: string): WriteAccess => ({
  company: { from: 'bodyEntity', entity: 'openCloseRequests', field },
  area: AREA,
});

/** 400 with the domain's problems as body fields. */
function failWith(problems: FieldProblems<string>, message = 'Some fields are not valid'): never {
  const fields: FieldErrors = {};
  for (const [field, problem] of Object.entries(problems)) if (problem) fields[`body.${field}`] = problem;
  throw badRequest(message, fields);
}

const text = (value: string | null | undefined): string => value ?? '';

/** The fields of an edit that differ from the stored request, by their API names. */
function changedFields(request: OpenCloseRequest, values: OpenCloseDetails): (keyof OpenCloseDetails)[] {
  const names = Object.keys(values) as (keyof OpenCloseDetails)[];
  return names.filter((name) => (request[name] ?? null) !== values[name]);
}

/** Registers the open/close writes. */
export function openCloseWriteRoutes(app: App, { db }: AppDeps): Promise<void> {
  const author = async (userId: number) => ({ userId, name: await userName(db, userId) });

  for (const [name, isOpen] of [
    ['openAccounts', true],
    ['closeAccounts', false],
  ] as const) {
    syncedWriteRoute(
      app,
      name,
      { company: { from: 'bodyEntity', entity: 'locations', field: 'locationId' }, area: AREA },
      {},
      async (request, reply) => {
        const body: WriteBody<'openAccounts'> = request.body;
        const locationId = body.locationId.toLowerCase();
        const services = body.services.map((service) => ({
          serviceType: service.serviceType,
          accountId: service.accountId?.toLowerCase() ?? null,
        }));
        const siteAccounts = await db
          .select({
            id: accounts.id,
            accountNumber: accounts.accountNumber,
            services: accounts.services,
            isActive: accounts.isActive,
          })
          .from(accounts)
          .where(and(eq(accounts.locationId, locationId), eq(accounts.companyId, companyOf(request).id)));
        const checked = checkNewOpenCloseRequest(
          isOpen,
          {
            locationId,
            services,
            turnoverDate: text(body.turnoverDate),
            storeOpenDate: text(body.storeOpenDate),
            storeCloseDate: text(body.storeCloseDate),
            contactName: text(body.contactName),
            contactPhone: text(body.contactPhone),
            contactEmail: text(body.contactEmail),
          },
          siteAccounts,
        );
        if (!checked.ok) failWith(checked.problems);
        const { services: _services, ...details } = checked.values;
        const ids = body.services.map((service) => service.id?.toLowerCase());
        const given = ids.filter((id): id is string => id !== undefined);
        if (new Set(given).size !== given.length) failWith({ services: 'repeats an id' });
        const caller = await author(callerOf(request).userId);
        return applyWrite(db, request, reply, async ({ tx, version, companyId }) => {
          const [location] = await tx
            .select({ id: locations.id })
            .from(locations)
            .where(and(eq(locations.id, locationId), eq(locations.companyId, companyId)));
          if (!location) throw notFound('No such location');
          if (given.length > 0) {
            const taken = await tx
              .select({ id: openCloseRequests.id })
              .from(openCloseRequests)
              .where(inArray(openCloseRequests.id, given));
            if (taken.length > 0) failWith({ services: 'use an id that is already taken' });
          }
          const rows = await tx
            .insert(openCloseRequests)
            .values(
              services.map((service, index) => ({
                ...(ids[index] ? { id: ids[index] } : {}),
                companyId,
                version,
                ...details,
                locationId,
                serviceType: service.serviceType,
                accountId: service.accountId,
                isOpen,
                accountStatus: 0,
                requestedBy: caller.userId,
                requestedByName: caller.name,
              })),
            )
            .returning();
          const events = await recordEvents(
            tx,
            version,
            caller,
            rows.map((row) => ({ request: row, detail: { kind: 'created' } })),
          );
          return { statusCode: 201, body: { requests: rows, events } };
        });
      },
    );
  }

  syncedWriteRoute(app, 'changeOpenCloseStatus', onRequest('id'), {}, async (request, reply) => {
    const caller = callerOf(request);
    if (!mayChangeOpenCloseStatus(caller.roles))
      throw forbidden('Only consultants change the status of a request');
    const { id, accountStatus } = request.body;
    const by = await author(caller.userId);
    return applyWrite(db, request, reply, async ({ tx, version, expected, companyId }) => {
      const { request: current } = await requestInCompany(tx, companyId, id);
      assertVersion(current, expected);
      if (!canChangeOpenCloseStatus(current.accountStatus, accountStatus)) {
        const to = openCloseStatusLabel(accountStatus) || String(accountStatus);
        failWith({
          accountStatus: `cannot move from ${openCloseStatusLabel(current.accountStatus)} to ${to}`,
        });
      }
      const [row] = await tx
        .update(openCloseRequests)
        .set({ accountStatus, version, updatedAt: sql`now()` })
        .where(eq(openCloseRequests.id, current.id))
        .returning();
      if (!row) throw notFound('No such open/close request');
      await recordEvents(tx, version, by, [
        {
          request: row,
          detail: { kind: 'status', fromStatus: current.accountStatus, toStatus: accountStatus },
        },
      ]);
      return { statusCode: 200, body: row };
    });
  });

  syncedWriteRoute(app, 'updateOpenCloseAccount', onRequest('id'), {}, async (request, reply) => {
    const body = request.body;
    const by = await author(callerOf(request).userId);
    return applyWrite(db, request, reply, async ({ tx, version, expected, companyId }) => {
      const { request: current } = await requestInCompany(tx, companyId, body.id);
      assertVersion(current, expected);
      if (!canEditOpenCloseRequest(current.accountStatus))
        failWith({ id: 'is done and can no longer be edited' }, 'A done request can no longer be edited');
      // Omitted fields keep their stored value; null or blank clears them (and the rule says if that is allowed).
      const pick = (name: OpenCloseField & keyof typeof body & keyof OpenCloseRequest): string =>
        body[name] === undefined ? text(current[name]) : text(body[name]);
      const checked = checkOpenCloseDetails(current.isOpen, {
        turnoverDate: pick('turnoverDate'),
        storeOpenDate: pick('storeOpenDate'),
        storeCloseDate: pick('storeCloseDate'),
        contactName: pick('contactName'),
        contactPhone: pick('contactPhone'),
        contactEmail: pick('contactEmail'),
      });
      if (!checked.ok) failWith(checked.problems);
      const fields = changedFields(current, checked.values);
      if (fields.length === 0) return { statusCode: 200, body: current };
      const [row] = await tx
        .update(openCloseRequests)
        .set({ ...checked.values, version, updatedAt: sql`now()` })
        .where(eq(openCloseRequests.id, current.id))
        .returning();
      if (!row) throw notFound('No such open/close request');
      await recordEvents(tx, version, by, [{ request: row, detail: { kind: 'edited', fields } }]);
      return { statusCode: 200, body: row };
    });
  });

  syncedWriteRoute(app, 'addOpenCloseNote', onRequest('requestId'), {}, async (request, reply) => {
    const body = request.body;
    const problem = noteProblem(body.note);
    if (problem) failWith({ note: problem });
    const by = await author(callerOf(request).userId);
    return applyWrite(db, request, reply, async ({ tx, version, companyId }) => {
      const { request: owner } = await requestInCompany(tx, companyId, body.requestId);
      const id = body.id?.toLowerCase();
      await assertNewIds(tx, openCloseNotes, [{ field: 'body.id', value: id }]);
      const [row] = await tx
        .insert(openCloseNotes)
        .values({
          ...(id ? { id } : {}),
          companyId,
          version,
          requestId: owner.id,
          note: body.note.trim(),
          createdBy: by.userId,
          createdByName: by.name,
        })
        .returning();
      return { statusCode: 201, body: row };
    });
  });
  // Registration is synchronous; the Promise matches the route-module signature of areas/index.ts.
  return Promise.resolve();
}
