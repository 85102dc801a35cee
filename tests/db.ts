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
      // pool.end() resolves before its sockets have closed: wait for them rather than forcing the
      // drop, which would kill connections that are still saying goodbye.
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      for (let attempt = 0; ; attempt++) {
        try {
          await dropper.query(`drop database if exists ${name}`);
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== '55006' || attempt === 50) throw error;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      await dropper.end();
    },
  };
}
