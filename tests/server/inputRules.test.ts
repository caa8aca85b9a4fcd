// The inputs that once reached the database and failed there (a 500, which the device's outbox retries for ever): each
// is a 400 naming its field, and nothing is written (docs/architecture.md §5 Errors).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_TIMEOUT_MS, startDemoServer } from '../helpers/demoServer';
import type { DemoServer } from '../helpers/demoServer';

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

let demo: DemoServer;
let northwind: number;
/** Two sites of Northwind, a contract of it, a site of it with ENERGY STAR figures. */
let sites: [string, string];
let contractId: string;
let esSite: string;
/** Ids some row already has, in another company than Northwind. */
let foreignMetricId: string;
let foreignBudgetItemId: string;
let foreignLinkId: string;

async function one<T extends Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await demo.rows<T>(query);
  if (!row) throw new Error('the demo data lacks a row the test needs');
  return row;
}

/** Every company's version and the row counts of the tables these writes touch. */
async function state() {
  return demo.rows(sql`
    select (select sum(version) from company_sync) as versions,
      (select count(*) from contracts) as contracts, (select count(*) from contract_linked_locations) as links,
      (select count(*) from budgets) as budgets, (select count(*) from budget_items) as items,
      (select count(*) from energy_star_metrics) as metrics, (select count(*) from locations) as sites`);
}

