/** `npm run seed`: migrates, creates the admin and, on an empty database, the demo dealership group. */
import { loadConfig } from '../src/server/config';
import { migrateDatabase, openDatabase } from '../src/server/db/client';
import { ensureAdmin, seedDemo } from '../src/server/db/seed';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await migrateDatabase(database);
await ensureAdmin(database.db, config);
const seeded = await seedDemo(database.db, config);
await database.close();
console.log(seeded ? 'Seeded the demo dealership group.' : 'The database already has locations; nothing seeded.');
