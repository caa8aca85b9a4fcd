import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../helpers/database';
import type { TestDatabase } from '../../helpers/database';
import { insertRows } from '../../../server/src/db/insertRows';
import { alerts, bills } from '../../../server/src/db/schema';

// The one bulk insert (server/src/db/insertRows.ts) that the seed, the imports and the audits write through: rows
// travel as JSON, so what matters is that every column type comes back as drizzle's own insert would leave it.
describe('insertRows', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase('demo');
  });

  afterAll(async () => {
    await database.close();
  });

  it('writes money, usage, json, dates and nulls as they were given, in chunks', async () => {
    const { db } = database.handle;
    const [bill] = await db.select().from(bills).limit(1);
    if (!bill) throw new Error('the demo has no bill');
    const copies = Array.from({ length: 7 }, (_, i) => ({
      ...bill,
      id: crypto.randomUUID(),
      billMonth: `1901-${String(i + 1).padStart(2, '0')}`,
      totalNewCharges: 1234.56 + i,
      invoiceNumber: i % 2 === 0 ? null : `INV-${i}`,
      services: [{ ...bill.services[0]!, usage: 10.125 + i, charges: 99.99 }],
    }));
    await db.transaction((tx) => insertRows(tx, bills, copies, { chunkRows: 3 }));
    const read = await db
      .select()
      .from(bills)
      .where(
        inArray(
          bills.id,
          copies.map((copy) => copy.id),
        ),
      );
    expect(read).toHaveLength(7);
    for (const copy of copies) expect(read.find((row) => row.id === copy.id)).toEqual(copy);
  });

  it('skips the rows its unique key already holds and answers the ids of those it inserted', async () => {
    const { db } = database.handle;
    const [alert] = await db.select().from(alerts).limit(1);
    if (!alert) throw new Error('the demo has no alert');
    const { id: _id, ...rest } = alert;
    const fresh = { ...rest, auditKey: `${alert.auditKey}:again` };
    const ids = await db.transaction((tx) =>
      insertRows(tx, alerts, [rest, fresh], {
        onConflictDoNothing: [alerts.companyId, alerts.auditKey],
        returningIds: true,
      }),
    );
    expect(ids).toHaveLength(1);
    const [stored] = await db
      .select()
      .from(alerts)
      .where(and(eq(alerts.companyId, alert.companyId), eq(alerts.auditKey, fresh.auditKey)));
    expect(stored).toEqual({ ...fresh, id: ids[0] });
  });
});
