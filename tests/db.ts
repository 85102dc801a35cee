import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { openDatabase, type Database } from '../src/server/db/client';

export const TEMPLATE_DB = 'forecourt_test_template';
export const templateFile = '.tmp/test-template.tar.gz';

/** A fresh database for one test file, cloned from the migrated template. */
export async function cloneTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    return openDatabase({ loadDataDir: new Blob([readFileSync(templateFile)]) });
  }
  const name = `forecourt_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${TEMPLATE_DB}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString(), poolSize: 4 });
  const close = database.close;
  return {
    ...database,
    async close() {
      await close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
