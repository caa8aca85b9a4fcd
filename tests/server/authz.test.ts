import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_TIMEOUT_MS } from '../helpers/demoServer';
import { call, startTestServer } from '../helpers/testServer';
import type { TestServer } from '../helpers/testServer';
import { ROLE_NAMES, companyVersion, seedWorld, worldTokens } from '../helpers/companyWorld';
import type { RoleName, World, WorldCompany } from '../helpers/companyWorld';

/** One company-scoped route family, aimed at a target company's rows. */
interface RouteCase {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  path: (target: WorldCompany) => string;
  body?: (target: WorldCompany) => unknown;
  /** Routes the access rule opens to consultants only (clients get 404 even in their own company). */
  consultantOnly?: boolean;
}

const ROUTES: RouteCase[] = [
  { name: 'company record', method: 'GET', path: (t) => `/api/companies/${t.id}` },
  { name: 'company profile', method: 'GET', path: (t) => `/api/company/${t.id}/profile` },
  { name: 'support enabled', method: 'GET', path: (t) => `/api/company_support/enabled?companyId=${t.id}` },
  { name: 'custom configuration', method: 'GET', path: (t) => `/api/company/${t.id}/customConfiguration` },
  {
    name: 'grid settings (company twin)',
    method: 'GET',
    path: (t) => `/api/companies/${t.id}/user/allGridSettings`,
  },
  {
    name: 'save grid settings (company twin)',
    method: 'POST',
    path: (t) => `/api/companies/${t.id}/user/saveGridSettings`,
    body: () => ({ gridName: 'locations', gridSettings: 'name,city' }),
  },
  { name: 'custom attributes', method: 'GET', path: (t) => `/api/companies/${t.id}/companyCustomAttribute` },
  {
    name: 'edit custom attributes',
    method: 'PUT',
    path: (t) => `/api/${t.id}/editCustomAttributes`,
    body: (t) => ({ customAttributes: [{ id: t.attributeId, attributeName: 'Region' }] }),
    consultantOnly: true,
  },
  { name: 'company tags', method: 'GET', path: (t) => `/api/companies/${t.id}/tags` },
  { name: 'site tags', method: 'GET', path: (t) => `/api/site/${t.locationId}/associateTags` },
  {
    name: 'associate site tags',
    method: 'POST',
    path: (t) => `/api/companies/${t.id}/site/${t.locationId}/associateTags`,
    body: (t) => ({ tagIds: [t.tagIds[0]] }),
  },
  {
    name: 'account nickname',
    method: 'PUT',
    path: (t) => `/api/accounts/nickname/${t.accountId}`,
    body: (t) => ({ nickname: `${t.name} main` }),
  },
  { name: 'change feed', method: 'GET', path: (t) => `/api/sync/${t.id}/changes` },
];

type Target = 'a' | 'child' | 'b';
const TARGETS: Target[] = ['a', 'child', 'b'];

/**
 * docs/architecture.md §5: a super consultant reaches every company, a consultant only granted ones (A here, not its child),
 * a client (admin, limited or not) its own company and that company's children.
 */
const REACHES: Record<RoleName, ReadonlySet<Target>> = {
  superConsultant: new Set(['a', 'child', 'b']),
  consultant: new Set(['a']),
  clientAdmin: new Set(['a', 'child']),
  client: new Set(['a', 'child']),
  limitedClient: new Set(['a', 'child']),
  clientOfB: new Set(['b']),
};

const CONSULTANTS: ReadonlySet<RoleName> = new Set(['superConsultant', 'consultant']);

let server: TestServer;
let world: World;
let tokens: Record<RoleName, string>;

beforeAll(async () => {
  server = await startTestServer({
    seed: async (db) => {
      world = await seedWorld(db);
    },
  });
  tokens = await worldTokens(server.config, world);
}, SEED_TIMEOUT_MS);

afterAll(async () => {
  await server.close();
});

/** Strings that would betray the target company's data in an answer. */
function secretsOf(target: WorldCompany): string[] {
  return [target.name, target.locationId, target.accountId, target.attributeId, ...target.tagIds];
}

describe('authorization across roles and companies', () => {
  const cases = ROUTES.flatMap((route) =>
    ROLE_NAMES.flatMap((role) => TARGETS.map((target) => ({ route, role, target }))),
  );

  it.each(cases.map((c) => [c.route.name, c.role, c.target, c] as const))(
    '%s: %s → company %s',
    async (_n, _r, _t, c) => {
      const target = world[c.target];
      const allowed = REACHES[c.role].has(c.target) && (!c.route.consultantOnly || CONSULTANTS.has(c.role));
      const versionBefore = await companyVersion(server.db, target.id);
      const res = await call(server, c.route.method, c.route.path(target), {
        token: tokens[c.role],
        ...(c.route.body ? { body: c.route.body(target) } : {}),
      });
      if (allowed) {
        expect(res.status).toBe(200);
        return;
      }
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: { code: 'not_found', message: expect.any(String) as string } });
      const text = JSON.stringify(res.body);
      for (const secret of secretsOf(target)) expect(text).not.toContain(secret);
      // A refused write leaves no trace: the company's version did not move.
      expect(await companyVersion(server.db, target.id)).toBe(versionBefore);
    },
  );

  it.each(ROUTES.map((route) => [route.name, route] as const))('%s: no token → 401', async (_n, route) => {
    const res = await call(
      server,
      route.method,
      route.path(world.a),
      route.body ? { body: route.body(world.a) } : {},
    );
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: { code: 'unauthorized' } });
  });

  it('answers 404 for a company that does not exist, even to a super consultant', async () => {
    const ghost: WorldCompany = { ...world.a, id: 987_654 };
    for (const route of ROUTES.filter((r) => r.path(ghost).includes('987654'))) {
      const res = await call(server, route.method, route.path(ghost), {
        token: tokens.superConsultant,
        ...(route.body ? { body: route.body(ghost) } : {}),
      });
      expect(res.status, route.name).toBe(404);
    }
  });

  it('serves caller-scoped grid settings only for the caller’s own company', async () => {
    await call(server, 'POST', '/api/user/saveGridSettings', {
      token: tokens.clientOfB,
      body: { gridName: 'bills', gridSettings: 'b-only' },
    });
    const ownB = await call<{ companyId: number }[]>(server, 'GET', '/api/user/allGridSettings', {
      token: tokens.clientOfB,
    });
    expect(ownB.body.length).toBeGreaterThan(0);
    expect(ownB.body.every((row) => row.companyId === world.b.id)).toBe(true);
    const ofA = await call<unknown[]>(server, 'GET', '/api/user/allGridSettings', { token: tokens.client });
    expect(JSON.stringify(ofA.body)).not.toContain('b-only');
  });

  it('does not let an entity id of one company through another company’s path', async () => {
    const res = await call(
      server,
      'POST',
      `/api/companies/${world.a.id}/site/${world.b.locationId}/associateTags`,
      {
        token: tokens.superConsultant,
        body: { tagIds: [world.a.tagIds[0]] },
      },
    );
    expect(res.status).toBe(404);
  });
});
