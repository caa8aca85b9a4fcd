// The store of the rate limits (docs/architecture.md §5): counts kept in the database, so a limit holds across every
// server process (`WEB_CONCURRENCY`) instead of each process counting its own share. @fastify/rate-limit asks the
// store to count one hit of a key and answer the count and the time left in the key's window.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** How often (in hits) the store drops windows that ended long ago. */
const PRUNE_EVERY_HITS = 500;
/** A window older than this is dropped by the prune; longer than any limit's window. */
const PRUNE_AFTER_MS = 60 * 60 * 1000;

interface WindowRow extends Record<string, unknown> {
  hits: number;
  elapsed_ms: number | string;
}

/** The route a limit belongs to, as the plugin hands it to `child` (`routeInfo` is empty for `createRateLimit`). */
interface ChildOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * A rate-limit store class over the database. Each route's limit counts under its own prefix (method and URL), so
 * the sign-in and refresh limits of one address stay apart, as the plugin's in-memory store keeps them.
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  let hitsSincePrune = 0;

  async function countHit(key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
    // One statement, atomic per key: a new window starts at the first hit after the last one ended.
    const result = await db.execute<WindowRow>(sql`
      insert into rate_limit_windows as w (key, window_start, hits) values (${key}, now(), 1)
      on conflict (key) do update set
        window_start = case when w.window_start + ${windowMs} * interval '1 millisecond' <= now()
          then now() else w.window_start end,
        hits = case when w.window_start + ${windowMs} * interval '1 millisecond' <= now()
          then 1 else w.hits + 1 end
      returning hits, extract(epoch from (now() - window_start)) * 1000 as elapsed_ms`);
    const row = result.rows[0];
    if (!row) throw new Error('the rate-limit count returned no row');
    hitsSincePrune += 1;
    if (hitsSincePrune >= PRUNE_EVERY_HITS) {
      hitsSincePrune = 0;
      await db.execute(
        sql`delete from rate_limit_windows where window_start < now() - ${PRUNE_AFTER_MS} * interval '1 millisecond'`,
      );
    }
    return { current: row.hits, ttl: Math.max(0, windowMs - Number(row.elapsed_ms)) };
  }

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(private readonly prefix = '') {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow?: number,
      _max?: number,
    ): void {
      // The plugin passes the route's window (ms) as the third argument; its typings omit it.
      countHit(`${this.prefix}${key}`, timeWindow ?? 60_000).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    // The plugin hands over the route's merged limit options (typed as the route's options by its typings).
    child(routeOptions: object): FastifyRateLimitStore {
      const route = (routeOptions as ChildOptions).routeInfo;
      const method = Array.isArray(route?.method) ? route.method.join(',') : (route?.method ?? '');
      return new DatabaseRateLimitStore(route?.url ? `${method} ${route.url}|` : '');
    }
  }
  return DatabaseRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}
