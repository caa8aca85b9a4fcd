import { beforeEach, describe, expect, it } from 'vitest';
import {
  addOpenCloseNote,
  changeOpenCloseStatus,
  createOpenCloseRequests,
  updateOpenCloseRequest,
} from '../../src/db/mutations/openClose';
import { acknowledge, reject } from '../../src/db/outboxReplay';
import { openCloseDetail, openCloseList } from '../../src/db/queries/openClose';
import type { OpenCloseEventRow, OpenCloseRequestRow } from '../../src/db/rows';
import type { AppDb } from '../../src/db/schema';
import { openLocalDb } from '../helpers/localDb';
import { accountRow, locationRow } from '../helpers/localRows';

const STAMP = '2026-02-01T09:00:00.000Z';
const CLIENT = { userId: 7, roles: { isConsultant: false } };
const CONSULTANT = { userId: 2, roles: { isConsultant: true } };
const DETAILS = {
  turnoverDate: '2026-05-01',
  storeOpenDate: '2026-06-01',
  storeCloseDate: '',
  contactName: 'Ana Ruiz',
  contactPhone: '(512) 555-0147',
  contactEmail: '',
};

function requestRow(values: Partial<OpenCloseRequestRow> & { id: string }): OpenCloseRequestRow {
  return {
    companyId: 1,
    version: 5,
    updatedAt: STAMP,
    locationId: 'l-1',
    accountId: null,
    serviceType: 'electric',
    isOpen: true,
    accountStatus: 0,
    turnoverDate: '2026-05-01',
    storeOpenDate: '2026-06-01',
    storeCloseDate: null,
    requestedBy: 7,
    requestedByName: 'Owen Nakamura',
    contactName: 'Ana Ruiz',
    contactPhone: '(512) 555-0147',
    contactEmail: null,
    createdAt: STAMP,
    ...values,
  };
}

let db: AppDb;

beforeEach(async () => {
  db = openLocalDb();
  await db.locations.bulkPut([
    locationRow({ id: 'l-1', name: 'Clinic 12', city: 'Austin', state: 'TX' }),
    locationRow({ id: 'l-2', name: 'Clinic 3' }),
  ]);
  await db.accounts.bulkPut([
    accountRow({ id: 'a-1', locationId: 'l-1', accountNumber: '4410-22', services: 'electric,water' }),
  ]);
  await db.openCloseRequests.bulkPut([
    requestRow({ id: 'r-old', createdAt: '2026-01-01T09:00:00.000Z', locationId: 'l-2' }),
    requestRow({
      id: 'r-new',
      isOpen: false,
      accountId: 'a-1',
      storeOpenDate: null,
      storeCloseDate: '2026-06-01',
    }),
    requestRow({ id: 'r-done', accountStatus: 3, createdAt: '2025-12-01T09:00:00.000Z' }),
  ]);
});

describe('createOpenCloseRequests', () => {
  it('makes one request per service under ids made here and queues one POST whose answer carries them', async () => {
    const result = await createOpenCloseRequests(
      db,
      1,
      true,
      {
        ...DETAILS,
        locationId: 'l-1',
        services: [
          { serviceType: 'electric', accountId: null },
          { serviceType: 'natural_gas', accountId: null },
        ],
      },
      CLIENT,
    );
    if (!result.ok) throw new Error('expected the request to be queued');
    const [electric, gas] = result.requestIds;
    const rows = await db.openCloseRequests.bulkGet(result.requestIds);
    expect(rows).toEqual([
      expect.objectContaining({
        id: electric,
        serviceType: 'electric',
        accountStatus: 0,
        version: 0,
        requestedBy: 7,
      }),
      expect.objectContaining({ id: gas, serviceType: 'natural_gas', isOpen: true, storeCloseDate: null }),
    ]);
    expect(result.entry).toMatchObject({
      method: 'POST',
      path: '/api/OpenAccounts',
      body: {
        locationId: 'l-1',
        services: [
          { id: electric, serviceType: 'electric', accountId: null },
          { id: gas, serviceType: 'natural_gas', accountId: null },
        ],
        storeOpenDate: '2026-06-01',
        contactEmail: null,
      },
      answerRows: { requests: 'openCloseRequests', events: 'openCloseEvents' },
      label: 'Open request: Electricity, Natural Gas at Clinic 12',
      baseVersion: null,
    });

    // The server's answer replaces the rows in place and brings their history.
    const served = (rows as OpenCloseRequestRow[]).map((row) => ({
      ...row,
      version: 41,
      requestedByName: 'Owen Nakamura',
    }));
    const events: OpenCloseEventRow[] = served.map((row) => ({
      id: `e-${row.id}`,
      companyId: 1,
      version: 41,
      updatedAt: STAMP,
      requestId: row.id,
      kind: 'created',
      fromStatus: null,
      toStatus: null,
      fields: null,
      createdBy: 7,
      createdByName: 'Owen Nakamura',
      createdAt: STAMP,
    }));
    await acknowledge(db, result.entry.seq, { requests: served, events });
    expect(await db.openCloseRequests.get(electric ?? '')).toMatchObject({
      version: 41,
      requestedByName: 'Owen Nakamura',
    });
    expect(
      await db.openCloseEvents
        .where('requestId')
        .equals(gas ?? '')
        .count(),
    ).toBe(1);
    expect(await db.outbox.count()).toBe(0);
  });

  it('closes an account of the site, and refuses what the server would refuse without queueing', async () => {
    const closing = await createOpenCloseRequests(
      db,
      1,
      false,
      {
        ...DETAILS,
        storeOpenDate: '',
        storeCloseDate: '2026-04-01',
        turnoverDate: '2026-04-08',
        locationId: 'l-1',
        services: [{ serviceType: 'water', accountId: 'a-1' }],
      },
      CLIENT,
    );
    expect(closing).toMatchObject({ ok: true, entry: { path: '/api/CloseAccounts' } });
    const refused = await createOpenCloseRequests(
      db,
      1,
      false,
      { ...DETAILS, locationId: 'l-1', services: [{ serviceType: 'natural_gas', accountId: 'a-1' }] },
      CLIENT,
    );
    expect(refused).toEqual({
      ok: false,
      problems: {
        storeCloseDate: 'is required',
        storeOpenDate: 'is only for an opening request',
        services: 'Natural Gas is not a service of an active account at this site',
      },
    });
    expect(await db.outbox.count()).toBe(1);
  });

  it('removes the requests again when the server refuses them', async () => {
    const result = await createOpenCloseRequests(
      db,
      1,
      true,
      { ...DETAILS, locationId: 'l-1', services: [{ serviceType: 'water', accountId: null }] },
      CLIENT,
    );
    if (!result.ok) throw new Error('expected the request to be queued');
    await reject(db, result.entry.seq, 403, 'You do not have access to this area');
    expect(await db.openCloseRequests.bulkGet(result.requestIds)).toEqual([undefined]);
  });
});

