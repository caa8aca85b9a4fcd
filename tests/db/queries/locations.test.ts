import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { setEnergyStarActive } from '../../../src/db/mutations/locations';
import {
  companyOverview,
  companySyncProgress,
  locationAttention,
  locationBudgets,
  locationContracts,
  locationList,
  locationPage,
} from '../../../src/db/queries/locations';
import type { AccountRow, BillRow } from '../../../src/db/rows';
import type { AppDb } from '../../../src/db/schema';
import { serviceMonths, serviceTotals } from '../../../src/domain/billFigures';
import { chargesTable, usageTable } from '../../../src/domain/billTables';
import { addMonths, latestTwelveMonths, twelveMonthTotals } from '../../../src/domain/totals';
import { openLocalDb } from '../../helpers/localDb';
import { accountRow, alertRow, base, billRow, contractRow, locationRow, service } from './locationRows';

const TODAY = '2026-03-10';
const C = 1;

let db: AppDb;
const a1 = accountRow('a1', C, 'l1', 'electric,natural_gas');
const a2 = accountRow('a2', C, 'l1', 'water');
const a3 = accountRow('a3', C, 'l2', 'electric');
const foreign = accountRow('f1', 2, 'l9', 'electric');
let l1Bills: BillRow[];

function months(from: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addMonths(from, i));
}

beforeEach(async () => {
  db = openLocalDb();
  await db.locations.bulkPut([
    locationRow('l1', C, { name: 'Alpha', state: 'TX' }),
    locationRow('l2', C, { name: 'Beta', state: 'CA', city: 'Fresno' }),
    locationRow('l9', 2, { name: 'Elsewhere' }),
  ]);
  await db.accounts.bulkPut([a1, a2, a3, foreign]);
  // Alpha: electric + gas every month 2025-01..2026-02 (14 months); water from 2025-06, its 2026-01 invoice missing.
  l1Bills = [
    ...months('2025-01', 14).map((month) =>
      billRow(`e-${month}`, a1, month, [
        service('electric', 100.1, 1000.5, { demandKw: month === '2026-02' ? 42 : 40, taxesFees: 5.05 }),
        service('natural_gas', 50.02, 20, { unit: 'therms' }),
      ]),
    ),
    ...months('2025-06', 9).map((month) =>
      month === '2026-01'
        ? billRow(`w-${month}`, a2, month, [], { isInvoiceMissing: true, totalNewCharges: 0 })
        : billRow(`w-${month}`, a2, month, [service('water', 30.33, 500, { unit: 'gallons' })]),
    ),
  ];
  await db.bills.bulkPut([
    ...l1Bills,
    billRow('b-l2', a3, '2026-03', [service('electric', 200, 2000)]),
    billRow('b-f', foreign, '2026-05', [service('electric', 999, 1)]),
  ]);
  await db.customAttributes.bulkPut([
    { ...base('attr-b', C), attributeName: 'Region', position: 1 },
    { ...base('attr-a', C), attributeName: 'Cost Center', position: 0 },
  ]);
  await db.locationAttributeValues.bulkPut([
    { ...base('v1', C), locationId: 'l1', attributeId: 'attr-b', value: 'South' },
    { ...base('v2', C), locationId: 'l2', attributeId: 'attr-a', value: 'CC-2' },
  ]);
  await db.tags.bulkPut([
    { ...base('t1', C), text: 'Solar Ready', isActive: true },
    { ...base('t2', C), text: 'LED Retrofit', isActive: true },
  ]);
  await db.siteTags.bulkPut([{ ...base('st1', C), locationId: 'l1', tagId: 't1' }]);
  const anomalyBill = l1Bills.find((bill) => bill.id === 'e-2026-02');
  const oldBill = l1Bills.find((bill) => bill.id === 'e-2025-01');
  if (!anomalyBill || !oldBill) throw new Error('fixture bills missing');
  await db.alerts.bulkPut([
    alertRow('al-open', anomalyBill),
    alertRow('al-closed', anomalyBill, { status: 'closed' }),
    alertRow('al-quiet', anomalyBill, { lateFee: null, chargeVarianceMoM: 3 }),
    alertRow('al-old', oldBill),
  ]);
  await db.contracts.bulkPut([
    contractRow('c-soon', C, '2026-04-19'),
    contractRow('c-later', C, '2026-12-31'),
    contractRow('c-ext', C, '2026-03-20', { isExtended: true }),
  ]);
  await db.contractLinkedLocations.bulkPut([
    { ...base('cl1', C), contractId: 'c-soon', locationId: 'l1' },
    { ...base('cl2', C), contractId: 'c-soon', locationId: 'l2' },
    { ...base('cl3', C), contractId: 'c-later', locationId: 'l1' },
    { ...base('cl4', C), contractId: 'c-ext', locationId: 'l1' },
  ]);
  await db.budgets.bulkPut([
    {
      ...base('bu1', C),
      locationId: 'l1',
      serviceType: 'electric',
      unit: 'kWh',
      startMonth: '2025-01',
      monthCount: 2,
      createdAt: '',
      modifiedAt: '',
    },
    {
      ...base('bu2', C),
      locationId: 'l1',
      serviceType: 'water',
      unit: 'Gallons',
      startMonth: '2026-01',
      monthCount: 12,
      createdAt: '',
      modifiedAt: '',
    },
  ]);
  await db.budgetItems.bulkPut([
    {
      ...base('bi1', C),
      budgetId: 'bu1',
      month: '2025-01',
      unit: 'kWh',
      budgetSpendAmount: 100,
      budgetUsageAmount: 900,
    },
    {
      ...base('bi2', C),
      budgetId: 'bu1',
      month: '2025-02',
      unit: 'kWh',
      budgetSpendAmount: 110.05,
      budgetUsageAmount: 1100,
    },
  ]);
});

