// Single-account writes of the second spec document §7: POST /accounts/addMeterRecord and
// PUT /updateEsiIdSubAddress, both synced writes (idempotent by key, versioned), each also under
// /api/companies/:companyId. The client forms name their entity only in the body, so the access hook reads the
// company from there (`bodyEntity`); the twins name the company and look the entity up within it.
import { and, eq, sql } from 'drizzle-orm';
import type { App, AppDeps } from '../../http/types';
import { accounts, locations, meters } from '../../db/schema';
import { badRequest, invalidFields, notFound } from '../../errors';
import type { FieldErrors } from '../../errors';
import { assertVersion } from '../../sync/syncedWrite';
import { applyWrite, syncedWriteRoute } from '../../sync/writeRoute';
import { checkNewMeter } from '../../../../src/domain/meters';
import { esiIdProblem, normalizedZip, stateKey, zipRule } from './meterRules';
import { CompanyScopeParams } from '../../http/twinRoutes';

const MAX_TEXT = 100;

/** undefined when omitted, null when null or blank, else the trimmed text. */
function cleaned(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

function failIfAny(fields: FieldErrors): void {
  if (Object.keys(fields).length > 0) throw badRequest('Some fields are not valid', fields);
}

function tooLong(fields: FieldErrors, name: string, value: string | null | undefined): void {
  if (value && value.length > MAX_TEXT) fields[`body.${name}`] = `must be at most ${MAX_TEXT} characters`;
}

/** Registers addMeterRecord and updateEsiIdSubAddress with their consultant twins. */
export function accountMeterRoutes(app: App, { db }: AppDeps): Promise<void> {
  syncedWriteRoute(
    app,
    'addMeter',
    { company: { from: 'bodyEntity', entity: 'accounts', field: 'accountId' }, twin: true },
    { params: CompanyScopeParams },
    async (request, reply) => {
      const body = request.body;
      return applyWrite(db, request, reply, async ({ tx, version, companyId }) => {
        const [found] = await tx
          .select({ account: accounts, location: locations })
          .from(accounts)
          .innerJoin(locations, eq(locations.id, accounts.locationId))
          .where(and(eq(accounts.id, body.accountId.toLowerCase()), eq(accounts.companyId, companyId)));
        if (!found) throw notFound('No such account');
        const { account, location } = found;
        const serviceState = account.serviceState ?? location.state;
        const existing = await tx
          .select({ meterNumber: meters.meterNumber })
          .from(meters)
          .where(eq(meters.accountId, account.id));
        // The device's rule (src/domain/meters.ts); a duplicate number is 400, not 409: the sync worker reads 409
        // as a version conflict to resend, which would never succeed.
        const checked = checkNewMeter(
          { meterNumber: body.meterNumber, meterService: body.meterService, esiId: body.esiId ?? '' },
          serviceState,
          existing.map((meter) => meter.meterNumber),
        );
        const [taken] = body.id
          ? await tx.select({ id: meters.id }).from(meters).where(eq(meters.id, body.id.toLowerCase()))
          : [];
        if (!checked.ok || taken)
          throw invalidFields({
            ...(checked.ok ? {} : checked.problems),
            ...(taken ? { id: 'is already used' } : {}),
          });
        const { meterNumber, meterService, esiId } = checked.values;
        const [row] = await tx
          .insert(meters)
          .values({
            ...(body.id ? { id: body.id.toLowerCase() } : {}),
            companyId,
            version,
            accountId: account.id,
            meterNumber,
            meterService,
            esiId,
            serviceCity: account.serviceCity ?? location.city,
            serviceState,
            serviceZip: account.serviceZip ?? location.zip,
          })
          .returning();
        return { statusCode: 201, body: row };
      });
    },
  );

  syncedWriteRoute(
    app,
    'updateEsiIdSubAddress',
    { company: { from: 'bodyEntity', entity: 'meters', field: 'id' }, twin: true },
    { params: CompanyScopeParams },
    async (request, reply) => {
      const body = request.body;
      const input = {
        esiId: cleaned(body.esiId),
        subAddress: cleaned(body.subAddress),
        serviceCity: cleaned(body.serviceCity),
        serviceState: cleaned(body.serviceState),
        serviceZip: cleaned(body.serviceZip),
        accountEsiId: cleaned(body.accountEsiId),
        accountSubAddress: cleaned(body.accountSubAddress),
      };
      return applyWrite(db, request, reply, async ({ tx, version, expected, companyId }) => {
        const meterId = body.id.toLowerCase();
        const [found] = await tx
          .select({ meter: meters, account: accounts, location: locations })
          .from(meters)
          .innerJoin(accounts, eq(accounts.id, meters.accountId))
          .innerJoin(locations, eq(locations.id, accounts.locationId))
          .where(and(eq(meters.id, meterId), eq(meters.companyId, companyId)));
        if (!found) throw notFound('No such meter');
        const { meter, account, location } = found;
        // If-Match guards the meter, the row the call names; the account's two fields are last-write-wins.
        assertVersion(meter, expected);

        const fields: FieldErrors = {};
        for (const name of ['subAddress', 'serviceCity', 'accountSubAddress'] as const)
          tooLong(fields, name, input[name]);
        let state = meter.serviceState;
        if (input.serviceState !== undefined) {
          state = input.serviceState === null ? null : stateKey(input.serviceState);
          if (input.serviceState !== null && state === null)
            fields['body.serviceState'] = 'is not a state or province of the list';
        }
        const meterState = state ?? account.serviceState ?? location.state;
        const zip = input.serviceZip ? normalizedZip(input.serviceZip, meterState) : input.serviceZip;
        if (input.serviceZip && zip === null) fields['body.serviceZip'] = zipRule(meterState);
        const esiProblem = input.esiId ? esiIdProblem(input.esiId, meterState) : null;
        if (esiProblem) fields['body.esiId'] = esiProblem;
        const accountProblem = input.accountEsiId
          ? esiIdProblem(input.accountEsiId, account.serviceState ?? location.state)
          : null;
        if (accountProblem) fields['body.accountEsiId'] = accountProblem;
        failIfAny(fields);

        const [meterRow] = await tx
          .update(meters)
          .set({
            ...(input.esiId !== undefined ? { esiId: input.esiId } : {}),
            ...(input.subAddress !== undefined ? { subAddress: input.subAddress } : {}),
            ...(input.serviceCity !== undefined ? { serviceCity: input.serviceCity } : {}),
            ...(input.serviceState !== undefined ? { serviceState: state } : {}),
            ...(zip !== undefined ? { serviceZip: zip } : {}),
            version,
            updatedAt: sql`now()`,
          })
          .where(eq(meters.id, meterId))
          .returning();
        let accountRow = account;
        if (input.accountEsiId !== undefined || input.accountSubAddress !== undefined) {
          const [updated] = await tx
            .update(accounts)
            .set({
              ...(input.accountEsiId !== undefined ? { esiId: input.accountEsiId } : {}),
              ...(input.accountSubAddress !== undefined ? { subAddress: input.accountSubAddress } : {}),
              version,
              updatedAt: sql`now()`,
            })
            .where(eq(accounts.id, account.id))
            .returning();
          if (updated) accountRow = updated;
        }
        return { statusCode: 200, body: { meter: meterRow, account: accountRow } };
      });
    },
  );
  // Registration is synchronous; the Promise matches the route-module signature of areas/index.ts.
  return Promise.resolve();
}
