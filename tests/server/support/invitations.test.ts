import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createUser, grantCompany, tokenFor } from '../../helpers/fixtures';
import { call, startTestServer } from '../../helpers/testServer';
import type { TestServer } from '../../helpers/testServer';
import { linkTokenMailedTo, readMails } from '../auth/authHelpers';

interface Pending {
  id: string;
  email: string;
  roles: string[];
  invitedByName: string | null;
  expiresAt: string;
}

describe('pending invitations: list, resend, revoke', { timeout: 30_000 }, () => {
  let server: TestServer;
  let northwind: number;
  let harbor: number;
  let admin: string;
  let client: string;
  let consultant: string;
  let superConsultant: string;

  beforeAll(async () => {
    server = await startTestServer();
    const consultancy = await createCompany(server.db, { name: 'GET Consulting' });
    northwind = await createCompany(server.db, { name: 'Northwind Retail' });
    harbor = await createCompany(server.db, { name: 'Harbor Foods' });
    const users = {
      admin: await createUser(server.db, { companyId: northwind, roles: ['Client', 'Admin'] }),
      client: await createUser(server.db, { companyId: northwind, roles: ['Client'] }),
      consultant: await createUser(server.db, { companyId: consultancy, roles: ['Consultant'] }),
      super: await createUser(server.db, { companyId: consultancy, roles: ['Super Consultant'] }),
    };
    await grantCompany(server.db, users.consultant.id, northwind);
    admin = await tokenFor(server.config, {
      id: users.admin.id,
      companyId: northwind,
      roles: ['Client', 'Admin'],
    });
    client = await tokenFor(server.config, { id: users.client.id, companyId: northwind, roles: ['Client'] });
    consultant = await tokenFor(server.config, {
      id: users.consultant.id,
      companyId: consultancy,
      roles: ['Consultant'],
    });
    superConsultant = await tokenFor(server.config, {
      id: users.super.id,
      companyId: consultancy,
      roles: ['Super Consultant'],
    });
  }, 60_000);
  afterAll(() => server.close(), 60_000);

  const list = (token: string, path = '/api/invites') => call<Pending[]>(server, 'GET', path, { token });

  it('lists the company’s pending invitations to admins and consultants, never to plain clients', async () => {
    const sent = await call(server, 'POST', '/api/invite', {
      token: admin,
      body: { email: 'pat@northwind.test', firstName: 'Pat', lastName: 'Lee', roles: ['Limited Client'] },
    });
    expect(sent.status).toBe(200);
    const mine = await list(admin);
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual([
      expect.objectContaining({
        email: 'pat@northwind.test',
        roles: ['Limited Client'],
        invitedByName: expect.any(String),
      }),
    ]);
    const twin = await list(consultant, `/api/companies/${northwind}/invites`);
    expect(twin.body.map((row) => row.email)).toEqual(['pat@northwind.test']);
    expect((await list(client)).status).toBe(403);
    expect((await list(consultant, `/api/companies/${harbor}/invites`)).status).toBe(404);
  });

  it('resends with a new 7-day link and the same mail; revoking makes the link unknown', async () => {
    const [pending] = (await list(admin)).body;
    if (!pending) throw new Error('no pending invitation');
    const mailsBefore = readMails(server).length;
    const resent = await call<{ status: string; expiresAt: string }>(
      server,
      'POST',
      `/api/invites/${pending.id}/resend`,
      { token: admin },
    );
    expect(resent.status).toBe(200);
    expect(Date.parse(resent.body.expiresAt)).toBeGreaterThanOrEqual(Date.parse(pending.expiresAt));
    expect(await linkTokenMailedTo(server, 'pat@northwind.test', 'register', mailsBefore)).toBe(pending.id);

    expect((await call(server, 'DELETE', `/api/invites/${pending.id}`, { token: client })).status).toBe(403);
    const revoked = await call(server, 'DELETE', `/api/invites/${pending.id}`, { token: admin });
    expect(revoked.status).toBe(200);
    expect((await list(admin)).body).toEqual([]);
    expect((await call(server, 'GET', `/api/register/${pending.id}`)).status).toBe(404);
    expect((await call(server, 'DELETE', `/api/invites/${pending.id}`, { token: admin })).status).toBe(404);
  });

  it('lets only a super consultant manage an invitation that makes a consultant', async () => {
    const sent = await call(server, 'POST', '/api/invite', {
      token: superConsultant,
      body: {
        email: 'new.consultant@get.test',
        firstName: 'Nia',
        lastName: 'Ray',
        roles: ['Consultant'],
        companyId: northwind,
      },
    });
    expect(sent.status).toBe(200);
    const [invite] = (await list(superConsultant, `/api/companies/${northwind}/invites`)).body;
    if (!invite) throw new Error('no invitation');
    expect(
      (
        await call(server, 'POST', `/api/companies/${northwind}/invites/${invite.id}/resend`, {
          token: consultant,
        })
      ).status,
    ).toBe(403);
    expect((await call(server, 'DELETE', `/api/invites/${invite.id}`, { token: admin })).status).toBe(403);
    expect(
      (
        await call(server, 'DELETE', `/api/companies/${northwind}/invites/${invite.id}`, {
          token: superConsultant,
        })
      ).status,
    ).toBe(200);
  });
});
