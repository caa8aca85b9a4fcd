import { beforeEach, describe, expect, it } from 'vitest';
import { saveCustomAttributes } from '../../src/db/mutations/customAttributes';
import { setEnergyStarActive, setSiteTags } from '../../src/db/mutations/locations';
import { keepMine, takeTheirs } from '../../src/db/outbox';
import { acknowledge, markConflict, nextToSend, reject } from '../../src/db/outboxReplay';
import type { LocationRow, SiteTagRow } from '../../src/db/rows';
import type { AppDb } from '../../src/db/schema';
import type { OutboxEntry } from '../../src/db/syncRows';
import { conflictSets } from '../../src/sync/syncFormat';
import { applyPage } from '../../workers/sync/apply';
import { openLocalDb } from '../helpers/localDb';
import { companyRow, locationRow } from '../helpers/localRows';

const STAMP = '2025-01-01T00:00:00Z';
const site = locationRow({ id: 'site-1', version: 7, name: 'Main St' });
const otherSite = locationRow({ id: 'site-2', version: 3 });
const link = (id: string, tagId: string, locationId = site.id, version = 5): SiteTagRow => ({
  id,
  companyId: 1,
  version,
  updatedAt: STAMP,
  locationId,
  tagId,
});
const TAG_TEXT: Record<string, string> = { east: 'East', west: 'West', north: 'North' };

let db: AppDb;

beforeEach(async () => {
  db = openLocalDb();
  await db.locations.bulkPut([site, otherSite]);
  await db.siteTags.bulkPut([
    link('l-east', 'east'),
    link('l-west', 'west'),
    link('l-other', 'east', otherSite.id),
  ]);
});

const tagsOf = async (locationId = site.id) =>
  (await db.siteTags.where('locationId').equals(locationId).toArray()).map((row) => row.tagId).sort();

/** A feed page of puts and deletes for company 1. */
function page(version: number, changes: { entity: string; row?: LocationRow | SiteTagRow; id?: string }[]) {
  return {
    changes: changes.map((change) =>
      change.row
        ? { entity: change.entity, op: 'put' as const, id: change.row.id, version, row: { ...change.row } }
        : { entity: change.entity, op: 'del' as const, id: change.id ?? '', version },
    ),
    cursor: String(version),
    hasMore: false,
  };
}