/** Calls Northwind's twin route as a super consultant and expects a 400 naming `field`, with nothing written. */
async function expectRefused(method: string, path: string, field: string, body?: unknown) {
  const before = await state();
  const res = await demo.as<ErrorBody>('superConsultant', method, `/api/companies/${northwind}${path}`, {
    ...(body === undefined ? {} : { body }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(Object.keys(res.body.error.fields ?? {})).toContain(field);
  expect(await state()).toEqual(before);
}

const CONTRACT = {
  serviceType: 'electric',
  vendorName: 'Test Power Co',
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  termMonth: 12,
  contractRate: 0.0712,
  contractAnnualUsage: 500000,
  contractRateType: 1,
};

function budget(items: { id?: string; budgetSpendAmount?: unknown }[]) {
  return {
    locationId: sites[1],
    serviceType: 'water',
    unit: 'gal',
    startMonth: '2031-01',
    monthCount: items.length,
    budgetItems: items.map((item, index) => ({
      month: `2031-0${index + 1}`,
      budgetSpendAmount: 10,
      budgetUsageAmount: 5,
      ...item,
    })),
  };
}

beforeAll(async () => {
  demo = await startDemoServer();
  northwind = demo.companies.northwind;
  const twoSites = await demo.rows<{ id: string }>(
    sql`select id from locations where company_id = ${northwind} order by id limit 2`,
  );
  sites = [twoSites[0]?.id ?? '', twoSites[1]?.id ?? ''];
  contractId = (
    await one<{ id: string }>(sql`select id from contracts where company_id = ${northwind} limit 1`)
  ).id;
  esSite = (
    await one<{ id: string }>(
      sql`select location_id as id from energy_star_metrics where company_id = ${northwind} limit 1`,
    )
  ).id;
  foreignMetricId = (
    await one<{ id: string }>(
      sql`select id from energy_star_metrics where company_id <> ${northwind} limit 1`,
    )
  ).id;
  foreignBudgetItemId = (
    await one<{ id: string }>(sql`select id from budget_items where company_id <> ${northwind} limit 1`)
  ).id;
  foreignLinkId = (
    await one<{ id: string }>(
      sql`select id from contract_linked_locations where company_id <> ${northwind} limit 1`,
    )
  ).id;
}, SEED_TIMEOUT_MS);

afterAll(async () => {
  await demo.server.close();
});

describe('ids chosen by the client', () => {
  it('refuses a new ENERGY STAR month whose id is another company’s metric', async () => {
    await expectRefused('PUT', `/locations/${esSite}/updateEsScore`, 'body.id', {
      esScore: 70,
      esScoreDate: '2031-05-15',
      id: foreignMetricId,
    });
  });

  it('refuses a budget item id some row already has, and one id given to two items', async () => {
    await expectRefused(
      'POST',
      '/budgets',
      'body.budgetItems.1.id',
      budget([{}, { id: foreignBudgetItemId }]),
    );
    const shared = randomUUID();
    await expectRefused(
      'POST',
      '/budgets',
      'body.budgetItems.1.id',
      budget([{ id: shared }, { id: shared }]),
    );
  });

  it('refuses a contract linking one location twice, or two links with one id', async () => {
    await expectRefused('POST', '/contracts/add', 'body.linkedLocations', {
      ...CONTRACT,
      linkedLocations: [
        { id: randomUUID(), locationId: sites[0] },
        { id: randomUUID(), locationId: sites[0] },
      ],
    });
    const shared = randomUUID();
    await expectRefused('POST', '/contracts/add', 'body.linkedLocations.1.id', {
      ...CONTRACT,
      linkedLocations: [
        { id: shared, locationId: sites[0] },
        { id: shared, locationId: sites[1] },
      ],
    });
    await expectRefused('POST', '/contracts/add', 'body.linkedLocations.0.id', {
      ...CONTRACT,
      linkedLocations: [{ id: foreignLinkId, locationId: sites[0] }],
    });
  });

  it('refuses linking locations with one link id twice', async () => {
    await demo.as(
      'superConsultant',
      'POST',
      `/api/companies/${northwind}/contracts/linked_locations/unlink`,
      {
        body: { contractId, locationIds: sites },
      },
    );
    const shared = randomUUID();
    await expectRefused('POST', '/contracts/linked_locations/link', 'body.ids.1', {
      contractId,
      locationIds: sites,
      ids: [shared, shared],
    });
  });
});

describe('impossible dates', () => {
  it.each([
    ['/alerts?fromDate=2026-02-39', 'querystring.fromDate'],
    ['/billPayPaymentConfirmation?fromDate=2026-02-30', 'querystring.fromDate'],
    ['/clientDeposit?toDate=2026-04-31', 'querystring.toDate'],
    ['/accounts_payable?CreateDate=2026-02-30', 'querystring.CreateDate'],
    ['/billPayAccrual?fromDate=2026-02-29', 'querystring.fromDate'],
    ['/bills?fromDate=2026-02-30', 'querystring.fromDate'],
  ])('GET %s is a 400 naming %s', async (path, field) => {
    await expectRefused('GET', path, field);
  });

  it('refuses them on on-demand GL, archive search, contracts and scores', async () => {
    const gl = await demo.as<ErrorBody>(
      'superConsultant',
      'GET',
      `/api/companies/${northwind}/onDemandGl?fromDate=2026-02-30&toDate=2026-03-31`,
    );
    expect(gl.status).toBe(400);
    expect(gl.body.error.fields).toHaveProperty(['querystring.fromDate']);
    await expectRefused('POST', '/archive/search', 'body.invoiceDateFrom', { invoiceDateFrom: '2026-02-30' });
    await expectRefused('POST', '/contracts/add', 'body.endDate', { ...CONTRACT, endDate: '2026-04-31' });
    await expectRefused('PUT', `/locations/${esSite}/updateEsScore`, 'body.esScoreDate', {
      esScore: 70,
      esScoreDate: '2026-02-29',
    });
  });
});

describe('numbers out of range', () => {
  it('refuses a contract rate or annual usage its column cannot hold, on add and on update', async () => {
    await expectRefused('POST', '/contracts/add', 'body.contractRate', { ...CONTRACT, contractRate: 1e300 });
    await expectRefused('POST', '/contracts/add', 'body.contractAnnualUsage', {
      ...CONTRACT,
      contractAnnualUsage: 1e13,
    });
    await expectRefused('PUT', `/contracts/${contractId}/update`, 'body.contractRate', {
      contractRate: 1e300,
    });
    await expectRefused('PUT', `/contracts/${contractId}/update`, 'body.contractAnnualUsage', {
      contractAnnualUsage: -1e300,
    });
  });

  it('refuses Infinity written as text, and a floor area that is not whole', async () => {
    await expectRefused('POST', '/archive/search', 'body.page', { page: 'Infinity' });
    await expectRefused('POST', '/archive/search', 'body.amountMin', { amountMin: 'Infinity' });
    await expectRefused('POST', '/locations', 'body.sqft', {
      name: 'Half a foot',
      address: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      sqft: 1500.5,
    });
  });

  it('accepts the largest value of a column', async () => {
    const res = await demo.as<ErrorBody>(
      'superConsultant',
      'POST',
      `/api/companies/${northwind}/contracts/add`,
      {
        body: { ...CONTRACT, contractRate: 99_999_999.999999, contractAnnualUsage: 9_999_999_999_999.998 },
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });
});

describe('JSON values of the wrong type', () => {
  const site = { name: 'True', address: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' };
  it.each([
    ['POST', '/contracts/add', 'body.contractRate', () => ({ ...CONTRACT, contractRate: true })],
    [
      'POST',
      '/contracts/add',
      'body.contractAnnualUsage',
      () => ({ ...CONTRACT, contractAnnualUsage: true }),
    ],
    ['POST', '/contracts/add', 'body.termMonth', () => ({ ...CONTRACT, termMonth: '12' })],
    ['POST', '/budgets', 'body.monthCount', () => ({ ...budget([{}]), monthCount: true })],
    ['POST', '/budgets', 'body.budgetItems.0.budgetSpendAmount', () => budget([{ budgetSpendAmount: true }])],
    ['POST', '/archive/search', 'body.amountMin', () => ({ amountMin: true })],
    ['POST', '/archive/search', 'body.page', () => ({ page: true })],
    ['POST', '/locations', 'body.sqft', () => ({ ...site, sqft: true })],
  ])('%s %s refuses %s', async (method, path, field, body) => {
    await expectRefused(method, path, field, body());
  });

  it('refuses a score given as true', async () => {
    await expectRefused('PUT', `/locations/${esSite}/updateEsScore`, 'body.esScore', {
      esScore: true,
      esScoreDate: '2026-02-14',
    });
  });

  it('still reads numbers and booleans of a query string from text', async () => {
    const res = await demo.as(
      'superConsultant',
      'GET',
      `/api/companies/${northwind}/alerts?isAlertMinDate=true`,
    );
    expect(res.status).toBe(200);
  });
});
