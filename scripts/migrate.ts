/** `npm run db:migrate`: applies the committed migrations to DATABASE_URL (or the embedded database). */
import { loadConfig } from '../src/server/config';
import { migrateDatabase, openDatabase } from '../src/server/db/client';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await migrateDatabase(database);
await database.close();
console.log(`Migrated the ${database.kind} database.`);
