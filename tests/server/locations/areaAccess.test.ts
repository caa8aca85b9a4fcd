// The authorization matrix of docs/architecture.md §5 over every locations and accounts route: each role against
// its own company, a child company and a foreign one, through the client forms and the consultant twins.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyById } from '../../../server/src/auth/accessQueries';
import { accounts, bills, meters } from '../../../server/src/db/schema';
import { canOpenArea } from '../../../src/domain/nav';
import type { AreaKey } from '../../../src/domain/nav';
import { parseRoles } from '../../../src/domain/roles';
import { bumpCompanyVersion } from '../../../server/src/sync/versioning';
import { SEED_TIMEOUT_MS } from '../../helpers/demoServer';
import { call, startTestServer } from '../../helpers/testServer';
import type { TestServer } from '../../helpers/testServer';
import { ROLE_NAMES, companyVersion, seedWorld, worldTokens } from '../../helpers/companyWorld';
import type { RoleName, World, WorldCompany } from '../../helpers/companyWorld';

type Target = 'a' | 'child' | 'b';
const TARGETS: Target[] = ['a', 'child', 'b'];

interface RouteCase {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  path: (t: WorldCompany, target: Target) => string;
  body?: (t: WorldCompany, target: Target) => unknown;
  /** The area the route belongs to: a reachable company answers 403 where the area's rule keeps the user out. */
  area?: AreaKey;
}

const REACHES: Record<RoleName, ReadonlySet<Target>> = {
  superConsultant: new Set(['a', 'child', 'b']),
  consultant: new Set(['a']),
  clientAdmin: new Set(['a', 'child']),
  client: new Set(['a', 'child']),
  limitedClient: new Set(['a', 'child']),
  clientOfB: new Set(['b']),
};

const meterIds: Record<Target, string> = { a: '', child: '', b: '' };
const billIds: Record<Target, string> = { a: '', child: '', b: '' };
let meterCounter = 0;

const companyReads = [
  'locations',
  'locations/overview',
  'locations/totalNumberOfAccountsByServiceTypes',
  'locations/totalSpendByServiceType',
  'locations/attention',
  'locations/usage',
  'locations/states',
  'accounts',
  'accounts/info/overview',
  'accounts/totalNumberOfAccountsByServiceTypes',
  'accounts/attention',
  'accounts/serviceTypes',
];
const locationReads = [
  'locationInfo',
  'attention',
  'accounts',
  'totalSpendByServiceType',
  'totalConsumptionByServiceType',
  'totalTaxByServiceType',
  'charges',
  'usage',
];
const accountReads = [
  'info',
  'info/bills',
  'info/totalSpendByServiceType',
  'info/totalConsumptionByServiceType',
];

const ROUTES: RouteCase[] = [
  ...companyReads.map((path): RouteCase => ({
    name: `twin ${path}`,
    method: 'GET',
    path: (t) => `/api/companies/${t.id}/${path}`,
  })),
  {
    name: 'business units',
    method: 'GET',
    path: (t) => `/api/companies/businessUnits/${t.id}?isParent=true`,
  },
  ...locationReads.map((path): RouteCase => ({
    name: `location ${path}`,
    method: 'GET',
    path: (t) => `/api/locations/${t.locationId}/${path}`,
  })),
  ...locationReads.map((path): RouteCase => ({
    name: `location twin ${path}`,
    method: 'GET',
    path: (t) => `/api/companies/${t.id}/locations/${t.locationId}/${path}`,
  })),
  {
    name: 'location budgets',
    method: 'GET',
    path: (t) => `/api/locations/${t.locationId}/budgets`,
    area: 'budgets',
  },
  {
    name: 'location contracts',
    method: 'GET',
    path: (t) => `/api/location/${t.locationId}/contracts`,
    area: 'contracts',
  },
  {
    name: 'energy star toggle',
    method: 'PUT',
    path: (t) => `/api/locations/${t.locationId}/energyStarToggle?isEnergyStarActive=true`,
    area: 'companyEnergyStar',
  },
  ...accountReads.map((path): RouteCase => ({
    name: `account ${path}`,
    method: 'GET',
    path: (t) => `/api/accounts/${t.accountId}/${path}`,
  })),
  { name: 'bill', method: 'GET', path: (_t, target) => `/api/bills/${billIds[target]}` },
  {
    name: 'add meter record',
    method: 'POST',
    path: () => '/api/accounts/addMeterRecord',
    body: (t) => ({
      accountId: t.accountId,
      meterNumber: `M-${(meterCounter += 1)}`,
      meterService: 'electric',
    }),
  },
  {
    name: 'update esiId and sub-address',
    method: 'PUT',
    path: () => '/api/updateEsiIdSubAddress',
    body: (_t, target) => ({ id: meterIds[target], subAddress: 'Suite 9', serviceZip: '78701' }),
  },
];

