import { beforeEach, describe, expect, it } from 'vitest';
import { addMeter, updateMeterEsiId } from '../../src/db/mutations/meters';
import { reject } from '../../src/db/outboxReplay';
import type { AppDb } from '../../src/db/schema';
import { openLocalDb } from '../helpers/localDb';
import { accountRow, locationRow, meterRow } from '../helpers/localRows';

const ESI_17 = '10443720123456789';
let db: AppDb;

beforeEach(async () => {
  db = openLocalDb();
  await db.locations.bulkPut([
    locationRow({ id: 'l-tx', state: 'TX', city: 'Austin', zip: '78701' }),
    locationRow({ id: 'l-ok', state: 'OK' }),
  ]);
  await db.accounts.bulkPut([
    accountRow({ id: 'a-tx', locationId: 'l-tx' }),
    accountRow({ id: 'a-ok', locationId: 'l-ok', serviceState: 'TX' }),
  ]);
  await db.meters.put(meterRow({ id: 'm-1', accountId: 'a-tx', meterNumber: 'E-1', version: 7 }));
});

describe('addMeter', () => {
  it('creates the meter under a client-made id and queues addMeterRecord with that id, without If-Match', async () => {
    const result = await addMeter(db, 'a-tx', {
      meterNumber: ' E-2 ',
      meterService: 'Electric',
      esiId: ESI_17,
    });
    if (!result.ok) throw new Error('expected the meter to be queued');
    const meter = await db.meters.get(result.meterId);
    expect(meter).toMatchObject({
      accountId: 'a-tx',
      meterNumber: 'E-2',
      meterService: 'electric',
      esiId: ESI_17,
      serviceCity: 'Austin',
      serviceState: 'TX',
      serviceZip: '78701',
      companyId: 1,
    });
    expect(result.entry).toMatchObject({
      method: 'POST',
      path: '/api/accounts/addMeterRecord',
      body: {
        id: result.meterId,
        accountId: 'a-tx',
        meterNumber: 'E-2',
        meterService: 'electric',
        esiId: ESI_17,
      },
      effects: [{ entity: 'meters', entityId: result.meterId }],
      baseVersion: null,
      status: 'pending',
    });
  });

  it('refuses what the server would refuse, and queues nothing', async () => {
    const result = await addMeter(db, 'a-tx', { meterNumber: 'e-1', meterService: 'electric', esiId: '123' });
    expect(result).toEqual({
      ok: false,
      problems: {
        meterNumber: 'meter e-1 already exists on this account',
        esiId: 'must be an ERCOT ESI ID of 17 or 22 digits in Texas',
      },
    });
    expect(await db.outbox.count()).toBe(0);
  });

  it('checks against the account’s own service state before its location’s', async () => {
    expect(
      await addMeter(db, 'a-ok', { meterNumber: 'W-1', meterService: 'water', esiId: 'CUST-1' }),
    ).toMatchObject({ ok: false });
  });

  it('rolls the meter back when the server rejects it', async () => {
    const result = await addMeter(db, 'a-tx', { meterNumber: 'E-3', meterService: 'electric', esiId: '' });
    if (!result.ok) throw new Error('expected the meter to be queued');
    await reject(
      db,
      result.entry.seq,
      400,
      'Some fields are not valid: meter E-3 already exists on this account',
    );
    expect(await db.meters.get(result.meterId)).toBeUndefined();
    expect(await db.outbox.get(result.entry.seq)).toMatchObject({
      status: 'rejected',
      rejection: { status: 400 },
    });
  });

  it('throws for an account that is not on the device', async () => {
    await expect(
      addMeter(db, 'nope', { meterNumber: 'X', meterService: 'electric', esiId: '' }),
    ).rejects.toThrow('not in the local database');
  });
});

describe('updateMeterEsiId', () => {
  it('patches the meter and queues updateEsiIdSubAddress with the meter’s version', async () => {
    const result = await updateMeterEsiId(db, 'm-1', {
      esiId: ESI_17,
      subAddress: ' Suite 4 ',
      serviceCity: 'Austin',
      serviceState: 'tx',
      serviceZip: '787011234',
    });
    if (!result.ok) throw new Error('expected the update to be queued');
    const values = {
      esiId: ESI_17,
      subAddress: 'Suite 4',
      serviceCity: 'Austin',
      serviceState: 'TX',
      serviceZip: '78701-1234',
    };
    expect(await db.meters.get('m-1')).toMatchObject(values);
    expect(result.entry).toMatchObject({
      method: 'PUT',
      path: '/api/updateEsiIdSubAddress',
      body: { id: 'm-1', ...values },
      baseVersion: 7,
    });
  });

  it('refuses a Texas esiId of the wrong length, queueing nothing', async () => {
    const result = await updateMeterEsiId(db, 'm-1', {
      esiId: '1234',
      subAddress: '',
      serviceCity: '',
      serviceState: '',
      serviceZip: '',
    });
    expect(result).toEqual({
      ok: false,
      problems: { esiId: 'must be an ERCOT ESI ID of 17 or 22 digits in Texas' },
    });
    expect(await db.outbox.count()).toBe(0);
  });

  it('throws for a meter that is not on the device', async () => {
    await expect(
      updateMeterEsiId(db, 'nope', {
        esiId: '',
        subAddress: '',
        serviceCity: '',
        serviceState: '',
        serviceZip: '',
      }),
    ).rejects.toThrow('not in the local database');
  });
});
