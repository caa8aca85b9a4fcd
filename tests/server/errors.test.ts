import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer } from '../helpers/testServer';
import type { CallResult, TestServer } from '../helpers/testServer';
import { companyVersion, rowCounts, seedWorld, worldTokens } from '../helpers/companyWorld';
import type { RoleName, World } from '../helpers/companyWorld';
import { accounts } from '../../server/src/db/schema';

let server: TestServer;
let world: World;
let tokens: Record<RoleName, string>;
/** Every error answer of this file, checked at the end for leaked internals. */
const errorAnswers: CallResult[] = [];

beforeAll(async () => {
  server = await startTestServer({
    seed: async (db) => {
      world = await seedWorld(db);
    },
  });
  tokens = await worldTokens(server.config, world);
});

afterAll(async () => {
  await server.close();
});

async function expectError(
  promise: Promise<CallResult>,
  status: number,
  code?: string,
): Promise<CallResult<{ error: { code: string; message: string; fields?: Record<string, string> } }>> {
  const res = await promise;
  errorAnswers.push(res);
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toContain('application/json');
  expect(res.body).toMatchObject({
    error: { code: code ?? expect.any(String), message: expect.any(String) as string },
  });
  return res as CallResult<{ error: { code: string; message: string; fields?: Record<string, string> } }>;
}

const nicknamePath = () => `/api/accounts/nickname/${world.a.accountId}`;