describe('changeOpenCloseStatus', () => {
  it('patches the status for a consultant and queues it with the request’s version', async () => {
    const result = await changeOpenCloseStatus(db, 'r-old', 1, CONSULTANT);
    expect(result).toMatchObject({
      ok: true,
      entry: {
        method: 'PUT',
        path: '/api/changeOpenCloseStatus',
        body: { id: 'r-old', accountStatus: 1 },
        baseVersion: 5,
      },
    });
    expect(await db.openCloseRequests.get('r-old')).toMatchObject({ accountStatus: 1 });
  });

  it('refuses clients and moves the workflow does not allow', async () => {
    expect(await changeOpenCloseStatus(db, 'r-old', 1, CLIENT)).toEqual({
      ok: false,
      problems: { accountStatus: 'is changed by consultants only' },
    });
    expect(await changeOpenCloseStatus(db, 'r-done', 1, CONSULTANT)).toEqual({
      ok: false,
      problems: { accountStatus: 'cannot move from Done to In Progress' },
    });
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('updateOpenCloseRequest', () => {
  it('patches dates and contact as the server stores them', async () => {
    const result = await updateOpenCloseRequest(db, 'r-old', {
      ...DETAILS,
      contactEmail: ' ana@summit.demo ',
    });
    expect(result).toMatchObject({
      ok: true,
      entry: { path: '/api/updateOpenCloseAccount', baseVersion: 5 },
    });
    expect(await db.openCloseRequests.get('r-old')).toMatchObject({ contactEmail: 'ana@summit.demo' });
  });

  it('keeps a done request as it is', async () => {
    expect(await updateOpenCloseRequest(db, 'r-done', DETAILS)).toEqual({
      ok: false,
      problems: { id: 'is done and can no longer be edited' },
    });
  });
});

describe('addOpenCloseNote', () => {
  it('adds the note under an id made here, shown in the request’s detail as queued', async () => {
    const result = await addOpenCloseNote(db, 'r-new', '  Keys handed over. ', CLIENT);
    if (!result.ok) throw new Error('expected the note to be queued');
    expect(result.entry).toMatchObject({
      method: 'POST',
      path: '/api/AddAccountNotes',
      body: { id: result.noteId, requestId: 'r-new', note: 'Keys handed over.' },
      baseVersion: null,
    });
    const detail = await openCloseDetail(db, 'r-new');
    expect(detail?.notes.map((note) => note.note)).toEqual(['Keys handed over.']);
    expect(detail?.queued).toEqual({ [`openCloseNotes:${result.noteId}`]: 'pending' });
    expect(detail?.account?.accountNumber).toBe('4410-22');
  });

  it('refuses a blank note', async () => {
    expect(await addOpenCloseNote(db, 'r-new', '  ', CLIENT)).toEqual({
      ok: false,
      problems: { note: 'must not be blank' },
    });
  });
});

describe('openCloseList', () => {
  it('lists newest first, with site and account, and marks requests with queued writes', async () => {
    await changeOpenCloseStatus(db, 'r-old', 2, CONSULTANT);
    const rows = await openCloseList(db, 1);
    expect(rows.map((row) => [row.id, row.locationName, row.accountNumber, row.queued])).toEqual([
      ['r-new', 'Clinic 12', '4410-22', undefined],
      ['r-old', 'Clinic 3', null, 'pending'],
      ['r-done', 'Clinic 12', null, undefined],
    ]);
    expect(await openCloseList(db, 2)).toEqual([]);
    expect(await openCloseDetail(db, 'nope')).toBeNull();
  });
});
