// A device holds only what its user may read (docs/architecture.md §4): when access changes — a company flag switched
// off, a consultant's grant removed — a device that already synced loses those rows at its next sync, gets them back
// in full when access returns, and its queued writes for the closed area are answered, not lost.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies, consultantCompanyAccess } from '../../server/src/db/schema';
import { bumpCompanyVersion } from '../../server/src/sync/versioning';
import { addEsNote } from '../../src/db/mutations/energyStar';
import type { AppDb } from '../../src/db/schema';
import { insertAlert } from '../helpers/alertWorld';
import { worldTokens } from '../helpers/companyWorld';
import type { RoleName } from '../helpers/companyWorld';
import { grantCompany } from '../helpers/fixtures';
import { engineFor, localSnapshot, openLocalDb, useSyncBench } from '../helpers/syncHarness';
import type { SyncBench } from '../helpers/syncHarness';

let bench: SyncBench;
useSyncBench((started) => {
  bench = started;
});

async function setFlag(companyId: number, flags: Partial<typeof companies.$inferInsert>): Promise<void> {
  await bench.server.db.transaction(async (tx) => {
    const version = await bumpCompanyVersion(tx, companyId);
    await tx
      .update(companies)
      .set({ ...flags, version })
      .where(eq(companies.id, companyId));
  });
}

/** A device of one world user, synced with company A. */
async function deviceOf(role: RoleName, db: AppDb = openLocalDb()) {
  const tokens = await worldTokens(bench.server.config, bench.world);
  const { engine, events } = engineFor(bench, db, { getToken: () => tokens[role], pageSize: 1000 });
  await engine.syncNow(bench.world.a.id);
  return { db, engine, events };
}

describe('access changes reach devices already synced', { timeout: 30_000 }, () => {
  it('drops the alerts when the company’s alerts are switched off and brings all of them back when on again', async () => {
    const { a } = bench.world;
    await setFlag(a.id, { alertsAccess: true });
    const alert = await insertAlert(bench.server.db, a);
    const { db, engine } = await deviceOf('client');
    expect(await db.alerts.get(alert.id)).toBeDefined();

    await setFlag(a.id, { alertsAccess: false });
    await engine.syncNow(a.id);
    expect(await db.alerts.where('companyId').equals(a.id).count()).toBe(0);
    expect(await db.locations.get(a.locationId)).toBeDefined();

    await setFlag(a.id, { alertsAccess: true });
    await engine.syncNow(a.id);
    expect(await db.alerts.get(alert.id)).toBeDefined();
    // What a new device of the same user pulls now.
    const fresh = await deviceOf('client');
    expect(await localSnapshot(db, a.id)).toEqual(await localSnapshot(fresh.db, a.id));
    await engine.stop();
    await fresh.engine.stop();
  });

  it('answers a write queued for an area that closed before it was sent, and drops the area', async () => {
    const { a } = bench.world;
    await setFlag(a.id, { energyStarAccess: true });
    const { db, engine, events } = await deviceOf('client');
    const written = await addEsNote(db, a.locationId, 'Boiler replaced in March');
    if (!written.ok) throw new Error(written.problem);

    await setFlag(a.id, { energyStarAccess: false });
    await engine.syncNow(a.id);
    const entry = await db.outbox.get(written.entry.seq);
    expect(entry).toMatchObject({ status: 'rejected', rejection: { status: 403 } });
    expect(events).toContainEqual(expect.objectContaining({ type: 'rejected', seq: written.entry.seq }));
    expect(await db.energyStarNotes.get(written.id)).toBeUndefined();
    await engine.stop();
    await setFlag(a.id, { energyStarAccess: true });
  });

  it('clears the company from a consultant’s device when the grant is removed', async () => {
    const { a } = bench.world;
    const consultant = bench.world.users.consultant;
    const { db, engine } = await deviceOf('consultant');
    expect(await db.locations.where('companyId').equals(a.id).count()).toBeGreaterThan(0);

    await bench.server.db
      .delete(consultantCompanyAccess)
      .where(
        and(eq(consultantCompanyAccess.userId, consultant.id), eq(consultantCompanyAccess.companyId, a.id)),
      );
    await engine.syncNow(a.id);
    const left = await localSnapshot(db, a.id);
    expect(Object.values(left).flat()).toEqual([]);
    expect(await db.syncState.get(a.id)).toMatchObject({ errorCode: 'unreachable' });
    await engine.stop();
    await grantCompany(bench.server.db, consultant.id, a.id);
  });
});
