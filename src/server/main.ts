import { performance } from 'node:perf_hooks';
import { ConfigError, loadConfig } from './config';
import { migrateDatabase, openDatabase } from './db/client';
import { ensureAdmin, seedDemo } from './db/seed';
import { buildApp } from './app';
import { createServices } from './services';
import { startWorker, type Worker } from './jobs/jobs';
import { scheduleCleanUp } from './jobs/clean-up';

/** `node dist/server/main.mjs --worker` (`npm run worker`): runs background jobs only, no HTTP. */
const workerOnly = process.argv.includes('--worker');

const started = performance.now();
let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`Forecourt cannot start: ${error.message}`);
    process.exit(1);
  }
  throw error;
}

const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  poolSize: config.DATABASE_POOL_SIZE,
  timeouts: {
    statementMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    idleInTransactionMs: config.DATABASE_IDLE_IN_TRANSACTION_MS,
  },
  onIdleError: (error) =>
    console.warn(JSON.stringify({ level: 40, msg: 'database connection closed by the server', err: error.message })),
});
let app: Awaited<ReturnType<typeof buildApp>> | undefined;
let worker: Worker | undefined;
if (workerOnly) {
  if (database.kind === 'pglite') {
    console.error(
      'Forecourt cannot start a worker on the embedded database: set DATABASE_URL (the server runs jobs itself otherwise).',
    );
    process.exit(1);
  }
  await import('./modules');
  // One JSON line per event, as the server's logger writes them.
  const line = (level: number) => (fields: object, msg: string) =>
    console.log(JSON.stringify({ level, time: Date.now(), ...fields, msg }));
  const log = { info: line(30), warn: line(40) };
  worker = await startWorker(createServices(config, database), {
    concurrency: Math.max(1, config.JOB_CONCURRENCY),
    leaseSeconds: config.JOB_LEASE_SECONDS,
    pollMs: config.JOB_POLL_MS,
    log,
  });
} else {
  await migrateDatabase(database);
  await scheduleCleanUp(database.db);
  await ensureAdmin(database.db, config);
  const seeded = config.SEED_DEMO ? await seedDemo(database.db, config) : false;
  app = await buildApp({ config, database });
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    { database: database.kind, seeded, startMs: Math.round(performance.now() - started) },
    `Forecourt is serving at ${config.PUBLIC_URL}`,
  );
  if (config.JOB_CONCURRENCY > 0)
    worker = await startWorker(app.services, {
      concurrency: config.JOB_CONCURRENCY,
      leaseSeconds: config.JOB_LEASE_SECONDS,
      pollMs: config.JOB_POLL_MS,
      log: app.log,
    });
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await worker?.stop();
    await app?.close();
    await database.close();
    process.exit(0);
  });
}
