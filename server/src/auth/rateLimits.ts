// Rate limits of the sign-in calls (docs/architecture.md §5): per IP through the route's `config.rateLimit`,
// and per account through a second limiter that runs once the body (or challenge) names the account.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { ApiError } from '../errors';
import type { App } from '../http/types';
import type { ServerConfig } from '../config';

/** The per-minute limits of the public auth calls, scaled by RATE_LIMIT_SCALE (tests of many sign-ins). */
export function rateLimitsFor(config: Pick<ServerConfig, 'rateLimitScale'>) {
  const perMinute = (max: number): RateLimitOptions => ({
    max: max * config.rateLimitScale,
    timeWindow: '1 minute',
  });
  return {
    /** Login and verify2fa, per IP. */
    signInPerIp: perMinute(10),
    /** Refresh: a tab refreshes every 9 minutes, so 30 a minute is only reached by abuse. */
    refreshPerIp: perMinute(30),
    /** Invitations: signed-in admins may invite a team at once. */
    invitePerIp: perMinute(30),
    /** SSO calls (the ACS verifies signatures, which costs CPU). */
    ssoPerIp: perMinute(30),
    /** Calls that send mail or redeem mailed tokens. */
    mailPerIp: perMinute(10),
    /** Sign-in attempts per account. */
    perAccount: 5 * config.rateLimitScale,
  };
}

const PER_ACCOUNT_WINDOW_MS = 60_000;

/** Checks and counts one attempt against an account; throws 429 when over the limit. */
export type AccountLimiter = (request: FastifyRequest, reply: FastifyReply, account: string) => Promise<void>;

/** A per-account limiter (`max` a minute), counted apart from the per-IP limit of the same route. */
export function accountLimiter(app: App, max: number): AccountLimiter {
  // The plugin's key generator only sees the request, so the account key is handed over here.
  const keys = new WeakMap<FastifyRequest, string>();
  const limit = app.createRateLimit({
    max,
    timeWindow: PER_ACCOUNT_WINDOW_MS,
    keyGenerator: (request) => `account:${keys.get(request) ?? ''}`,
  });
  return async (request, reply, account) => {
    keys.set(request, account);
    const result = await limit(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', String(result.ttlInSeconds));
    throw new ApiError(429, 'rate_limited', 'Too many requests, please wait and try again');
  };
}
