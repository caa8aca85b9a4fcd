import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  accountDetail,
  accountListRows,
  accountsOverview,
  businessUnitsOnDevice,
  toAccountListRows,
} from '../../src/db/queries/accountPages';
import { setAccountNickname } from '../../src/db/mutations/accounts';
import type { AccountRow } from '../../src/db/rows';
import type { AppDb } from '../../src/db/schema';
import { twelveMonthTotals } from '../../src/domain/totals';
import { openLocalDb } from '../helpers/localDb';
import { accountRow, alertRow, billRow, companyRow, locationRow, meterRow } from '../helpers/localRows';

let db: AppDb;

beforeEach(async () => {
  db = openLocalDb();
  await db.locations.bulkPut([
    locationRow({ id: 'l-austin', name: 'Austin Store', address: '9 Congress Ave', state: 'TX' }),
    locationRow({
      id: 'l-tulsa',
      name: 'Tulsa Store',
      address: '4 Main St',
      city: 'Tulsa',
      state: 'OK',
      zip: '74103',
    }),
    locationRow({ id: 'l-other', companyId: 2, name: 'Elsewhere' }),
  ]);
  await db.accounts.bulkPut([
    accountRow({
      id: 'a-tx',
      locationId: 'l-austin',
      accountNumber: '200',
      esiId: '10443720123456789',
      serviceAddress: '9 Congress Ave Ste 1',
    }),
    accountRow({
      id: 'a-ok',
      locationId: 'l-tulsa',
      accountNumber: '100',
      esiId: 'CUST-9',
      meterCustomerNumbers: 'M-1',
      services: 'water,sewer',
    }),
    accountRow({ id: 'a-ok2', locationId: 'l-tulsa', accountNumber: '050', serviceCity: 'Broken Arrow' }),
    accountRow({ id: 'a-foreign', companyId: 2, locationId: 'l-other' }),
  ]);
  await db.meters.bulkPut([
    meterRow({ id: 'm-2', accountId: 'a-tx', meterNumber: 'E-2' }),
    meterRow({ id: 'm-1', accountId: 'a-tx', meterNumber: 'E-1' }),
  ]);
});

describe('accountListRows', () => {
  it('joins locations and meters, normalizes each row and orders by location, then account number', async () => {
    const rows = await accountListRows(db, [1]);
    expect(rows.map((row) => row.id)).toEqual(['a-tx', 'a-ok2', 'a-ok']);
    const [tx, ok2, ok] = rows;
    expect(tx).toMatchObject({
      serviceAddress: '9 Congress Ave Ste 1',
      esiId: '10443720123456789',
      meterNumber: 'E-1, E-2',
      meterCount: 2,
      locationState: 'TX',
      locationName: 'Austin Store',
      vendorName: 'Bright Power',
    });
    // Outside Texas the esiId is a meter/customer number (second spec document §5); the address falls back.
    expect(ok).toMatchObject({
      esiId: '',
      meterCustomerNumbers: 'M-1, CUST-9',
      serviceAddress: '4 Main St',
      serviceCity: 'Tulsa',
      serviceZip: '74103',
      meterNumber: null,
    });
    expect(ok2).toMatchObject({ serviceCity: 'Broken Arrow', serviceState: 'OK' });
  });

  it('reads several companies at once (a parent with its business units) and never another company', async () => {
    expect(await accountListRows(db, [1])).toHaveLength(3);
    expect((await accountListRows(db, [1, 2])).map((row) => row.id)).toContain('a-foreign');
    expect(await accountListRows(db, [])).toEqual([]);
  });

  it('keeps fields this client does not know as extras for the hidden columns', () => {
    const future = { ...accountRow({ id: 'a-new', locationId: 'l-austin' }), region: 'South' };
    const [row] = toAccountListRows([future], [], []);
    expect(row?.extra).toEqual({ region: 'South' });
    expect(row?.locationName).toBeNull();
  });

  it('gives an account stored before vendor names were synced a null vendor (N/A), not an extra column', async () => {
    const { vendorName: _dropped, ...stored } = accountRow({ id: 'a-old', locationId: 'l-austin' });
    await db.accounts.put(stored as AccountRow);
    const row = (await accountListRows(db, [1])).find((candidate) => candidate.id === 'a-old');
    expect(row?.vendorName).toBeNull();
    expect(row?.extra).toEqual({});
  });

  it('shows a nickname edit at once, before it is sent', async () => {
    await setAccountNickname(db, 'a-ok', '  Tulsa water ');
    const rows = await accountListRows(db, [1]);
    expect(rows.find((row) => row.id === 'a-ok')?.nickname).toBe('Tulsa water');
  });
});