describe('a multi-row write', () => {
  it('applies every row and queues one entry in one transaction, with If-Match on its own row', async () => {
    const entry = await setSiteTags(db, site.id, ['west', 'north']);
    expect(await tagsOf()).toEqual(['north', 'west']);
    expect(await tagsOf(otherSite.id)).toEqual(['east']);
    const north = entry.effects.find(
      (effect) => effect.change.kind === 'put' && effect.change.row.tagId === 'north',
    );
    expect(entry).toMatchObject({
      method: 'POST',
      path: `/api/companies/1/site/${site.id}/associateTags`,
      body: { tagIds: ['west', 'north'], siteTagIds: ['l-west', north?.entityId] },
      baseVersion: 7,
      label: 'Tags of Main St',
      rowKeys: [
        'locations/site-1',
        'siteTags/l-west',
        `siteTags/${String(north?.entityId)}`,
        'siteTags/l-east',
      ],
    });
    expect(
      entry.effects.map((effect) => [effect.entity, effect.change.kind, effect.inverse?.id ?? null]),
    ).toEqual([
      ['locations', 'patch', 'site-1'],
      ['siteTags', 'put', 'l-west'],
      ['siteTags', 'put', null],
      ['siteTags', 'delete', 'l-east'],
    ]);
    // The site itself is only the aggregate: unchanged.
    expect(await db.locations.get(site.id)).toEqual(site);
  });

  it('changes nothing when one of its rows cannot be written', async () => {
    db.siteTags.hook('creating', () => {
      throw new Error('disk trouble');
    });
    await expect(setSiteTags(db, site.id, ['north'])).rejects.toThrow('disk trouble');
    expect(await db.outbox.count()).toBe(0);
    expect(await tagsOf()).toEqual(['east', 'west']);
  });

  it('keeps showing its rows over a pull and takes the pulled state as their server state', async () => {
    const entry = await setSiteTags(db, site.id, ['west']);
    // Someone renamed the site, re-put the east link and linked north meanwhile.
    await applyPage(
      db,
      1,
      page(9, [
        { entity: 'locations', row: { ...site, name: 'Main Street', version: 9 } },
        { entity: 'siteTags', row: link('l-east', 'east', site.id, 9) },
        { entity: 'siteTags', row: link('l-north', 'north', site.id, 9) },
      ]),
      10,
    );
    // Mine for the rows I touched (east stays removed), the feed for the rest.
    expect(await tagsOf()).toEqual(['north', 'west']);
    expect((await db.locations.get(site.id))?.name).toBe('Main Street');
    const stored = await db.outbox.get(entry.seq);
    expect(stored?.effects.map((effect) => effect.inverse?.version ?? null)).toEqual([9, 5, 9]);
    expect(stored?.baseVersion).toBe(7);
  });

  it('takes each answered row as its server state; a touched row the answer leaves out is gone', async () => {
    const entry = await setSiteTags(db, site.id, ['west', 'north']);
    const later = await setEnergyStarActive(db, site.id, true);
    const mine = entry.effects[2]?.entityId;
    // The server already had north under its own link (someone added it meanwhile; the client kept its set).
    await acknowledge(db, entry.seq, {
      message: 'Tags associated successfully!',
      location: { ...site, version: 12 },
      siteTags: [link('l-west', 'west'), link('l-north-server', 'north', site.id, 12)],
    });
    expect(await db.siteTags.get(String(mine))).toBeUndefined();
    expect(await tagsOf()).toEqual(['north', 'west']);
    // The later write of the site is rebased on the answered version, and still shows.
    expect(await db.outbox.get(later.seq)).toMatchObject({ baseVersion: 12 });
    expect(await db.locations.get(site.id)).toMatchObject({ version: 12, isEnergyStarActive: true });
    expect(await db.outbox.count()).toBe(1);
  });

  it('holds later writes of its rows on a conflict, shows both sets and resolves either way', async () => {
    const entry = await setSiteTags(db, site.id, ['west', 'north']);
    const sameSite = await setEnergyStarActive(db, site.id, true);
    const elsewhere = await setEnergyStarActive(db, otherSite.id, true);
    const current = {
      location: { ...site, version: 10 },
      siteTags: [link('l-east', 'east'), link('l-south', 'south', site.id, 10)],
    };
    await markConflict(db, entry.seq, current, 'The item was changed by someone else');
    expect(await tagsOf()).toEqual(['north', 'west']);
    expect(await nextToSend(db, 1)).toMatchObject({ seq: elsewhere.seq });
    const conflicted = (await db.outbox.get(entry.seq)) as OutboxEntry;
    expect(conflicted.conflict?.theirs).toMatchObject({ id: site.id, version: 10 });
    const labels: Record<string, string> = { ...TAG_TEXT, south: 'South' };
    expect(
      conflictSets(conflicted, (entity, row) =>
        entity === 'siteTags' ? (labels[String(row.tagId)] ?? null) : null,
      ),
    ).toEqual([{ field: 'Tags', mine: 'North, West', theirs: 'East, South' }]);

    await keepMine(db, entry.seq);
    expect(await db.outbox.get(entry.seq)).toMatchObject({ status: 'pending', baseVersion: 10 });
    expect(await db.outbox.get(sameSite.seq)).toMatchObject({ baseVersion: 10 });
    expect(await tagsOf()).toEqual(['north', 'west']);

    await markConflict(db, entry.seq, { ...current, location: { ...site, version: 11 } }, 'again');
    await takeTheirs(db, entry.seq);
    // Back to the server's rows for the rows I touched: east (west was the server's too until a pull says not).
    expect(await tagsOf()).toEqual(['east', 'west']);
    expect(await db.locations.get(site.id)).toMatchObject({ version: 11, isEnergyStarActive: true });
    expect(await nextToSend(db, 1)).toMatchObject({ seq: sameSite.seq, baseVersion: 11 });
  });

  it('rolls every row back when rejected, and the queue goes on', async () => {
    await db.companies.put(companyRow({ id: 1, name: 'Alpha' }));
    await db.customAttributes.bulkPut([
      { id: 'attr-1', companyId: 1, version: 2, updatedAt: STAMP, attributeName: 'Region', position: 0 },
      { id: 'attr-2', companyId: 1, version: 2, updatedAt: STAMP, attributeName: 'Format', position: 1 },
    ]);
    await db.locationAttributeValues.bulkPut([
      {
        id: 'v-1',
        companyId: 1,
        version: 2,
        updatedAt: STAMP,
        locationId: site.id,
        attributeId: 'attr-2',
        value: 'Big',
      },
    ]);
    const before = {
      attributes: await db.customAttributes.toArray(),
      values: await db.locationAttributeValues.toArray(),
    };
    const entry = await saveCustomAttributes(db, 1, [
      { attributeName: 'District' },
      { id: 'attr-1', attributeName: ' Area ' },
    ]);
    const later = await setSiteTags(db, site.id, []);
    expect(
      (await db.customAttributes.toArray())
        .sort((a, b) => a.position - b.position)
        .map((row) => row.attributeName),
    ).toEqual(['District', 'Area']);
    expect(await db.locationAttributeValues.count()).toBe(0);
    expect(entry.baseVersion).toBe(1);

    await reject(db, entry.seq, 400, 'Some custom attributes are not valid');
    expect(await db.customAttributes.toArray()).toEqual(before.attributes);
    expect(await db.locationAttributeValues.toArray()).toEqual(before.values);
    expect(await db.outbox.get(entry.seq)).toMatchObject({ status: 'rejected' });
    // Another row set's write is untouched and goes next.
    expect(await tagsOf()).toEqual([]);
    expect(await nextToSend(db, 1)).toMatchObject({ seq: later.seq });
  });
});

