import { afterEach, describe, expect, it } from 'vitest';
import { createCompany, createUser } from '../../helpers/fixtures';
import { call, startTestServer } from '../../helpers/testServer';
import type { TestServer } from '../../helpers/testServer';
import { refresh } from './authHelpers';

type Answer = { error?: { code: string; message: string } };

const PASSWORD = 'Secret@123';

// Each case gets a fresh server: the limits are counted per process and per minute.
describe('rate limits of sign-in', { timeout: 30_000 }, () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  }, 60_000);

  const loginAs = (s: TestServer, email: string, password = 'Wrong@123') =>
    call<Answer>(s, 'POST', '/api/login', { body: { email, password } });

  it('allows 5 login attempts a minute per account, then answers 429 even with the right password', async () => {
    server = await startTestServer();
    const companyId = await createCompany(server.db, { name: 'Northwind' });
    const user = await createUser(server.db, { companyId, roles: ['Client'], password: PASSWORD });
    for (let attempt = 0; attempt < 5; attempt++)
      expect((await loginAs(server, user.email)).status).toBe(401);
    const blocked = await loginAs(server, user.email.toUpperCase(), PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({
      error: { code: 'rate_limited', message: 'Too many requests, please wait and try again' },
    });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another account from the same address is still let through.
    expect((await loginAs(server, 'other@northwind.test')).status).toBe(401);
  });

  it('allows 10 login attempts a minute per address, whatever the accounts', async () => {
    server = await startTestServer();
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await loginAs(server, `user${attempt}@northwind.test`)).status).toBe(401);
    }
    const blocked = await loginAs(server, 'user99@northwind.test');
    expect(blocked.status).toBe(429);
    expect(blocked.body.error?.code).toBe('rate_limited');
  });

  it('allows 30 refreshes a minute per address', async () => {
    server = await startTestServer();
    for (let attempt = 0; attempt < 30; attempt++) expect((await refresh(server)).status).toBe(401);
    expect((await refresh(server)).status).toBe(429);
  });
});
