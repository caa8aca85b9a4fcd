// A company's bill audit thresholds (PUT /api/companies/setAuditThresholds, super consultants, like the company's
// access flags): stored as the values that differ from the default, bounded (400 on bad input), audited, and carried
// by the synced company record.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, userAdminAudit } from '../../../server/src/db/schema';
import { seedWorld, worldTokens } from '../../helpers/companyWorld';
import type { RoleName, World } from '../../helpers/companyWorld';
import { SEED_TIMEOUT_MS } from '../../helpers/demoServer';
import { call, startTestServer } from '../../helpers/testServer';
import type { TestServer } from '../../helpers/testServer';

let server: TestServer;
let world: World;
let tokens: Record<RoleName, string>;

beforeAll(async () => {
  server = await startTestServer({ seed: async (db) => void (world = await seedWorld(db)) });
  tokens = await worldTokens(server.config, world);
}, SEED_TIMEOUT_MS);

afterAll(async () => {
  await server.close();
});

const PATH = '/api/companies/setAuditThresholds';

async function stored() {
  const [row] = await server.db
    .select({ auditThresholds: companies.auditThresholds, version: companies.version })
    .from(companies)
    .where(eq(companies.id, world.a.id));
  return row;
}

describe('setAuditThresholds', () => {
  it('keeps only the values that differ from the default, with a new version and an audit line', async () => {
    const before = await stored();
    const set = await call<{ auditThresholds: unknown }>(server, 'PUT', PATH, {
      token: tokens.superConsultant,
      body: { companyId: world.a.id, thresholds: { periodMaxDays: 40, usageVsPriorAbovePct: 20 } },
    });
    expect(set.status).toBe(200);
    expect(set.body.auditThresholds).toEqual({ periodMaxDays: 40 });
    const after = await stored();
    expect(after?.auditThresholds).toEqual({ periodMaxDays: 40 });
    expect(after?.version).toBeGreaterThan(before?.version ?? 0);
    const [line] = await server.db
      .select()
      .from(userAdminAudit)
      .where(eq(userAdminAudit.action, 'setAuditThresholds'));
    expect(line?.detail).toBe('Bill audit thresholds: Billing period: longest 40');

    const reset = await call(server, 'PUT', PATH, {
      token: tokens.superConsultant,
      body: { companyId: world.a.id, thresholds: { periodMaxDays: null } },
    });
    expect(reset.status).toBe(200);
    expect((await stored())?.auditThresholds).toBeNull();
  });

  it.each([
    ['a value out of its range', { periodMaxDays: 400 }],
    ['a key that is not a threshold', { nonsense: 3 }],
    ['a text', { periodMaxDays: '40' }],
    ['a range whose lowest passes its highest', { periodMinDays: 40, periodMaxDays: 30 }],
  ])('answers 400 to %s, storing nothing', async (_case, thresholds) => {
    const before = await stored();
    const answer = await call(server, 'PUT', PATH, {
      token: tokens.superConsultant,
      body: { companyId: world.a.id, thresholds },
    });
    expect(answer.status).toBe(400);
    expect(await stored()).toEqual(before);
  });

  it('answers 403 to anyone but a super consultant, and 404 for a company that does not exist', async () => {
    for (const role of ['clientAdmin', 'consultant'] as const) {
      const answer = await call(server, 'PUT', PATH, {
        token: tokens[role],
        body: { companyId: world.a.id, thresholds: { periodMaxDays: 40 } },
      });
      expect(answer.status, role).toBe(403);
    }
    const missing = await call(server, 'PUT', PATH, {
      token: tokens.superConsultant,
      body: { companyId: 999_999, thresholds: {} },
    });
    expect(missing.status).toBe(404);
  });
});
