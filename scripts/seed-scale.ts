/**
 * `npm run seed:scale [-- --scale 0.02]`: fills the PostgreSQL database at DATABASE_URL with
 * deterministic data at dealership-group scale (docs/architecture.md). Running it twice adds nothing.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config';
import { migrateDatabase, openDatabase } from '../src/server/db/client';
import { ensureAdmin } from '../src/server/db/seed';
import { loadScale } from '../src/server/scale/load';

const { values } = parseArgs({ options: { scale: { type: 'string', default: '1' } } });
const scale = Number(values.scale);
if (!(scale > 0 && scale <= 10)) {
  console.error('--scale must be a number above 0 and at most 10, for example 0.02.');
  process.exit(1);
}
const config = loadConfig();
if (!config.DATABASE_URL) {
  console.error(
    'seed:scale fills a PostgreSQL database: set DATABASE_URL, for example postgres://postgres@127.0.0.1:5432/forecourt_scale.',
  );
  process.exit(1);
}
const started = performance.now();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, poolSize: 4 });
await migrateDatabase(database);
await loadScale(database.pool!, scale, (line) => console.log(line));
await ensureAdmin(database.db, config);
await database.close();
console.log(`Scale ${scale} loaded in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
