// Grid settings writes through the outbox: one row per user, company and grid, upserted by the server.
import { randomId } from '../ids';
import { enqueue } from '../outbox';
import type { AppDb } from '../schema';
import type { OutboxEntry } from '../syncRows';

/**
 * Saves a grid's column list locally and queues `POST /api/companies/{companyId}/user/saveGridSettings`.
 * A first save creates the row under a local id; the server's answer brings its own id.
 */
export async function saveGridSettings(
  db: AppDb,
  params: { companyId: number; userId: number; gridName: string; gridSettings: string },
): Promise<OutboxEntry> {
  const { companyId, userId, gridName, gridSettings } = params;
  const existing = await db.gridSettings.where('[companyId+gridName]').equals([companyId, gridName]).first();
  const id = existing?.id ?? randomId();
  return enqueue(db, {
    companyId,
    write: 'saveGridSettings',
    params: { companyId },
    body: { gridName, gridSettings },
    entity: 'gridSettings',
    entityId: id,
    change: existing
      ? { kind: 'patch', fields: { gridSettings } }
      : {
          kind: 'put',
          row: {
            id,
            companyId,
            userId,
            gridName,
            gridSettings,
            version: 0,
            updatedAt: new Date().toISOString(),
          },
        },
  });
}
