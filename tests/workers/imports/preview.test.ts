// The import worker's check of a file against the device's accounts and bills (workers/imports/api.ts), on a real
// Dexie database (fake-indexeddb): a large file whose every row names an unknown account has each row in error once,
// and a second check of the same file gives the same answer.
import 'fake-indexeddb/auto';
import { afterAll, describe, expect, it } from 'vitest';
import { openAppDb } from '../../../src/db/schema';
import { api } from '../../../workers/imports/api';
import { accountRow, billRow, locationRow } from '../../helpers/localRows';

const USER = 90_511;
const db = openAppDb(USER);
const encoder = new TextEncoder();

afterAll(async () => {
  db.close();
  await db.delete();
});

const HEADERS = 'Account #,Utility,Service,Service Start,Service End,kWh,Total Charges';

describe('the import worker’s check', () => {
  it('lists every row of a 20,000-row file naming unknown accounts', async () => {
    await db.locations.put(locationRow({ id: 'loc-1' }));
    await db.accounts.put(accountRow({ id: 'acc-1', locationId: 'loc-1', accountNumber: 'A-1' }));
    api.open(USER);
    const rows = Array.from(
      { length: 20_000 },
      (_, i) => `NO-SUCH-${i},Bright Power,Electric,2001-01-01,2001-01-31,100,10`,
    );
    await api.read('unknown.csv', encoder.encode([HEADERS, ...rows].join('\n')), 'bills');
    const preview = await api.preview({ companyId: 1 });
    expect(preview.errorCount).toBe(20_000);
    expect(preview.errorRows).toBe(20_000);
    expect(preview.bills).toBe(0);
  }, 120_000);

  it('finds the bills present on a second check with the same file', async () => {
    await db.bills.put(
      billRow({
        id: 'bill-1',
        accountId: 'acc-1',
        locationId: 'loc-1',
        billMonth: '2001-01',
        readDateFrom: '2001-01-01',
        readDateTo: '2001-01-31',
        vendorName: 'Bright Power',
        totalNewCharges: 10,
        services: [
          { serviceType: 'electric', charges: 10, usage: 100, unit: 'kWh', demandKw: null, taxesFees: 0 },
        ],
      }),
    );
    const file = [HEADERS, 'A-1,Bright Power,Electric,2001-01-01,2001-01-31,100,10'].join('\n');
    await api.read('present.csv', encoder.encode(file), 'bills');
    const first = await api.preview({ companyId: 1 });
    expect(first).toMatchObject({ bills: 0, duplicates: 1, errorCount: 0 });
    const again = await api.preview({ companyId: 1, mapping: first.mapping ?? undefined });
    expect(again).toMatchObject({ bills: 0, duplicates: 1, errorCount: 0 });
  });

  it('finds the bills present on every account the file names, in one read', async () => {
    await db.accounts.bulkPut([
      accountRow({ id: 'acc-2', locationId: 'loc-1', accountNumber: 'A-2' }),
      accountRow({ id: 'acc-3', locationId: 'loc-1', accountNumber: 'A-3' }),
    ]);
    const bill = (id: string, accountId: string, month: string) =>
      billRow({
        id,
        accountId,
        locationId: 'loc-1',
        billMonth: month,
        readDateFrom: `${month}-01`,
        readDateTo: `${month}-28`,
        vendorName: 'Bright Power',
        totalNewCharges: 10,
        services: [
          { serviceType: 'electric', charges: 10, usage: 100, unit: 'kWh', demandKw: null, taxesFees: 0 },
        ],
      });
    // A-1's January bill (the test before) and A-2's February bill are in the file; A-2's March bill is not, and A-3
    // is an account the file does not name.
    await db.bills.bulkPut([
      bill('bill-2', 'acc-2', '2001-02'),
      bill('bill-3', 'acc-2', '2001-03'),
      bill('bill-4', 'acc-3', '2001-02'),
    ]);
    const file = [
      HEADERS,
      'A-1,Bright Power,Electric,2001-01-01,2001-01-31,100,10',
      'A-2,Bright Power,Electric,2001-02-01,2001-02-28,100,10',
      'A-2,Bright Power,Electric,2001-04-01,2001-04-28,100,10',
    ].join('\n');
    await api.read('two-accounts.csv', encoder.encode(file), 'bills');
    const preview = await api.preview({ companyId: 1 });
    expect(preview).toMatchObject({ bills: 1, duplicates: 2, errorCount: 0 });
  });
});
