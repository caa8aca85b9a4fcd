import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RULE_TEXT } from '../../../src/domain/validation';
import { verifyAccessToken } from '../../../server/src/auth/tokens';
import { invites } from '../../../server/src/db/schema';
import { createCompany, createUser, grantCompany, tokenFor } from '../../helpers/fixtures';
import { call, startTestServer } from '../../helpers/testServer';
import type { TestServer } from '../../helpers/testServer';
import { linkTokenMailedTo, login, readMails } from './authHelpers';

type Answer = { status?: string; error?: { code: string; message: string; fields?: Record<string, string> } };

describe('invitations and registration', { timeout: 30_000 }, () => {
  let server: TestServer;
  let northwind: number;
  let harbor: number;
  let adminToken: string;
  let consultantToken: string;
  let clientToken: string;

  beforeAll(async () => {
    server = await startTestServer();
    const consultancy = await createCompany(server.db, { name: 'GET Consulting' });
    northwind = await createCompany(server.db, { name: 'Northwind Retail' });
    harbor = await createCompany(server.db, { name: 'Harbor Foods' });
    const admin = await createUser(server.db, { companyId: northwind, roles: ['Client', 'Admin'] });
    const client = await createUser(server.db, { companyId: northwind, roles: ['Client'] });
    const consultant = await createUser(server.db, { companyId: consultancy, roles: ['Consultant'] });
    await grantCompany(server.db, consultant.id, harbor);
    adminToken = await tokenFor(server.config, {
      id: admin.id,
      companyId: northwind,
      roles: ['Client', 'Admin'],
    });
    clientToken = await tokenFor(server.config, { id: client.id, companyId: northwind, roles: ['Client'] });
    consultantToken = await tokenFor(server.config, {
      id: consultant.id,
      companyId: consultancy,
      roles: ['Consultant'],
    });
  }, 60_000);
  afterAll(() => server.close(), 60_000);

  it('mails a link; registration enforces the password rule, then the new user signs in', async () => {
    const email = 'new.person@northwind.test';
    const invite = await call<Answer>(server, 'POST', '/api/invite', {
      token: adminToken,
      body: {
        email: 'New.Person@Northwind.test',
        firstName: 'New',
        lastName: 'Person',
        roles: ['Client', 'Limited Client'],
      },
    });
    expect(invite.status).toBe(200);
    expect(invite.body).toEqual({ status: 'sent' });
    const tokenId = await linkTokenMailedTo(server, email, 'register');
    expect(readMails(server).some((mail) => mail.includes('Northwind Retail'))).toBe(true);

    const page = await call(server, 'GET', `/api/register/${tokenId}`);
    expect(page.status).toBe(200);
    expect(page.body).toEqual({
      email,
      companyName: 'Northwind Retail',
      firstName: 'New',
      lastName: 'Person',
    });

    const path = `/api/register/${tokenId}`;
    const weak = await call<Answer>(server, 'POST', path, {
      body: { firstName: 'New', lastName: 'Person', password: 'password', confirmPassword: 'password' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.error?.fields).toEqual({ 'body.password': PASSWORD_RULE_TEXT });

    const mismatch = await call<Answer>(server, 'POST', path, {
      body: { firstName: 'New', lastName: 'Person', password: 'Strong@123', confirmPassword: 'Strong@124' },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error?.fields).toEqual({ 'body.confirmPassword': 'Passwords do not match' });

    const ok = await call<Answer>(server, 'POST', path, {
      body: { firstName: 'New', lastName: 'Person', password: 'Strong@123', confirmPassword: 'Strong@123' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ status: 'ok' });

    const again = await call<Answer>(server, 'POST', path, {
      body: { firstName: 'New', lastName: 'Person', password: 'Strong@123', confirmPassword: 'Strong@123' },
    });
    expect(again.status).toBe(410);
    expect(again.body.error?.message).toBe('This invitation has already been used');

    const session = await login(server, email, 'Strong@123');
    const claims = await verifyAccessToken(server.config, session.accessToken);
    expect(claims).toMatchObject({ companyId: northwind, role: ['Client', 'Limited Client'] });
  });

  it('answers 409 for an email that already has a user', async () => {
    const existing = await createUser(server.db, { companyId: northwind, roles: ['Client'] });
    const result = await call<Answer>(server, 'POST', '/api/invite', {
      token: adminToken,
      body: { email: existing.email.toUpperCase(), firstName: 'A', lastName: 'B' },
    });
    expect(result.status).toBe(409);
    expect(result.body.error?.message).toBe('A user with this email address already exists');
  });

  it('lets a consultant invite into a granted company only, and never as a consultant', async () => {
    const granted = await call<Answer>(server, 'POST', '/api/invite', {
      token: consultantToken,
      body: { email: 'buyer@harbor.test', firstName: 'Hal', lastName: 'Buyer', companyId: harbor },
    });
    expect(granted.status).toBe(200);
    const [row] = await server.db.select().from(invites).where(eq(invites.email, 'buyer@harbor.test'));
    expect(row).toMatchObject({ companyId: harbor, roles: ['Client'] });

    const foreign = await call<Answer>(server, 'POST', '/api/invite', {
      token: consultantToken,
      body: { email: 'x@northwind.test', firstName: 'X', lastName: 'Y', companyId: northwind },
    });
    expect(foreign.status).toBe(404);

    const promote = await call<Answer>(server, 'POST', '/api/invite', {
      token: consultantToken,
      body: {
        email: 'c2@harbor.test',
        firstName: 'C',
        lastName: 'Two',
        companyId: harbor,
        roles: ['Consultant'],
      },
    });
    expect(promote.status).toBe(403);
  });

  it('refuses ordinary clients, a foreign company for an admin, and bad input', async () => {
    const body = { email: 'someone@northwind.test', firstName: 'Some', lastName: 'One' };
    expect((await call(server, 'POST', '/api/invite', { token: clientToken, body })).status).toBe(403);
    expect(
      (await call(server, 'POST', '/api/invite', { token: adminToken, body: { ...body, companyId: harbor } }))
        .status,
    ).toBe(404);
    expect((await call(server, 'POST', '/api/invite', { body })).status).toBe(401);
    const bad = await call<Answer>(server, 'POST', '/api/invite', {
      token: adminToken,
      body: { email: 'nope', firstName: '', lastName: 'One', roles: ['Boss'] },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error?.fields ?? {})).toEqual(
      expect.arrayContaining(['body.email', 'body.firstName', 'body.roles.0']),
    );
  });

  it('answers 404 for unknown or malformed links and 410 for expired ones', async () => {
    expect((await call(server, 'GET', '/api/register/00000000-0000-4000-8000-000000000000')).status).toBe(
      404,
    );
    expect((await call(server, 'GET', "/api/register/1'%20or%201=1")).status).toBe(404);

    const [expired] = await server.db
      .insert(invites)
      .values({
        email: 'late@northwind.test',
        companyId: northwind,
        expiresAt: new Date(Date.now() - 1000).toISOString(),
      })
      .returning({ id: invites.id });
    const result = await call<Answer>(server, 'POST', `/api/register/${expired?.id ?? ''}`, {
      body: { firstName: 'L', lastName: 'Ate', password: 'Strong@123', confirmPassword: 'Strong@123' },
    });
    expect(result.status).toBe(410);
    expect(result.body.error?.code).toBe('gone');
  });
});