const servicesOf = (accounts: readonly AccountRow[]) => {
  const map = new Map(accounts.map((account) => [account.id, account.services]));
  return (id: string) => map.get(id);
};

describe('locationList', () => {
  it('lists the company’s sites by name with services, tags and attribute values', async () => {
    const list = await locationList(db, C);
    expect(list.rows.map((row) => row.name)).toEqual(['Alpha', 'Beta']);
    expect(list.rows[0]).toMatchObject({
      id: 'l1',
      services: ['electric', 'natural_gas', 'water'],
      tagIds: ['t1'],
      attributes: { 'attr-b': 'South' },
      accountCount: 2,
    });
    expect(list.rows[1]).toMatchObject({
      id: 'l2',
      services: ['electric'],
      tagIds: [],
      attributes: { 'attr-a': 'CC-2' },
    });
  });

  it('gives the attributes in position order, the tags by text and the filters’ states and services', async () => {
    const list = await locationList(db, C);
    expect(list.attributes.map((attribute) => attribute.attributeName)).toEqual(['Cost Center', 'Region']);
    expect(list.tags.map((tag) => tag.text)).toEqual(['LED Retrofit', 'Solar Ready']);
    expect(list.states.sort()).toEqual(['CA', 'TX']);
    expect(list.services).toEqual(['electric', 'natural_gas', 'water']);
    expect(list.accountsByService).toEqual([
      { serviceType: 'electric', count: 2 },
      { serviceType: 'natural_gas', count: 1 },
      { serviceType: 'water', count: 1 },
    ]);
  });

  it('is empty for a company with nothing on the device', async () => {
    const list = await locationList(db, 99);
    expect(list.rows).toEqual([]);
    expect(await companySyncProgress(db, 99)).toBe('none');
  });
});

