import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RULE_TEXT } from '../../../src/domain/validation';
import { passwordResetTokens } from '../../../server/src/db/schema';
import { createCompany, createUser } from '../../helpers/fixtures';
import { call, startTestServer } from '../../helpers/testServer';
import type { TestServer } from '../../helpers/testServer';
import { linkTokenMailedTo, login, readMails, refresh } from './authHelpers';

type Answer = {
  status?: string;
  message?: string;
  error?: { code: string; message: string; fields?: Record<string, string> };
};

const OLD_PASSWORD = 'Old@12345';
const NEW_PASSWORD = 'New@12345';

describe('forgot and reset password', { timeout: 30_000 }, () => {
  let server: TestServer;
  let user: { id: number; email: string };

  beforeAll(async () => {
    server = await startTestServer();
    const companyId = await createCompany(server.db, { name: 'Summit Health' });
    user = await createUser(server.db, { companyId, roles: ['Client'], password: OLD_PASSWORD });
  }, 60_000);
  afterAll(() => server.close(), 60_000);

  it('answers the same for unknown and known emails and mails only the known one', async () => {
    const unknown = await call<Answer>(server, 'POST', '/api/forgot_password', {
      body: { email: 'ghost@summit.test' },
    });
    const known = await call<Answer>(server, 'POST', '/api/forgot_password', {
      body: { email: user.email.toUpperCase() },
    });
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual({
      status: 'ok',
      message: 'If an account exists for that email, a reset link has been sent.',
    });
    expect(known.body).toEqual(unknown.body);
    await linkTokenMailedTo(server, user.email, 'resetpassword');
    expect(readMails(server).some((mail) => mail.includes('ghost@summit.test'))).toBe(false);
  });

  it('resets with the mailed link: rule enforced, old sessions ended, link used once', async () => {
    const before = await login(server, user.email, OLD_PASSWORD);
    const mailsBefore = readMails(server).length;
    await call(server, 'POST', '/api/forgot_password', { body: { email: user.email } });
    const tokenId = await linkTokenMailedTo(server, user.email, 'resetpassword', mailsBefore);
    const path = `/api/reset_password/${tokenId}`;

    const weak = await call<Answer>(server, 'POST', path, {
      body: { newPassword: 'short1!', confirmPassword: 'short1!' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.error?.fields).toEqual({ 'body.newPassword': PASSWORD_RULE_TEXT });
    const mismatch = await call<Answer>(server, 'POST', path, {
      body: { newPassword: NEW_PASSWORD, confirmPassword: 'New@12346' },
    });
    expect(mismatch.body.error?.fields).toEqual({ 'body.confirmPassword': 'Passwords do not match' });

    const ok = await call<Answer>(server, 'POST', path, {
      body: { newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ status: 'ok' });

    expect((await refresh(server, before.cookie)).status).toBe(401);
    expect(
      (await call(server, 'POST', '/api/login', { body: { email: user.email, password: OLD_PASSWORD } }))
        .status,
    ).toBe(401);
    await login(server, user.email, NEW_PASSWORD);

    const again = await call<Answer>(server, 'POST', path, {
      body: { newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(again.status).toBe(410);
    // The first link (from the earlier test) died with this reset.
    const rows = await server.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(rows.every((row) => row.usedAt !== null)).toBe(true);
  });

  it('answers 404 for unknown links and 410 for expired ones', async () => {
    const unknown = await call<Answer>(
      server,
      'POST',
      '/api/reset_password/00000000-0000-4000-8000-000000000000',
      {
        body: { newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      },
    );
    expect(unknown.status).toBe(404);
    const [expired] = await server.db
      .insert(passwordResetTokens)
      .values({ userId: user.id, expiresAt: new Date(Date.now() - 1000).toISOString() })
      .returning({ id: passwordResetTokens.id });
    const late = await call<Answer>(server, 'POST', `/api/reset_password/${expired?.id ?? ''}`, {
      body: { newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(late.status).toBe(410);
    expect(late.body.error?.message).toBe('This reset link has expired. Ask for a new one.');
  });
});
