import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { migrateDatabase, openDatabase, type Database } from '../src/server/db/client';
import { loadConfig } from '../src/server/config';
import { ensureAdmin, seedDemo } from '../src/server/db/seed';
import { TEST_ENV, templateDatabase, templateFile, templateSources, type Template } from './db';

/**
 * Makes the templates each test file clones (tests/db.ts), unless those of the same migrations and
 * seeds are there already: a PGlite data-dir dump per template, or a PostgreSQL database per
 * template whose comment names the sources it was made from.
 */
export default async function setup() {
  const sources = templateSources();
  const config = loadConfig(TEST_ENV);
  const fill = async (database: Database, template: Template) => {
    await migrateDatabase(database);
    await ensureAdmin(database.db, config);
    if (template === 'demo') await seedDemo(database.db, config);
  };

  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      for (const template of ['bare', 'demo'] as const) {
        const name = templateDatabase(template);
        const { rows } = await admin.query<{ comment: string | null }>(
          "select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1",
          [name],
        );
        if (rows[0]?.comment === sources) continue;
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.query(`create database ${name}`);
        const target = new URL(url);
        target.pathname = `/${name}`;
        const database = await openDatabase({ databaseUrl: target.toString(), poolSize: 1 });
        await fill(database, template);
        await database.close();
        await admin.query(`comment on database ${name} is '${sources}'`);
      }
    } finally {
      await admin.end();
    }
    return;
  }

  mkdirSync('.tmp', { recursive: true });
  const stamp = '.tmp/test-templates.sources';
  const made = (['bare', 'demo'] as const).every((t) => existsSync(templateFile(t)));
  if (made && existsSync(stamp) && readFileSync(stamp, 'utf8') === sources) return;
  for (const template of ['bare', 'demo'] as const) {
    const database = await openDatabase({});
    await fill(database, template);
    // A checkpoint first: a dump taken after one starts without replaying the seed's write-ahead log,
    // which was half of every test file's start. Uncompressed: unpacking cost more than reading.
    await database.pglite!.exec('checkpoint');
    const dump = await database.pglite!.dumpDataDir('none');
    writeFileSync(templateFile(template), Buffer.from(await dump.arrayBuffer()));
    await database.close();
  }
  writeFileSync(stamp, sources);
}
