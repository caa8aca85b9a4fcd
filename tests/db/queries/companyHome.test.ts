import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { dueContractCount, latestTwelveMonthRows, openAlertCount } from '../../../src/db/queries/companyHome';
import type { AppDb } from '../../../src/db/schema';
import { countContractsDue } from '../../../src/domain/contracts';
import { openLocalDb } from '../../helpers/localDb';
import { accountRow, alertRow, billRow, contractRow, service } from './locationRows';

const TODAY = '2026-03-10';
const C = 1;
let db: AppDb;

beforeEach(() => {
  db = openLocalDb();
});

describe('dueContractCount', () => {
  it('counts the company’s contracts due as the shared rule does, ended and extended ones left out', async () => {
    const contracts = [
      contractRow('k1', C, TODAY),
      contractRow('k2', C, '2026-04-09'),
      contractRow('k3', C, '2026-04-10'),
      contractRow('k4', C, '2026-03-09'),
      contractRow('k5', C, '2026-03-20', { isExtended: true }),
      contractRow('k6', 2, '2026-03-20'),
    ];
    await db.contracts.bulkPut(contracts);
    expect(await dueContractCount(db, C, TODAY)).toBe(2);
    expect(await dueContractCount(db, C, TODAY)).toBe(
      countContractsDue(
        contracts.filter((contract) => contract.companyId === C),
        TODAY,
      ),
    );
    expect(await dueContractCount(db, 3, TODAY)).toBe(0);
  });
});

describe('openAlertCount and latestTwelveMonthRows', () => {
  it('counts open alerts and gives the latest 12 months per service', async () => {
    const account = accountRow('a1', C, 'l1', 'electric');
    const bills = ['2025-01', '2025-02', '2026-01'].map((month) =>
      billRow(`b-${month}`, account, month, [service('electric', 10, 100)]),
    );
    await db.bills.bulkPut(bills);
    const [first, second] = bills;
    if (!first || !second) throw new Error('no bills');
    await db.alerts.bulkPut([
      alertRow('x1', first),
      alertRow('x2', second, { status: 'closed' }),
      alertRow('x3', second, { companyId: 2 }),
    ]);
    expect(await openAlertCount(db, C)).toBe(1);
    const rows = await latestTwelveMonthRows(db, C);
    expect(rows.map((row) => row.billMonth).sort()).toEqual(['2025-02', '2026-01']);
    expect(rows[0]).toMatchObject({ serviceType: 'electric', totalCharges: 10, totalUsage: 100 });
  });
});
