import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAccessToken } from '../../../server/src/auth/tokens';
import { ssoClients } from '../../../server/src/db/schema';
import { createCompany, createUser } from '../../helpers/fixtures';
import { call, startTestServer } from '../../helpers/testServer';
import type { TestServer } from '../../helpers/testServer';
import { refresh, refreshCookieValue } from './authHelpers';
import { encodeResponse, responseXml, signResponse } from './samlResponse';

type Answer = { accessToken?: string; redirectUrl?: string; error?: { code: string; message: string } };

// Made per run and kept in memory only: no private key is ever written to disk or committed.
function keyPair() {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

/** A key and its self-signed certificate, as real IdPs publish, when the openssl CLI is there (stdout only). */
function selfSignedIdp(): { privateKey: string; certificate: string } | null {
  try {
    const out = execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        '-',
        '-subj',
        '/CN=idp.test',
        '-days',
        '2',
      ],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
    const privateKey = /-----BEGIN PRIVATE KEY-----[\s\S]+?-----END PRIVATE KEY-----/.exec(out)?.[0];
    const certificate = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.exec(out)?.[0];
    return privateKey && certificate ? { privateKey, certificate } : null;
  } catch {
    return null;
  }
}

const AUDIENCE = 'https://portal.test/sp';
const idp = keyPair();
const stranger = keyPair();

