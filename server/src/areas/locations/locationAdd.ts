// `POST /locations` of spec 001 §7 (Contracts and documents): a site added from the contract form's location picker,
// with its consultant twin. A synced write (idempotent by key, versioned) that accepts the id the device made, so a
// site added offline and the contract linked to it replay in order (docs/architecture.md §6, §14 Contracts). The
// fields are checked by src/domain/locationForm.ts, the rule the device checked before queuing.
import type { App, AppDeps } from '../../http/types';
import { locations } from '../../db/schema';
import { invalidFields } from '../../errors';
import { applyWrite, syncedWriteRoute } from '../../sync/writeRoute';
import { checkLocationInput } from '../../../../src/domain/locationForm';
import { assertNewIds } from '../../http/newIds';
import { CompanyScopeParams } from '../../http/twinRoutes';

/** Registers `POST /locations` and its consultant twin: open to whoever may write contracts (the picker's area). */
export function locationAddRoutes(app: App, { db }: AppDeps): Promise<void> {
  syncedWriteRoute(
    app,
    'addLocation',
    { clientForm: { from: 'caller' }, area: 'contracts', write: true },
    { params: CompanyScopeParams },
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
