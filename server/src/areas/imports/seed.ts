// One demo import batch per company: a file applied and then undone, so the batches list has a row without claiming
// any of the seeded bills (those were generated, not imported).
import { importBatches } from '../../db/schema';
import type { SeedWriter } from '../../seed/bulkInsert';
import type { SeededCompany } from '../../seed/context';
import { rngFor } from '../../seed/random';

export async function seedArea(writer: SeedWriter, { ctx }: SeededCompany): Promise<void> {
  const rng = rngFor(ctx.seed, 'imports', ctx.companyId);
  await writer.insertSynced(importBatches, ctx.companyId, [
    {
      id: rng.uuid(),
      companyId: ctx.companyId,
      createdBy: null,
      createdAt: ctx.stamp,
      updatedAt: ctx.stamp,
      fileName: 'utility-bills-sample.csv',
      kind: 'bills',
      mapping: null,
      counts: { rows: 0, bills: 0, lines: 0, duplicates: 0, replaced: 0, errors: 0, accountsCreated: 0 },
      totals: [],
      status: 'undone',
      errors: [],
    },
  ]);
}
