import { resolve } from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { analyzeDatabase } from './db/maintenance';
import { migrateDatabase } from './db/migrate';
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemoIfEmpty } from './seed';
import { ensureSpaBuilt } from './spaBuild';
import { createFileStore } from './files/store';
import { sweepOrphanFiles } from './files/sweep';

/** `npm start`: build the SPA if needed, migrate, seed an empty database, serve on one port. */
async function main(): Promise<void> {
  const config = loadConfig();
  if (process.env.SKIP_SPA_BUILD !== '1') ensureSpaBuilt(resolve('.'), config.spaDir);

  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateDatabase(handle);
  const seeded = await seedDemoIfEmpty(handle.db);
  if (seeded) await analyzeDatabase(handle.db);

  const app = await buildApp({ config, db: handle.db });
  // Files a crash left behind (stored, never named by a committed row) go at start (docs/architecture.md §15).
  const swept = await sweepOrphanFiles(handle.db, createFileStore(config.filesDir));
  if (swept > 0) app.log.info({ swept }, 'removed files no row names');
  const shutdown = async () => {
    await app.close();
    await handle.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());

  await app.listen({ port: config.port, host: config.host });
  const lines = [
    '',
    `GET Energy Portal is running at ${config.publicUrl}`,
    `Database: ${handle.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`}${seeded ? ' (demo data seeded now)' : ''}`,
    `Demo logins (password ${DEMO_PASSWORD}):`,
    ...DEMO_LOGINS.map((login) => `  ${login.email.padEnd(26)} ${login.description}`),
    '',
  ];
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