describe('a location’s figures', () => {
  it('reads the site’s bills oldest first through [locationId+billMonth], and nothing of other sites', async () => {
    const page = await locationPage(db, 'l1');
    expect(page?.bills.map((bill) => bill.billMonth)).toEqual(
      [...page!.bills.map((bill) => bill.billMonth)].sort(),
    );
    expect(page?.bills).toHaveLength(l1Bills.length);
    expect(page?.accounts.map((account) => account.id)).toEqual(['a1', 'a2']);
    expect(page?.siteTagIds).toEqual(['t1']);
    expect(page?.attributeValues).toEqual({ 'attr-b': 'South' });
    expect(await locationPage(db, 'nope')).toBeNull();
  });

  it('totals the latest 12 months of the site to the cent', async () => {
    const page = await locationPage(db, 'l1');
    if (!page) throw new Error('no page');
    const window = latestTwelveMonths(page.bills.map((bill) => bill.billMonth));
    expect(window[0]).toBe('2025-03');
    const totals = serviceTotals(serviceMonths(page.bills, servicesOf(page.accounts), window));
    // 12 × 100.10 electric, 12 × 50.02 gas, 8 × 30.33 water (June–Feb without the missing January).
    expect(totals.byService).toEqual([
      { serviceType: 'electric', totalCharges: 1201.2, taxesFees: 60.6, totalUsage: 12006, unit: 'kWh' },
      { serviceType: 'natural_gas', totalCharges: 600.24, taxesFees: 0, totalUsage: 240, unit: 'Therms' },
      { serviceType: 'water', totalCharges: 242.64, taxesFees: 0, totalUsage: 4000, unit: 'Gallons' },
    ]);
    expect(totals.totalCharges).toBe(2044.08);
    // The shared 12-month rule agrees.
    const rows = page.bills.flatMap((bill) =>
      bill.services.map((s) => ({
        billMonth: bill.billMonth,
        serviceType: s.serviceType,
        totalCharges: s.charges,
      })),
    );
    expect(twelveMonthTotals(rows).charges).toBe(2044.08);
  });

  it('builds the charges table newest month first with the missing-invoice mark and an amount per service', async () => {
    const page = await locationPage(db, 'l1');
    const table = chargesTable(page?.bills ?? []);
    expect(table.serviceTypes).toEqual(['electric', 'natural_gas', 'water']);
    expect(table.rows).toHaveLength(14);
    expect(table.rows[0]).toEqual({
      billMonth: '2026-02',
      totalCharges: 180.45,
      isInvoiceMissing: false,
      amounts: { electric: 100.1, natural_gas: 50.02, water: 30.33 },
    });
    expect(table.rows[1]).toEqual({
      billMonth: '2026-01',
      totalCharges: 150.12,
      isInvoiceMissing: true,
      amounts: { electric: 100.1, natural_gas: 50.02, water: 0 },
    });
    expect(table.rows[13]?.billMonth).toBe('2025-01');
  });

  it('builds the usage table with the missing invoice as its own row', async () => {
    const page = await locationPage(db, 'l1');
    const rows = usageTable(page?.bills ?? [], servicesOf(page?.accounts ?? []));
    expect(rows.slice(0, 3)).toEqual([
      {
        billMonth: '2026-02',
        serviceType: 'electric',
        totalUsage: 1000.5,
        energyUnit: 'kWh',
        maxKvA: null,
        maxkW: 42,
        totalKvAR: null,
        isInvoiceMissing: false,
      },
      {
        billMonth: '2026-02',
        serviceType: 'natural_gas',
        totalUsage: 20,
        energyUnit: 'therms',
        maxKvA: null,
        maxkW: null,
        totalKvAR: null,
        isInvoiceMissing: false,
      },
      {
        billMonth: '2026-02',
        serviceType: 'water',
        totalUsage: 500,
        energyUnit: 'gallons',
        maxKvA: null,
        maxkW: null,
        totalKvAR: null,
        isInvoiceMissing: false,
      },
    ]);
    expect(rows.find((row) => row.billMonth === '2026-01' && row.serviceType === 'water')).toMatchObject({
      totalUsage: null,
      energyUnit: 'gallons',
      isInvoiceMissing: true,
    });
  });

  it('lists the site’s attention items only', async () => {
    const page = await locationPage(db, 'l1');
    if (!page) throw new Error('no page');
    const items = await locationAttention(db, page.location, page.bills, { contracts: true, today: TODAY });
    expect(items.map((item) => item.id)).toEqual([
      'missingInvoice:w-2026-01',
      'billAnomaly:al-open',
      'contractExpiring:cl1',
    ]);
    expect(items[0]?.text).toBe('Missing invoice: Water account N-a2 at Alpha, Jan 2026');
  });

  it('lists the site’s contracts soonest first and its budgets newest first, against the site’s bills', async () => {
    expect((await locationContracts(db, 'l1')).map((contract) => contract.id)).toEqual([
      'c-ext',
      'c-soon',
      'c-later',
    ]);
    const budgets = await locationBudgets(db, 'l1');
    expect(budgets.map((view) => view.budget.id)).toEqual(['bu2', 'bu1']);
    // The electric bills of Jan and Feb 2025: $100.10 and 1,000.5 kWh each.
    expect(budgets[1]?.report.spend).toEqual({
      budget: 210.05,
      budgetToDate: 210.05,
      actualToDate: 200.2,
      variance: -9.85,
      variancePct: -4.69,
      projected: 200.2,
    });
    expect(budgets[1]?.report.usage.actualToDate).toBe(2001);
    expect(await locationBudgets(db, 'l2')).toEqual([]);
  });
});