describe('SAML single sign-on', { timeout: 30_000 }, () => {
  let server: TestServer;
  let acs: string;
  let user: { id: number; email: string };
  let outsider: { id: number; email: string };
  let companyId: number;

  const post = (clientId: string, samlResponse: string) =>
    call<Answer>(server, 'POST', `/api/ssoacs/${clientId}`, { body: { SAMLResponse: samlResponse } });
  const signed = (
    nameId: string,
    extra: { offsetMs?: number; inResponseTo?: string; audience?: string } = {},
  ) =>
    encodeResponse(
      signResponse(responseXml({ nameId, recipient: acs, audience: AUDIENCE, ...extra }), idp.privateKey),
    );

  beforeAll(async () => {
    server = await startTestServer();
    companyId = await createCompany(server.db, { name: 'Northwind Retail' });
    const otherCompany = await createCompany(server.db, { name: 'Harbor Foods' });
    user = await createUser(server.db, { email: 'sso.user@northwind.test', companyId, roles: ['Client'] });
    outsider = await createUser(server.db, {
      email: 'sso.user@harbor.test',
      companyId: otherCompany,
      roles: ['Client'],
    });
    await server.db.insert(ssoClients).values({
      clientId: 'northwind',
      companyId,
      idpEntryPoint: 'https://idp.test/sso',
      idpCert: idp.publicKey,
      issuer: 'get-energy-portal',
      audience: AUDIENCE,
    });
    acs = `${server.config.publicUrl}/api/ssoacs/northwind`;
  }, 60_000);
  afterAll(() => server.close(), 60_000);

  it('answers 404 "Client does not exist" for an unknown client', async () => {
    const result = await call<Answer>(server, 'POST', '/api/ssologin/nobody');
    expect(result.status).toBe(404);
    expect(result.body).toEqual({ error: { code: 'not_found', message: 'Client does not exist' } });
    expect((await post('nobody', signed(user.email))).status).toBe(404);
  });

  it('starts a login with a redirect to the IdP carrying an AuthnRequest', async () => {
    const result = await call<Answer>(server, 'POST', '/api/ssologin/northwind');
    expect(result.status).toBe(200);
    const url = new URL(result.body.redirectUrl ?? '');
    expect(`${url.origin}${url.pathname}`).toBe('https://idp.test/sso');
    const request = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest') ?? '', 'base64')).toString(
      'utf8',
    );
    expect(request).toContain('AuthnRequest');
    expect(request).toContain(`AssertionConsumerServiceURL="${acs}"`);
    expect(request).toContain('get-energy-portal');
  });

  it('signs in the user a validly signed response names, with a refresh cookie', async () => {
    const result = await post('northwind', signed('SSO.User@Northwind.test'));
    expect(result.status).toBe(200);
    const claims = await verifyAccessToken(server.config, result.body.accessToken ?? '');
    expect(claims).toMatchObject({ userId: user.id, companyId, role: ['Client'] });
    expect((await refresh(server, refreshCookieValue(result))).status).toBe(200);
  });

  it('accepts a response signed as a whole instead of per assertion', async () => {
    const xml = responseXml({ nameId: user.email, recipient: acs, audience: AUDIENCE });
    const result = await post('northwind', encodeResponse(signResponse(xml, idp.privateKey, 'response')));
    expect(result.status).toBe(200);
  });

  it('rejects tampered, foreign-signed, unsigned, stale and misaddressed responses', async () => {
    const genuine = signResponse(
      responseXml({ nameId: user.email, recipient: acs, audience: AUDIENCE }),
      idp.privateKey,
    );
    // The swapped-in user exists in the company, so only the signature can stop this.
    const colleague = await createUser(server.db, {
      email: 'colleague@northwind.test',
      companyId,
      roles: ['Client'],
    });
    const tampered = genuine.replace(user.email, colleague.email);
    expect((await post('northwind', signed(colleague.email))).status).toBe(200);
    expect(tampered).not.toBe(genuine);
    const foreign = signResponse(
      responseXml({ nameId: user.email, recipient: acs, audience: AUDIENCE }),
      stranger.privateKey,
    );
    const unsigned = responseXml({ nameId: user.email, recipient: acs, audience: AUDIENCE });
    for (const xml of [tampered, foreign, unsigned]) {
      const result = await post('northwind', encodeResponse(xml));
      expect(result.status).toBe(401);
      expect(result.body.error?.message).toBe('Single sign-on failed');
      expect(refreshCookieValue(result)).toBeUndefined();
    }
    expect((await post('northwind', signed(user.email, { offsetMs: -3_600_000 }))).status).toBe(401);
    expect((await post('northwind', signed(user.email, { audience: 'https://elsewhere.test' }))).status).toBe(
      401,
    );
    expect((await post('northwind', 'bm90IHhtbA==')).status).toBe(401);
  });

  it("rejects a user outside the client's company", async () => {
    expect((await post('northwind', signed(outsider.email))).status).toBe(401);
    expect((await post('northwind', signed('nobody@northwind.test'))).status).toBe(401);
  });

  it('accepts an answer to our own AuthnRequest once', async () => {
    const start = await call<Answer>(server, 'POST', '/api/ssologin/northwind');
    const request = inflateRawSync(
      Buffer.from(new URL(start.body.redirectUrl ?? '').searchParams.get('SAMLRequest') ?? '', 'base64'),
    ).toString('utf8');
    const requestId = /ID="([^"]+)"/.exec(request)?.[1] ?? '';
    const answer = signed(user.email, { inResponseTo: requestId });
    expect((await post('northwind', answer)).status).toBe(200);
    expect((await post('northwind', answer)).status).toBe(401);
    expect((await post('northwind', signed(user.email, { inResponseTo: '_never-sent' }))).status).toBe(401);
  });

  it("redirects an IdP's browser form POST to the SPA with the refresh cookie set", async () => {
    const response = await fetch(`${server.url}/api/ssoacs/northwind`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ SAMLResponse: signed(user.email), RelayState: '' }).toString(),
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${server.config.publicUrl}/ssoacs/northwind?status=ok`);
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith('get_refresh='))).toBe(true);

    const failed = await fetch(`${server.url}/api/ssoacs/northwind`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ SAMLResponse: encodeResponse('<bad/>') }).toString(),
      redirect: 'manual',
    });
    expect(failed.status).toBe(303);
    expect(failed.headers.get('location')).toBe(`${server.config.publicUrl}/login?sso=failed`);
  });

  it('verifies against an IdP certificate, as IdPs publish them', async (context) => {
    const certified = selfSignedIdp();
    if (!certified) return context.skip();
    await server.db.insert(ssoClients).values({
      clientId: 'northwind-cert',
      companyId,
      idpEntryPoint: 'https://idp.test/sso',
      idpCert: certified.certificate,
      issuer: 'get-energy-portal',
      audience: AUDIENCE,
    });
    const xml = responseXml({ nameId: user.email, recipient: acs, audience: AUDIENCE });
    expect(
      (await post('northwind-cert', encodeResponse(signResponse(xml, certified.privateKey)))).status,
    ).toBe(200);
    const foreign = signResponse(xml, idp.privateKey);
    expect((await post('northwind-cert', encodeResponse(foreign))).status).toBe(401);
  });
});
