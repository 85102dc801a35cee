import { performance } from 'node:perf_hooks';
import { ConfigError, loadConfig } from './config';
import { migrateDatabase, openDatabase } from './db/client';
import { ensureAdmin, seedDemo } from './db/seed';
import { buildApp } from './app';

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
  onIdleError: (error) => console.warn(JSON.stringify({ level: 40, msg: 'database connection closed by the server', err: error.message })),
});
await migrateDatabase(database);
await ensureAdmin(database.db, config);
const seeded = config.SEED_DEMO ? await seedDemo(database.db, config) : false;
const app = await buildApp({ config, database });
await app.listen({ port: config.PORT, host: config.HOST });
app.log.info(
  { database: database.kind, seeded, startMs: Math.round(performance.now() - started) },
  `Forecourt is serving at ${config.PUBLIC_URL}`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await app.close();
    await database.close();
    process.exit(0);
  });
}
