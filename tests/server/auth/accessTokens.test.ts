// Access tokens (docs/architecture.md §5): a signature is checked once per token and remembered, its expiry on every
// use — a remembered token must still expire, and must not pass under another secret.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServerConfig } from '../../../server/src/config';
import { signAccessToken, verifyAccessToken } from '../../../server/src/auth/tokens';

function configWith(secret: string, accessTokenTtlSeconds = 60): ServerConfig {
  return { jwtSecret: new TextEncoder().encode(secret), accessTokenTtlSeconds } as ServerConfig;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('verifyAccessToken', () => {
  it('answers a token it verified before with its claims until it expires, then null', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-29T10:00:00Z'), toFake: ['Date'] });
    const config = configWith('a secret of at least thirty-two characters', 60);
    const token = await signAccessToken(config, { userId: 7, companyId: 3, role: ['Client'], sid: 'family' });
    const claims = { userId: 7, companyId: 3, role: ['Client'], sid: 'family' };
    expect(await verifyAccessToken(config, token)).toEqual(claims);
    expect(await verifyAccessToken(config, token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-29T10:01:01Z'));
    expect(await verifyAccessToken(config, token)).toBeNull();
  });

  it('refuses a verified token under another secret, and a token whose signature was changed', async () => {
    const config = configWith('a secret of at least thirty-two characters');
    const token = await signAccessToken(config, { userId: 7, companyId: 3, role: ['Client'] });
    expect(await verifyAccessToken(config, token)).not.toBeNull();
    expect(
      await verifyAccessToken(configWith('another secret, also thirty-two characters'), token),
    ).toBeNull();
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await verifyAccessToken(config, forged)).toBeNull();
  });
});
