import type { FastifyReply } from 'fastify';
import type { WriteResult } from '../sync/syncedWrite';

/**
 * Sends the answer of a synced write. A replayed Idempotency-Key gets the stored answer unchanged; the
 * header only tells logs and tests that nothing was applied this time.
 */
export function sendWriteResult(
  reply: FastifyReply,
  result: WriteResult & { replayed: boolean },
): FastifyReply {
  return reply
    .status(result.statusCode)
    .header('idempotent-replayed', String(result.replayed))
    .send(result.body);
}
