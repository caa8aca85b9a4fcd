import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../../server/src/seed';
import { rolesOf } from '../../../server/src/auth/sessions';
import { SEED_TIMEOUT_MS, startDemoServer } from '../../helpers/demoServer';
import { tokenFor } from '../../helpers/fixtures';
import { call } from '../../helpers/testServer';
import type { DemoRole, DemoServer } from '../../helpers/demoServer';

interface UserRow {
  id: number;
  email: string;
  companyName: string;
  roles: string[];
  companyAccess: number[];
}

interface AuditRow {
  actorName: string;
  action: string;
  targetUserId: number | null;
  targetCompanyId: number | null;
  detail: string;
}

let demo: DemoServer;

function idOf(email: string): number {
  const user = DEMO_USERS.find((candidate) => candidate.email === email);
  if (!user) throw new Error(`no demo user ${email}`);
  return user.id;
}

interface FeedPage {
  changes: { entity: string; id: string; row?: { roles?: string[] } }[];
  cursor: string;
  hasMore: boolean;
}

/** Pulls a company's feed to its end from `cursor` with `token`: the changes and the last cursor (or the status). */
async function pullAll(token: string, companyId: number, cursor?: string) {
  const changes: FeedPage['changes'] = [];
  let since = cursor;
  for (;;) {
    const query = since === undefined ? '' : `&since=${encodeURIComponent(since)}`;
    const page = await call<FeedPage>(
      demo.server,
      'GET',
      `/api/sync/${companyId}/changes?limit=5000${query}`,
      {
        token,
      },
    );
    if (page.status !== 200) return { status: page.status, changes, cursor: since ?? '' };
    changes.push(...page.body.changes);
    since = page.body.cursor;
    if (!page.body.hasMore) return { status: 200, changes, cursor: since };
  }
}

async function lastAudit(): Promise<AuditRow | undefined> {
  const audit = await demo.as<AuditRow[]>('superConsultant', 'GET', '/api/users/audit?limit=1');
  return audit.body[0];
}

beforeAll(async () => {
  demo = await startDemoServer();
}, SEED_TIMEOUT_MS);

afterAll(async () => {
  await demo.server.close();
});

