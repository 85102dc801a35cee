import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { ensureEmbeddedTemplate, migrateDatabase, openDatabase, type Database } from '../src/server/db/client';
import { dropSpareWal } from '../src/server/db/template';
import { loadConfig } from '../src/server/config';
import { ensureAdmin, seedDemo } from '../src/server/db/seed';
import { clonePrefix, TEST_ENV, templateDatabase, templateFolder, templateSources, type Template } from './db';

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
        // The demo starts from the migrated bare template (made first): one migration run, not two.
        await admin.query(
          `create database ${name}${template === 'demo' ? ` template ${templateDatabase('bare')}` : ''}`,
        );
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
    return () => dropLeftClones(url);
  }

  mkdirSync('.tmp', { recursive: true });
  const stamp = '.tmp/test-templates.sources';
  const made = (['bare', 'demo'] as const).every((t) => existsSync(templateFolder(t)));
  if (made && existsSync(stamp) && readFileSync(stamp, 'utf8') === sources) return;
  // Both start from the migrated cluster the build dumps, which the browser suite's server uses too.
  await ensureEmbeddedTemplate();
  for (const template of ['bare', 'demo'] as const) {
    rmSync(templateFolder(template), { recursive: true, force: true });
    const database = await openDatabase({ dataDir: templateFolder(template) });
    await fill(database, template);
    // A checkpoint first: a copy made after one starts without replaying the seed's write-ahead log,
    // which was half of every test file's start.
    await database.pglite!.exec('checkpoint');
    await dropSpareWal(database.pglite!);
    await database.close();
  }
  writeFileSync(stamp, sources);
}

/** Drops the clones the workers left: each worker's spare, and drops still under way when it ended. */
async function dropLeftClones(url: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ name: string }>(
      'select datname as name from pg_database where starts_with(datname, $1)',
      [clonePrefix],
    );
    for (const { name } of rows) await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}
