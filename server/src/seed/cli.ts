// `npm run seed -- [--reset] [--scale L] [--as-of YYYY-MM-DD] [--scale-lines]`: seeds the configured database.
// Without --reset the demo is seeded only into an empty database; --reset truncates every table first.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { companies } from '../db/schema';
import { analyzeDatabase } from '../db/maintenance';
import { SCALE_SIZES, isScaleLabel, resetDatabase, seedDemo, seedScale } from './index';
import type { SeedSummary } from './index';

function describe(summary: SeedSummary): string {
  const total = Object.values(summary.counts).reduce((sum, n) => sum + n, 0);
  const tables = Object.entries(summary.counts)
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([table, n]) => `  ${table.padEnd(28)} ${n.toLocaleString('en-US')}`);
  // Where the time goes: the slowest inserts (the rest of the total is generation and password hashing).
  const slowest = Object.entries(summary.timings)
    .sort(([, a], [, b]) => b - a)
    .slice(0, 4)
    .map(([table, ms]) => `${table} ${(ms / 1000).toFixed(1)} s`)
    .join(', ');
  return [
    ...tables,
    `  ${'total rows'.padEnd(28)} ${total.toLocaleString('en-US')}`,
    `  time ${(summary.ms / 1000).toFixed(1)} s (slowest inserts: ${slowest})`,
  ].join('\n');
}

/** Parses the flags, seeds, and prints what was written. */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      reset: { type: 'boolean', default: false },
      scale: { type: 'string' },
      'as-of': { type: 'string' },
      'scale-lines': { type: 'boolean', default: false },
    },
  });
  const scale = values.scale;
  if (scale !== undefined && !isScaleLabel(scale)) {
    throw new Error(`--scale must be one of ${Object.keys(SCALE_SIZES).join(', ')}, got "${scale}"`);
  }
  const asOfText = values['as-of'];
  const asOf = asOfText === undefined ? undefined : new Date(`${asOfText}T00:00:00.000Z`);
  if (asOf && Number.isNaN(asOf.getTime())) throw new Error(`--as-of must be YYYY-MM-DD, got "${asOfText}"`);

  const config = loadConfig();
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateDatabase(handle);
    if (values.reset) {
      await resetDatabase(handle.db);
      console.log('Reset: every table truncated.');
    }
    const existing = await handle.db.select({ id: companies.id }).from(companies).limit(1);
    if (existing.length === 0) {
      const summary = await seedDemo(handle.db, { asOf });
      console.log(`Demo data seeded (as of ${summary.asOf}):\n${describe(summary)}`);
    } else {
      console.log('Demo data already present (use --reset to start over).');
    }
    if (scale !== undefined) {
      const summary = await seedScale(handle.db, scale, { asOf, billLines: values['scale-lines'] });
      if (summary.ms === 0) console.log(`Scale ${scale} company already exists: id ${summary.companyId}.`);
      else
        console.log(
          `Scale ${scale} company seeded: id ${summary.companyId} (as of ${summary.asOf}):\n${describe(summary)}`,
        );
    }
    await analyzeDatabase(handle.db);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