let server: TestServer;
let world: World;
let tokens: Record<RoleName, string>;

beforeAll(async () => {
  server = await startTestServer({
    seed: async (db) => {
      world = await seedWorld(db);
      for (const target of TARGETS) {
        const company = world[target];
        await db.transaction(async (tx) => {
          const version = await bumpCompanyVersion(tx, company.id);
          const [account] = await tx.select().from(accounts).where(eq(accounts.id, company.accountId));
          if (!account) throw new Error('world account missing');
          meterIds[target] = randomUUID();
          billIds[target] = randomUUID();
          await tx.insert(meters).values({
            id: meterIds[target],
            companyId: company.id,
            version,
            accountId: account.id,
            meterNumber: 'E-1',
            meterService: 'electric',
          });
          await tx.insert(bills).values({
            id: billIds[target],
            companyId: company.id,
            version,
            accountId: account.id,
            locationId: company.locationId,
            vendorId: account.vendorId,
            vendorName: account.vendorName,
            billMonth: '2026-01',
            totalNewCharges: 120.5,
            services: [
              {
                serviceType: 'electric',
                charges: 120.5,
                usage: 900,
                unit: 'kWh',
                demandKw: null,
                kvaMax: null,
                kvarSum: null,
                taxesFees: 4,
              },
            ],
          });
        });
      }
    },
  });
  tokens = await worldTokens(server.config, world);
}, SEED_TIMEOUT_MS);

afterAll(async () => {
  await server.close();
});

describe('locations and accounts routes across roles and companies', () => {
  const cases = ROUTES.flatMap((route) =>
    ROLE_NAMES.flatMap((role) => TARGETS.map((target) => ({ route, role, target }))),
  );

  it.each(cases.map((c) => [c.route.name, c.role, c.target, c] as const))(
    '%s: %s → company %s',
    async (_n, _r, _t, c) => {
      const target = world[c.target];
      const versionBefore = await companyVersion(server.db, target.id);
      const res = await call(server, c.route.method, c.route.path(target, c.target), {
        token: tokens[c.role],
        ...(c.route.body ? { body: c.route.body(target, c.target) } : {}),
      });
      if (REACHES[c.role].has(c.target)) {
        if (c.route.area) {
          // The same rule the client's sidebar and guards read (src/domain/nav.ts).
          const company = await companyById(server.db, target.id);
          if (!company) throw new Error('world company missing');
          const context = { roles: parseRoles(world.users[c.role].roles), company };
          expect(res.status).toBe(canOpenArea(c.route.area, context) ? 200 : 403);
        } else expect([200, 201]).toContain(res.status);
        return;
      }
      expect(res.status).toBe(404);
      const text = JSON.stringify(res.body);
      for (const secret of [target.name, target.locationId, target.accountId])
        expect(text).not.toContain(secret);
      expect(await companyVersion(server.db, target.id)).toBe(versionBefore);
    },
  );

  it.each(ROUTES.map((route) => [route.name, route] as const))('%s: no token → 401', async (_n, route) => {
    const res = await call(
      server,
      route.method,
      route.path(world.a, 'a'),
      route.body ? { body: route.body(world.a, 'a') } : {},
    );
    expect(res.status).toBe(401);
  });
});