describe('API errors', () => {
  it('answers 400 invalid_json for malformed JSON', async () => {
    await expectError(
      call(server, 'PUT', nicknamePath(), { token: tokens.client, rawBody: '{"nickname": ' }),
      400,
      'invalid_json',
    );
    await expectError(
      call(server, 'POST', '/api/user/saveGridSettings', { token: tokens.client, rawBody: "{gridName:'x'}" }),
      400,
      'invalid_json',
    );
  });

  it('answers 400 with fields for wrong types, missing fields and unknown fields', async () => {
    const nickname = await expectError(
      call(server, 'PUT', nicknamePath(), { token: tokens.client, body: { nickname: { text: 'x' } } }),
      400,
      'validation_failed',
    );
    expect(Object.keys(nickname.body.error.fields ?? {})).toContain('body.nickname');

    const grid = await expectError(
      call(server, 'POST', '/api/user/saveGridSettings', {
        token: tokens.client,
        body: { gridName: ['a', 'b'] },
      }),
      400,
      'validation_failed',
    );
    expect(grid.body.error.fields).toMatchObject({
      'body.gridName': expect.any(String) as string,
      'body.gridSettings': 'is required',
    });

    const tags = await expectError(
      call(server, 'POST', `/api/companies/${world.a.id}/site/${world.a.locationId}/associateTags`, {
        token: tokens.client,
        body: { tagIds: ['not-a-uuid'] },
      }),
      400,
      'validation_failed',
    );
    expect(Object.keys(tags.body.error.fields ?? {})).toEqual(['body.tagIds.0']);

    const extra = await expectError(
      call(server, 'PUT', `/api/${world.a.id}/editCustomAttributes`, {
        token: tokens.superConsultant,
        body: { customAttributes: [], companyId: world.b.id },
      }),
      400,
      'validation_failed',
    );
    expect(extra.body.error.fields).toBeDefined();

    const param = await expectError(
      call(server, 'GET', '/api/companies/abc', { token: tokens.client }),
      400,
      'validation_failed',
    );
    expect(Object.keys(param.body.error.fields ?? {})).toEqual(['params.id']);
  });

  it('answers 413 for a body over 1 MiB', async () => {
    const big = JSON.stringify({ nickname: 'x'.repeat(1024 * 1024 + 10) });
    await expectError(
      call(server, 'PUT', nicknamePath(), { token: tokens.client, rawBody: big }),
      413,
      'payload_too_large',
    );
  });

  it('answers SQL metacharacters in params, query and body with clear errors and changes nothing', async () => {
    const counts = await rowCounts(server.db);
    const versionA = await companyVersion(server.db, world.a.id);
    const versionB = await companyVersion(server.db, world.b.id);
    const injections = [
      "' OR 1=1 --",
      '"; drop table accounts; --',
      `1 OR 1=1`,
      `${world.a.id}; delete from tags`,
    ];
    for (const bad of injections) {
      const encoded = encodeURIComponent(bad);
      await expectError(
        call(server, 'GET', `/api/companies/${encoded}`, { token: tokens.superConsultant }),
        400,
      );
      await expectError(
        call(server, 'GET', `/api/company/${encoded}/profile`, { token: tokens.superConsultant }),
        400,
      );
      await expectError(
        call(server, 'GET', `/api/company_support/enabled?companyId=${encoded}`, { token: tokens.client }),
        400,
      );
      await expectError(
        call(server, 'GET', `/api/site/${encoded}/associateTags`, { token: tokens.superConsultant }),
        400,
      );
      await expectError(
        call(server, 'GET', `/api/sync/${encoded}/changes`, { token: tokens.superConsultant }),
        400,
      );
      await expectError(
        call(server, 'GET', `/api/sync/${world.a.id}/changes?since=${encoded}`, {
          token: tokens.superConsultant,
        }),
        400,
      );
      await expectError(
        call(server, 'PUT', `/api/accounts/nickname/${encoded}`, {
          token: tokens.client,
          body: { nickname: 'x' },
        }),
        400,
      );
      await expectError(
        call(server, 'PUT', `/api/${encoded}/editCustomAttributes`, {
          token: tokens.superConsultant,
          body: { customAttributes: [] },
        }),
        400,
      );
      await expectError(
        call(server, 'POST', `/api/companies/${world.a.id}/site/${world.a.locationId}/associateTags`, {
          token: tokens.client,
          body: { tagIds: [bad] },
        }),
        400,
      );
      await expectError(
        call(server, 'PUT', `/api/${world.a.id}/editCustomAttributes`, {
          token: tokens.superConsultant,
          body: { customAttributes: [{ id: bad, attributeName: 'x' }] },
        }),
        400,
      );
    }
    expect(await rowCounts(server.db)).toEqual(counts);
    expect(await companyVersion(server.db, world.a.id)).toBe(versionA);
    expect(await companyVersion(server.db, world.b.id)).toBe(versionB);
  });

  it('stores SQL metacharacters in text fields verbatim, touching only that row', async () => {
    const counts = await rowCounts(server.db);
    const nickname = `Robert'); DROP TABLE accounts; -- " OR 1=1`;
    const res = await call<{ nickname: string }>(server, 'PUT', nicknamePath(), {
      token: tokens.client,
      body: { nickname },
    });
    expect(res).toMatchObject({ status: 200, body: { nickname } });
    expect(await rowCounts(server.db)).toEqual(counts);
    const [row] = await server.db
      .select({ nickname: accounts.nickname })
      .from(accounts)
      .where(eq(accounts.id, world.a.accountId));
    expect(row?.nickname).toBe(nickname);
    const [other] = await server.db
      .select({ nickname: accounts.nickname })
      .from(accounts)
      .where(eq(accounts.id, world.b.accountId));
    expect(other?.nickname).toBeNull();
  });

  it('answers 404 for an unknown company and for ids beyond the integer range 400', async () => {
    await expectError(
      call(server, 'GET', '/api/companies/999999', { token: tokens.superConsultant }),
      404,
      'not_found',
    );
    await expectError(
      call(server, 'GET', '/api/companies/99999999999999', { token: tokens.superConsultant }),
      400,
      'validation_failed',
    );
    await expectError(
      call(server, 'GET', '/api/companies/0', { token: tokens.superConsultant }),
      400,
      'validation_failed',
    );
  });

  it('answers 401 without a token and with a forged or garbage token', async () => {
    await expectError(call(server, 'GET', `/api/companies/${world.a.id}`), 401, 'unauthorized');
    await expectError(
      call(server, 'GET', `/api/companies/${world.a.id}`, { token: 'not.a.jwt' }),
      401,
      'unauthorized',
    );
    const [header, payload] = tokens.superConsultant.split('.');
    await expectError(
      call(server, 'GET', `/api/companies/${world.a.id}`, { token: `${header}.${payload}.forged` }),
      401,
      'unauthorized',
    );
    // Authentication comes first: a malformed body without a token is still 401.
    await expectError(call(server, 'PUT', nicknamePath(), { rawBody: '{"nickname":' }), 401, 'unauthorized');
  });

  it('rejects a malformed Idempotency-Key or If-Match header with 400', async () => {
    const key = await expectError(
      call(server, 'PUT', nicknamePath(), {
        token: tokens.client,
        body: { nickname: 'x' },
        headers: { 'idempotency-key': "'; drop" },
      }),
      400,
    );
    expect(key.body.error.fields).toEqual({ 'headers.idempotency-key': 'is invalid' });
    const version = await expectError(
      call(server, 'PUT', nicknamePath(), {
        token: tokens.client,
        body: { nickname: 'x' },
        headers: { 'if-match': '1 OR 1=1' },
      }),
      400,
    );
    expect(version.body.error.fields).toEqual({ 'headers.if-match': 'is invalid' });
  });

  it('never answers an error with a stack trace or internals', () => {
    expect(errorAnswers.length).toBeGreaterThan(40);
    for (const res of errorAnswers) {
      const text = JSON.stringify(res.body);
      expect(text).not.toMatch(/\bstack\b|\bat .+:\d+:\d+|node_modules|\.ts:\d+|drizzle|postgres|pglite/i);
    }
  });
});
