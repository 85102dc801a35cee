import cluster from 'node:cluster';
import { performance } from 'node:perf_hooks';
import { ConfigError, loadConfig } from './config';
import { migrateDatabase, openDatabase } from './db/client';
import { ensureAdmin, seedDemo } from './db/seed';
import { buildApp } from './app';
import { createServices } from './services';
import { startWorker, type Worker } from './jobs/jobs';
import { scheduleCleanUp } from './jobs/clean-up';
import { STOP_MESSAGE, supervise } from './supervisor';

/** `node dist/server/main.mjs --worker` (`npm run worker`): runs background jobs only, no HTTP. */
const workerOnly = process.argv.includes('--worker');

const started = performance.now();
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`Forecourt cannot start: ${error.message}`);
    process.exit(1);
  }
  throw error;
}

const open = () =>
  openDatabase({
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

/** Brings the database to this build: migrations, the clean-up job, the administrator, the demo. */
async function prepare(database: Awaited<ReturnType<typeof open>>) {
  await migrateDatabase(database);
  await scheduleCleanUp(database.db);
  await ensureAdmin(database.db, config);
  return config.SEED_DEMO ? seedDemo(database.db, config) : false;
}

// One JSON line per event, as the server's logger writes them.
const line = (level: number) => (fields: object, msg: string) =>
  console.log(JSON.stringify({ level, time: Date.now(), ...fields, msg }));
const log = { info: line(30), warn: line(40) };

/** Several server processes on the port, replaced one at a time on SIGHUP (supervisor.ts). */
const supervising = !workerOnly && cluster.isPrimary && config.WEB_PROCESSES > 1;
if (supervising) {
  const migrate = async () => {
    const database = await open();
    await prepare(database).finally(() => database.close());
  };
  await migrate();
  await supervise(config.WEB_PROCESSES, log, migrate);
} else {
  await serve();
}

async function serve() {
  const database = await open();
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
    worker = await startWorker(createServices(config, database), {
      concurrency: Math.max(1, config.JOB_CONCURRENCY),
      leaseSeconds: config.JOB_LEASE_SECONDS,
      pollMs: config.JOB_POLL_MS,
      log,
    });
  } else {
    // Under the supervisor, it has prepared the database before starting the processes.
    const seeded = cluster.isWorker ? false : await prepare(database);
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

  let stopping: Promise<never> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await worker?.stop();
      await app?.close();
      await database.close();
      process.exit(0);
    })());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, stop);
  if (cluster.isWorker) {
    process.on('message', (message) => message === STOP_MESSAGE && stop());
    // A hang-up sent to the whole process group is the supervisor's to act on (a reload).
    process.on('SIGHUP', () => undefined);
  }
}
