import { mkdirSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { migrateDatabase, openDatabase } from '../src/server/db/client';
import { TEMPLATE_DB, templateFile } from './db';

/**
 * Migrates one template database before the run. Each test file then clones it: a PGlite data-dir
 * dump (seconds to create once, milliseconds to load), or `CREATE DATABASE ... TEMPLATE` on PostgreSQL.
 */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
    await admin.query(`create database ${TEMPLATE_DB}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${TEMPLATE_DB}`;
    const database = await openDatabase({ databaseUrl: target.toString(), poolSize: 1 });
    await migrateDatabase(database);
    await database.close();
    return;
  }
  const database = await openDatabase({});
  await migrateDatabase(database);
  const dump = await database.pglite!.dumpDataDir('gzip');
  mkdirSync('.tmp', { recursive: true });
  writeFileSync(templateFile, Buffer.from(await dump.arrayBuffer()));
  await database.close();
}