describe('accountsOverview', () => {
  const options = { contracts: true, today: '2025-03-01' };

  it('is empty without bills', async () => {
    expect(await accountsOverview(db, 1, options)).toEqual({ totals: [], attention: [] });
  });

  it('reads the latest 12 bill months and gathers the attention rule’s rows', async () => {
    const months = Array.from({ length: 14 }, (_, i) => `2024-${String((i % 12) + 1).padStart(2, '0')}`).map(
      (m, i) => (i >= 12 ? `2025-${m.slice(5)}` : m),
    );
    await db.bills.bulkPut(
      months.map((billMonth, i) =>
        billRow({ id: `b-${i}`, accountId: 'a-tx', locationId: 'l-austin', billMonth }, 10),
      ),
    );
    await db.bills.put(
      billRow({
        id: 'b-missing',
        accountId: 'a-ok',
        locationId: 'l-tulsa',
        billMonth: '2025-01',
        isInvoiceMissing: true,
        services: [],
        totalNewCharges: 0,
      }),
    );
    await db.bills.put(
      billRow(
        {
          id: 'b-foreign',
          companyId: 2,
          accountId: 'a-foreign',
          locationId: 'l-other',
          billMonth: '2025-02',
        },
        999,
      ),
    );
    await db.alerts.bulkPut([
      alertRow({
        id: 'al-1',
        accountId: 'a-tx',
        locationId: 'l-austin',
        billId: 'b-13',
        billMonth: '2025-02',
        lateFee: 25,
      }),
      alertRow({
        id: 'al-closed',
        accountId: 'a-tx',
        locationId: 'l-austin',
        billId: 'b-13',
        billMonth: '2025-02',
        lateFee: 25,
        status: 'closed',
      }),
    ]);
    const overview = await accountsOverview(db, 1, options);
    // 2024-03 … 2025-02: twelve months of $10 from account a-tx; the other company's bill is not read.
    expect(twelveMonthTotals(overview.totals).charges).toBe(120);
    const items = overview.attention;
    expect(items.map((item) => item.id)).toEqual(['missingInvoice:b-missing', 'billAnomaly:al-1']);
    expect(items[0]?.text).toBe('Missing invoice: Water account 100 at Tulsa Store, Jan 2025');
  });
});

describe('accountDetail', () => {
  it('answers null for an account not on the device', async () => {
    expect(await accountDetail(db, 'nope')).toBeNull();
  });

  it('reads one account’s meters and bills through their indexes, never a whole table', async () => {
    await db.bills.bulkPut([
      billRow({ id: 'b-2', accountId: 'a-tx', locationId: 'l-austin', billMonth: '2025-02' }),
      billRow({ id: 'b-1', accountId: 'a-tx', locationId: 'l-austin', billMonth: '2025-01' }),
      billRow({ id: 'b-x', accountId: 'a-ok', locationId: 'l-tulsa', billMonth: '2025-01' }),
    ]);
    await db.companies.put(companyRow({ id: 1, name: 'Northwind' }));
    const scans = (['bills', 'meters', 'accounts', 'locations', 'outbox'] as const).flatMap((name) => [
      vi.spyOn(db[name], 'toArray'),
      vi.spyOn(db[name], 'toCollection'),
      vi.spyOn(db[name], 'filter'),
      vi.spyOn(db[name], 'each'),
    ]);
    const detail = await accountDetail(db, 'a-tx');
    for (const scan of scans) expect(scan).not.toHaveBeenCalled();
    expect(detail?.meters.map((meter) => meter.meterNumber)).toEqual(['E-1', 'E-2']);
    expect(detail?.bills.map((bill) => bill.billMonth)).toEqual(['2025-01', '2025-02']);
    expect(detail?.row).toMatchObject({ meterNumber: 'E-1, E-2', locationName: 'Austin Store' });
    expect(detail?.company?.name).toBe('Northwind');
    expect(detail?.queued).toEqual({});
  });

  it('marks the account while a nickname write waits in the outbox', async () => {
    await setAccountNickname(db, 'a-tx', 'HQ');
    const detail = await accountDetail(db, 'a-tx');
    expect(detail?.account.nickname).toBe('HQ');
    expect(detail?.queued).toEqual({ 'accounts:a-tx': 'pending' });
  });
});

describe('businessUnitsOnDevice', () => {
  it('lists children by parentId and the ids the server named, each with whether it has synced here', async () => {
    await db.companies.bulkPut([
      companyRow({ id: 5, name: 'Cedar Schools' }),
      companyRow({ id: 6, name: 'North District', parentId: 5 }),
    ]);
    await db.syncState.put({
      companyId: 6,
      cursor: '9',
      lastSyncAt: '2025-01-01T00:00:00Z',
      rowCounts: {},
      bytes: 0,
      status: 'idle',
      error: null,
      isOffline: true,
    });
    expect(await businessUnitsOnDevice(db, 5, [7, 5])).toEqual([
      { id: 6, name: 'North District', isOnDevice: true },
      { id: 7, name: null, isOnDevice: false },
    ]);
    expect(await businessUnitsOnDevice(db, 6)).toEqual([]);
  });
});