describe('companyOverview', () => {
  it('totals the company’s latest 12 bill months and lists its attention items', async () => {
    const overview = await companyOverview(db, C, { contracts: true, today: TODAY });
    expect(overview.months[0]).toBe('2025-04');
    expect(overview.months.at(-1)).toBe('2026-03');
    // Electric: 11 months of Alpha (Apr–Feb) plus Beta's 200; the foreign company's bill is not counted.
    expect(overview.totals.byService.electric).toEqual({ charges: 1301.1, usage: 13005.5 });
    expect(overview.totals.byService.water?.charges).toBe(242.64);
    expect(
      overview.serviceMonths.find((row) => row.billMonth === '2026-01' && row.serviceType === 'water'),
    ).toMatchObject({ missingInvoices: 1, totalUsage: null });
    expect(overview.attention.map((item) => item.id)).toEqual([
      'missingInvoice:w-2026-01',
      'billAnomaly:al-open',
      'contractExpiring:cl1',
      'contractExpiring:cl2',
    ]);
  });

  it('leaves contracts out for callers who may not see them', async () => {
    const { attention: items } = await companyOverview(db, C, { contracts: false, today: TODAY });
    expect(items.some((item) => item.type === 'contractExpiring')).toBe(false);
    expect(items).toHaveLength(2);
  });

  it('is empty for a company without bills', async () => {
    const overview = await companyOverview(db, 99, { contracts: true, today: TODAY });
    expect(overview).toEqual({
      months: [],
      totals: { charges: 0, byService: {} },
      serviceMonths: [],
      attention: [],
    });
  });
});

describe('setEnergyStarActive', () => {
  it('patches the site locally and queues the toggle with If-Match', async () => {
    const entry = await setEnergyStarActive(db, 'l1', true);
    expect((await db.locations.get('l1'))?.isEnergyStarActive).toBe(true);
    expect(entry).toMatchObject({
      method: 'PUT',
      path: '/api/locations/l1/energyStarToggle?isEnergyStarActive=true',
      effects: [
        {
          entity: 'locations',
          entityId: 'l1',
          change: { kind: 'patch', fields: { isEnergyStarActive: true } },
        },
      ],
      baseVersion: 1,
    });
    await expect(setEnergyStarActive(db, 'missing', true)).rejects.toThrow(/not in the local database/);
  });
});

describe('companySyncProgress', () => {
  it('tells a first download from a finished one', async () => {
    const state = {
      companyId: C,
      cursor: '5',
      lastSyncAt: null,
      rowCounts: {},
      bytes: 0,
      status: 'syncing' as const,
      error: null,
      isOffline: false,
    };
    await db.syncState.put(state);
    expect(await companySyncProgress(db, C)).toBe('first-sync');
    await db.syncState.put({ ...state, lastSyncAt: '2026-03-01T00:00:00Z' });
    expect(await companySyncProgress(db, C)).toBe('synced');
  });
});
