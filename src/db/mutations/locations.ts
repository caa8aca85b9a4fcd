// Location writes through the outbox: the ENERGY STAR active flag is one field of one synced row, so it is
// applied locally at once and replayed (with If-Match) when the network allows; it works the same offline.
import { enqueue } from '../outbox';
import type { AppDb } from '../schema';
import type { OutboxEntry } from '../syncRows';

/** Sets a site's ENERGY STAR active flag locally and queues `PUT /api/locations/{id}/energyStarToggle`. */
export async function setEnergyStarActive(
  db: AppDb,
  locationId: string,
  isEnergyStarActive: boolean,
): Promise<OutboxEntry> {
  const location = await db.locations.get(locationId);
  if (!location) throw new Error(`Location ${locationId} is not in the local database`);
  return enqueue(db, {
    companyId: location.companyId,
    method: 'PUT',
    path: `/api/locations/${locationId}/energyStarToggle?isEnergyStarActive=${String(isEnergyStarActive)}`,
    entity: 'locations',
    entityId: locationId,
    change: { kind: 'patch', fields: { isEnergyStarActive } },
    ifMatch: true,
  });
}