describe('users and consultant access', () => {
  it('lists every user with roles, company and access to the super consultant only (403 to others)', async () => {
    const all = await demo.as<UserRow[]>('superConsultant', 'GET', '/api/users/usersAll');
    expect(all.status).toBe(200);
    const consultant = all.body.find((row) => row.email === 'consultant@get.demo');
    expect(consultant).toMatchObject({ roles: ['Consultant'], companyName: 'GET Energy Consultants' });
    expect(consultant?.companyAccess).toEqual(
      expect.arrayContaining([demo.companies.northwind, demo.companies.harbor, demo.companies.summit]),
    );
    expect(all.body.every((row) => !('passwordHash' in row))).toBe(true);
    expect((await demo.as('superConsultant', 'GET', '/api/users/usersGET')).body).toEqual(all.body);
    const others: DemoRole[] = ['consultant', 'northwindAdmin', 'northwindClient', 'northwindLimited'];
    const calls = [
      ['GET', '/api/users/usersAll'],
      ['GET', '/api/users/audit'],
      ['POST', '/api/users/addRole', { userId: idOf('client@northwind.demo'), role: 'Admin' }],
      ['DELETE', `/api/users/removeRole?id=${idOf('admin@northwind.demo')}&role=Admin`],
      ['GET', `/api/users/${idOf('consultant@get.demo')}/getCompanyAccess`],
      [
        'POST',
        '/api/users/addCompanyAccess',
        { userId: idOf('consultant@get.demo'), companyId: demo.companies.cedar },
      ],
      [
        'DELETE',
        `/api/users/${idOf('consultant@get.demo')}/deleteConsultantCompanyAccess?companyId=${demo.companies.harbor}`,
      ],
      ['PUT', '/api/companies/setCompanyAccess', { companyId: demo.companies.harbor, alertsAccess: true }],
    ] as const;
    for (const role of others) {
      for (const [method, path, body] of calls) {
        const answer = await demo.as(role, method, path, body ? { body } : {});
        expect(answer.status, `${role} ${method} ${path}`).toBe(403);
      }
    }
  });

  it('adds and removes roles, audited; never the caller’s own Super Consultant role', async () => {
    const client = idOf('client@northwind.demo');
    const added = await demo.as<{ roles: string[] }>('superConsultant', 'POST', '/api/users/addRole', {
      body: { userId: client, role: 'Admin' },
    });
    expect(added.status).toBe(200);
    expect([...added.body.roles].sort()).toEqual(['Admin', 'Client']);
    expect(await lastAudit()).toMatchObject({
      action: 'addRole',
      targetUserId: client,
      detail: 'Added role Admin',
      actorName: expect.any(String),
    });
    const twice = await demo.as('superConsultant', 'POST', '/api/users/addRole', {
      body: { userId: client, role: 'Admin' },
    });
    expect(twice.status).toBe(400);
    const removed = await demo.as<{ roles: string[] }>(
      'superConsultant',
      'DELETE',
      `/api/users/removeRole?id=${client}&role=Admin`,
    );
    expect(removed.body.roles).toEqual(['Client']);
    expect((await lastAudit())?.detail).toBe('Removed role Admin');

    const self = await demo.as<{ error: { message: string } }>(
      'superConsultant',
      'DELETE',
      `/api/users/removeRole?id=${idOf('super@get.demo')}&role=Super%20Consultant`,
    );
    expect(self.status).toBe(400);
    expect(self.body.error.message).toBe('You cannot remove your own Super Consultant role');
    expect((await lastAudit())?.detail).toBe('Removed role Admin');
  });

  it('grants a consultant a company, who then reaches it; revoking takes it away again', async () => {
    const consultant = idOf('consultant@get.demo');
    const cedar = demo.companies.cedar;
    const before = await demo.as('consultant', 'GET', `/api/sync/${cedar}/changes?limit=1`);
    expect(before.status).toBe(404);
    const granted = await demo.as('superConsultant', 'POST', '/api/users/addCompanyAccess', {
      body: { userId: consultant, companyId: cedar },
    });
    expect(granted.status).toBe(201);
    expect(await lastAudit()).toMatchObject({
      action: 'grantAccess',
      targetCompanyId: cedar,
      detail: 'Granted access to Cedar Schools',
    });
    const access = await demo.as<{ companyId: number }[]>(
      'superConsultant',
      'GET',
      `/api/users/${consultant}/getCompanyAccess`,
    );
    expect(access.body.map((row) => row.companyId)).toContain(cedar);
    expect((await demo.as('consultant', 'GET', `/api/sync/${cedar}/changes?limit=1`)).status).toBe(200);

    const notConsultant = await demo.as('superConsultant', 'POST', '/api/users/addCompanyAccess', {
      body: { userId: idOf('client@northwind.demo'), companyId: cedar },
    });
    expect(notConsultant.status).toBe(400);

    const revoked = await demo.as(
      'superConsultant',
      'DELETE',
      `/api/users/${consultant}/deleteConsultantCompanyAccess?companyId=${cedar}`,
    );
    expect(revoked.status).toBe(200);
    expect((await demo.as('consultant', 'GET', `/api/sync/${cedar}/changes?limit=1`)).status).toBe(404);
  });

  it('sets a company’s access flags, which reach its users through the company record and the area rule', async () => {
    const harbor = demo.companies.harbor;
    expect((await demo.as('harborClient', 'GET', '/api/company_support/ticket')).status).toBe(403);
    const feedBefore = await demo.as<{ cursor: string }>(
      'harborClient',
      'GET',
      `/api/sync/${harbor}/changes?limit=5000`,
    );
    const set = await demo.as<{ companyHasSupportAccess: boolean; version: number }>(
      'superConsultant',
      'PUT',
      '/api/companies/setCompanyAccess',
      { body: { companyId: harbor, companyHasSupportAccess: true } },
    );
    expect(set.status).toBe(200);
    expect(set.body.companyHasSupportAccess).toBe(true);
    expect((await lastAudit())?.detail).toBe('Company access: Company Support on');
    // What the user may read changed (Company Support opened): the device's cursor answers 410 and it pulls again,
    // receiving the flag with the company record and the area's rows (docs/architecture.md §4, who receives what).
    expect((await pullAll(demo.tokens.harborClient, harbor, feedBefore.body.cursor)).status).toBe(410);
    const again = await pullAll(demo.tokens.harborClient, harbor);
    expect(again.changes.find((change) => change.entity === 'companies')?.row).toMatchObject({
      companyHasSupportAccess: true,
    });
    expect((await demo.as('harborClient', 'GET', '/api/company_support/ticket')).status).toBe(200);
  });

  it('a role change reaches the company’s users list and moves the user’s feed audience (410, pull again)', async () => {
    const northwind = demo.companies.northwind;
    const client = DEMO_USERS.find((user) => user.email === 'client@northwind.demo');
    if (!client) throw new Error('no demo client');
    const admin = await pullAll(demo.tokens.northwindAdmin, northwind);
    const asClient = await pullAll(demo.tokens.northwindClient, northwind);
    expect(asClient.changes.some((change) => change.entity === 'companyUsers')).toBe(false);

    await demo.as('superConsultant', 'POST', '/api/users/addRole', {
      body: { userId: client.id, role: 'Admin' },
    });
    const seen = await pullAll(demo.tokens.northwindAdmin, northwind, admin.cursor);
    const row = seen.changes.find(
      (change) => change.entity === 'companyUsers' && change.id === String(client.id),
    );
    expect(row?.row?.roles).toEqual(['Admin', 'Client']);
    // The client's next token (a refresh reads the roles again) names the new roles: its old cursor cannot go on.
    const promoted = await tokenFor(demo.server.config, {
      id: client.id,
      companyId: client.companyId,
      roles: await rolesOf(demo.server.db, client.id),
    });
    expect((await pullAll(promoted, northwind, asClient.cursor)).status).toBe(410);
    const again = await pullAll(promoted, northwind);
    // The cursor's audience (after '~') names what this reader may not read: an admin reads the users list.
    expect(again.cursor.split('~')[1]?.split('.')).not.toContain('companyUsers');
    expect(asClient.cursor.split('~')[1]?.split('.')).toContain('companyUsers');
    expect(again.changes.some((change) => change.entity === 'companyUsers')).toBe(true);

    await demo.as('superConsultant', 'DELETE', `/api/users/removeRole?id=${client.id}&role=Admin`);
    const after = await pullAll(demo.tokens.northwindAdmin, northwind, seen.cursor);
    const removed = after.changes.find(
      (change) => change.entity === 'companyUsers' && change.id === String(client.id),
    );
    expect(removed?.row?.roles).toEqual(['Client']);
  });
});
