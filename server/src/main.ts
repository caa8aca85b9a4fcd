import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import type { ServerConfig } from './config';
import { openDatabase } from './db/client';
import { analyzeDatabase } from './db/maintenance';
import { migrateDatabase } from './db/migrate';
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemoIfEmpty } from './seed';
import { ensureSpaBuilt } from './spaBuild';
import { createFileStore } from './files/store';
import { FeedAnswerStore, serveFeedAnswers } from './sync/feedAnswerStore';
import { sweepOrphanFiles } from './files/sweep';

/**
 * How many processes serve the port (docs/architecture.md §5 "Several processes"). PGlite is an embedded database
 * one process opens, so it is served by one; with PostgreSQL, WEB_CONCURRENCY or one per core. Nothing one
 * process needs is kept in another's memory: sessions are tokens, rate limits and SAML request ids are rows.
 */
function processCount(config: ServerConfig): number {
  if (!config.databaseUrl) {
    if (config.webConcurrency > 1)
      throw new Error(
        'WEB_CONCURRENCY above 1 needs DATABASE_URL: the embedded PGlite database is one process’s',
      );
    return 1;
  }
  return config.webConcurrency > 0 ? config.webConcurrency : availableParallelism();
}

/** Migrates, seeds an empty database and sweeps orphan files: once, before any process serves. */
async function prepare(config: ServerConfig) {
  if (process.env.SKIP_SPA_BUILD !== '1') ensureSpaBuilt(resolve('.'), config.spaDir);
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateDatabase(handle);
  const seeded = await seedDemoIfEmpty(handle.db);
  if (seeded) await analyzeDatabase(handle.db);
  // Files a crash left behind (stored, never named by a committed row) go at start (docs/architecture.md §15).
  const swept = await sweepOrphanFiles(handle.db, createFileStore(config.filesDir));
  return { handle, seeded, swept };
}

/** Serves the API and the app on the port; in a cluster each worker runs this and the primary shares the port. */
async function serve(config: ServerConfig, handle?: Awaited<ReturnType<typeof prepare>>['handle']) {
  const database =
    handle ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const app = await buildApp({ config, db: database.db });
  // Which process answered, for operators reading a trace (the worker's number in the cluster, not its pid).
  const worker = cluster.worker;
  if (worker)
    app.addHook(
      'onSend',
      async (_request, reply) => void reply.header('x-server-process', String(worker.id)),
    );
  const shutdown = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
  await app.listen({ port: config.port, host: config.host });
  return app;
}

function banner(config: ServerConfig, seeded: boolean, processes: number): string {
  const database = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  return [
    '',
    `GET Energy Portal is running at ${config.publicUrl}${processes > 1 ? ` (${processes} processes)` : ''}`,
    `Database: ${database}${seeded ? ' (demo data seeded now)' : ''}`,
    `Demo logins (password ${DEMO_PASSWORD}):`,
    ...DEMO_LOGINS.map((login) => `  ${login.email.padEnd(26)} ${login.description}`),
    '',
  ].join('\n');
}

/**
 * Forks the serving processes and keeps their number: a worker that dies is replaced, unless stopping. The primary
 * keeps the full-pull answers the processes share (`FeedAnswerStore`); advanced serialization hands their bodies over
 * as bytes.
 */
function runCluster(config: ServerConfig, processes: number): void {
  let stopping = false;
  const answers = new FeedAnswerStore(config.feedCacheMb * 1024 * 1024);
  cluster.setupPrimary({ serialization: 'advanced' });
  cluster.on('fork', (worker) => serveFeedAnswers(answers, worker));
  for (let i = 0; i < processes; i++) cluster.fork();
  cluster.on('exit', (worker, code) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`server process ${worker.process.pid} exited (${code}); starting another`);
    cluster.fork();
  });
  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** `npm start`: build the SPA if needed, migrate, seed an empty database, serve on one port. */
async function main(): Promise<void> {
  // The primary reads the configuration first: a generated JWT secret is written once, and every worker reads it.
  const config = loadConfig();
  if (cluster.isWorker) {
    await serve(config);
    return;
  }
  const processes = processCount(config);
  const { handle, seeded, swept } = await prepare(config);
  if (processes === 1) {
    const app = await serve(config, handle);
    if (swept > 0) app.log.info({ swept }, 'removed files no row names');
  } else {
    await handle.close();
    runCluster(config, processes);
    await new Promise<void>((done) => {
      let listening = 0;
      cluster.on('listening', () => {
        listening += 1;
        if (listening === processes) done();
      });
    });
  }
  console.log(banner(config, seeded, processes));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
