// Location writes through the outbox: they apply locally at once, offline too, and are replayed (with If-Match)
// when the network allows.
import { checkLocationInput } from '../../domain/locationForm';
import type { LocationInput } from '../../domain/locationForm';
import type { FieldProblems } from '../../domain/meters';
import { randomId } from '../ids';
import { enqueue, enqueuePatch } from '../outbox';
import type { RowWrite } from '../outbox';
import type { LocationRow, SiteTagRow } from '../rows';
import type { AppDb } from '../schema';
import type { OutboxEntry } from '../syncRows';

/** Sets a site's ENERGY STAR active flag locally and queues `PUT /api/locations/{id}/energyStarToggle`. */
export async function setEnergyStarActive(
  db: AppDb,
  locationId: string,
  isEnergyStarActive: boolean,
): Promise<OutboxEntry> {
  return enqueuePatch(db, {
    write: 'energyStarToggle',
    rowId: locationId,
    params: { id: locationId },
    query: { isEnergyStarActive },
  });
}

/**
 * Makes a site's tags exactly `tagIds`: one queued write of `POST /api/companies/{companyId}/site/{siteId}/associateTags`
 * whose effects are the site (the set's aggregate, whose version If-Match carries: server/src/areas/locations/tags.ts), every
 * link of the new set and the removal of every other link. New links get their final id here (docs/architecture.md §6), so
 * the change feed brings them back as the same rows. Read and queued in one transaction.
 */
export async function setSiteTags(
  db: AppDb,
  locationId: string,
  tagIds: readonly string[],
): Promise<OutboxEntry> {
  return db.transaction('rw', [db.outbox, db.meta, db.locations, db.siteTags], async () => {
    const location = await db.locations.get(locationId);
    if (!location) throw new Error(`Location ${locationId} is not in the local database`);
    const links = await db.siteTags.where('locationId').equals(locationId).toArray();
    const linkOf = new Map<string, SiteTagRow>();
    for (const link of links) if (!linkOf.has(link.tagId)) linkOf.set(link.tagId, link);
    const wanted = [...new Set(tagIds)];
    const now = new Date().toISOString();
    const kept = wanted.map(
      (tagId): SiteTagRow =>
        linkOf.get(tagId) ?? {
          id: randomId(),
          companyId: location.companyId,
          // 0 until the answer brings the server's version: no server write has it.
          version: 0,
          updatedAt: now,
          locationId,
          tagId,
        },
    );
    const keptIds = new Set(kept.map((link) => link.id));
    const effects: RowWrite[] = [
      { entity: 'locations', entityId: locationId, change: { kind: 'patch', fields: {} } },
      ...kept.map((link): RowWrite => ({
        entity: 'siteTags',
        entityId: link.id,
        change: { kind: 'put', row: { ...link } },
      })),
      ...links
        .filter((link) => !keptIds.has(link.id))
        .map((link): RowWrite => ({ entity: 'siteTags', entityId: link.id, change: { kind: 'delete' } })),
    ];
    return enqueue(db, {
      companyId: location.companyId,
      write: 'associateTags',
      params: { companyId: location.companyId, siteId: locationId },
      body: { tagIds: wanted, siteTagIds: kept.map((link) => link.id) },
      effects,
      answerRows: { location: 'locations', siteTags: 'siteTags' },
      label: `Tags of ${location.name}`,
      ifMatch: true,
    });
  });
}

/** A site queued for `POST /locations`, or the problems that kept it from being queued. */
export type AddLocationResult =
  | { ok: true; entry: OutboxEntry; locationId: string }
  | { ok: false; problems: FieldProblems<keyof LocationInput> };

/**
 * Adds a site (`POST /api/companies/{companyId}/locations`, the contract form's picker): checked with the server's
 * rule, applied locally under its final id (docs/architecture.md §6) so a contract queued after it can link it, and
 * sent before that contract since the outbox replays in order.
 */
export async function addLocation(
  db: AppDb,
  companyId: number,
  input: LocationInput,
): Promise<AddLocationResult> {
  const checked = checkLocationInput(input);
  if (!checked.ok) return { ok: false, problems: checked.problems };
  const id = randomId();
  const row: LocationRow = {
    id,
    companyId,
    // 0 until the answer brings the server's version: no server write has it.
    version: 0,
    updatedAt: new Date().toISOString(),
    ...checked.values,
    isEnergyStarActive: false,
    esPropertyId: null,
    isActive: true,
  };
  const entry = await enqueue(db, {
    companyId,
    write: 'addLocation',
    params: { companyId },
    body: { id, ...checked.values },
    entity: 'locations',
    entityId: id,
    change: { kind: 'put', row: { ...row } },
    ifMatch: false,
    label: `New location ${checked.values.name}`,
  });
  return { ok: true, entry, locationId: id };
}
