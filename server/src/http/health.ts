import { sql } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App, AppDeps } from './types';

const HEALTH = Type.Object({ status: Type.String(), database: Type.String() });

/** `GET /api/health`: the server is up and whether its database answers. */
export async function healthRoutes(app: App, { db }: AppDeps): Promise<void> {
  app.get(
    '/api/health',
    {
      config: { access: { public: true } },
      schema: { response: { 200: HEALTH, 503: HEALTH } },
    },
    async (_request, reply) => {
      try {
        await db.execute(sql`select 1`);
        return { status: 'ok', database: 'reachable' };
      } catch {
        return reply.status(503).send({ status: 'degraded', database: 'unreachable' });
      }
    },
  );
}