describe('entries queued before schema version 3', () => {
  it('become one-effect entries that replay, answer and roll back as before', async () => {
    const { IDBFactory, IDBKeyRange } = await import('fake-indexeddb');
    const { Dexie } = await import('dexie');
    const { AppDb: Db, SCHEMA_VERSIONS } = await import('../../src/db/schema');
    const factory = new IDBFactory();
    const name = `upgrade-${Math.random()}`;
    const old = new Dexie(name, { indexedDB: factory, IDBKeyRange });
    for (const { version, stores } of SCHEMA_VERSIONS.filter((entry) => entry.version <= 2))
      old.version(version).stores(stores);
    const toggled: LocationRow = { ...site, isEnergyStarActive: true };
    await old.table('locations').put(toggled);
    const queued = {
      mutationId: 1,
      companyId: 1,
      method: 'PUT',
      path: `/api/locations/${site.id}/energyStarToggle?isEnergyStarActive=true`,
      body: null,
      entity: 'locations',
      entityId: site.id,
      change: { kind: 'patch', fields: { isEnergyStarActive: true } },
      baseVersion: 7,
      inverse: site,
      status: 'pending',
      attempts: 0,
      lastError: null,
      createdAt: STAMP,
    };
    await old
      .table('outbox')
      .bulkAdd([queued, { ...queued, mutationId: 2, status: 'conflict', conflict: { theirs: null } }]);
    old.close();

    const upgraded = new Db(name, { indexedDB: factory, IDBKeyRange });
    const [first, second] = await upgraded.outbox.orderBy('seq').toArray();
    expect(first).toEqual({
      ...Object.fromEntries(
        Object.entries(queued).filter(([key]) => !['entity', 'entityId', 'change', 'inverse'].includes(key)),
      ),
      seq: 1,
      effects: [{ entity: 'locations', entityId: site.id, change: queued.change, inverse: site }],
      rowKeys: [`locations/${site.id}`],
    });
    expect(second).toMatchObject({
      status: 'conflict',
      conflict: { theirs: null },
      rowKeys: [`locations/${site.id}`],
    });
    // The queue works on them: the first goes, is acknowledged, and the conflict rolls back when taken theirs.
    expect(await nextToSend(upgraded, 1)).toMatchObject({ seq: 1 });
    await acknowledge(upgraded, 1, { ...toggled, version: 8 });
    await takeTheirs(upgraded, 2);
    expect(await upgraded.locations.get(site.id)).toMatchObject({ version: 8, isEnergyStarActive: true });
    expect(await upgraded.outbox.count()).toBe(0);
    upgraded.close();
  });
});
