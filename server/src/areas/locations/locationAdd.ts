// `POST /locations` of spec 001 §7 (Contracts and documents): a site added from the contract form's location picker,
// with its consultant twin. A synced write (idempotent by key, versioned) that accepts the id the device made, so a
// site added offline and the contract linked to it replay in order (docs/architecture.md §6, §14 Contracts). The
// fields are checked by src/domain/locationForm.ts, the rule the device checked before queuing.
import { Type } from 'typebox';
import type { App, AppDeps } from '../../http/types';
import { locations } from '../../db/schema';
import { invalidFields } from '../../errors';
import { NullableNumber, UuidString, columnBounds } from '../../http/commonSchemas';
import { applyWrite, syncedWriteRoute } from '../../sync/writeRoute';
import { checkLocationInput } from '../../../../src/domain/locationForm';
import { assertNewIds } from '../../http/newIds';
import { CompanyScopeParams } from '../../http/twinRoutes';

const OptionalText = Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()]));

const AddBody = Type.Object(
  {
    id: Type.Optional(UuidString),
    name: Type.String({ maxLength: 1000 }),
    siteNumber: OptionalText,
    address: Type.String({ maxLength: 1000 }),
    city: Type.String({ maxLength: 1000 }),
    state: Type.String({ maxLength: 40 }),
    zip: Type.String({ maxLength: 40 }),
    // Any number within the column's range: the location rule (src/domain/locationForm.ts) names a fraction itself.
    sqft: Type.Optional(NullableNumber({ ...columnBounds(locations.sqft), integer: false })),
    siteType: OptionalText,
  },
  { additionalProperties: false },
);

/** Registers `POST /locations` and its consultant twin: open to whoever may write contracts (the picker's area). */
export function locationAddRoutes(app: App, { db }: AppDeps): Promise<void> {
  syncedWriteRoute(
    app,
    'addLocation',
    { clientForm: { from: 'caller' }, area: 'contracts', write: true },
    { params: CompanyScopeParams, body: AddBody },
    async (request, reply) => {
      const { id, ...input } = request.body;
      const checked = checkLocationInput(input);
      if (!checked.ok) throw invalidFields(checked.problems);
      const values = checked.values;
      return applyWrite(db, request, reply, async ({ tx, version, companyId }) => {
        const locationId = id?.toLowerCase();
        await assertNewIds(tx, locations, [{ field: 'body.id', value: locationId }]);
        const [row] = await tx
          .insert(locations)
          .values({ ...(locationId ? { id: locationId } : {}), companyId, version, ...values })
          .returning();
        if (!row) throw new Error('insert returned no location');
        return { statusCode: 201, body: row };
      });
    },
  );
  // Registration is synchronous; the Promise matches the route-module signature of areas/index.ts.
  return Promise.resolve();
}
