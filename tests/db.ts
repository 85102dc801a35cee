import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../src/server/db/client';

/**
 * Each test file gets its own database, cloned from a template made once per run: migrated, with the
 * first admin, and (unless a file asks for a bare group) the demo group. Cloning costs milliseconds;
 * seeding the demo in every file cost a second of each.
 */
export type Template = 'demo' | 'bare';

// Named for the checkout, so that two working copies testing on one PostgreSQL never remake each
// other's templates mid-run.
const checkout = createHash('sha256').update(process.cwd()).digest('hex').slice(0, 8);
export const templateDatabase = (template: Template) => `forecourt_test_template_${template}_${checkout}`;
/** An embedded template's data folder, as `openDatabase({ dataDir })` lays it out. */
export const templateFolder = (template: Template) => `.tmp/test-template-${template}`;
// Clones go to memory where the machine has a memory file system: nothing of them needs to reach a disk.
const cloneRoot = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();

/** What the templates are made from: a change to a migration or a seed makes them again. */
export function templateSources(): string {
  const files = [
    ...readdirSync('drizzle', { recursive: true, encoding: 'utf8' }).map((f) => join('drizzle', f)),
    'src/server/db/seed.ts',
    'src/server/platform/sealed.ts',
    'tests/db.ts',
    'tests/global-setup.ts',
    ...readdirSync('src/modules', { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.seed.ts'))
      .map((f) => join('src/modules', f)),
  ]
    .filter((f) => /\.(sql|json|ts)$/.test(f))
    .sort();
  const hash = createHash('sha256');
  for (const file of files) hash.update(file).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/** The environment every test server runs with (tests/helpers.ts) and the templates are seeded with. */
export const TEST_ENV = {
  DATA_DIR: '.tmp/test-data',
  SESSION_SECRET: 'test-secret-test-secret-test-secret-test-secret',
  ADMIN_TOTP_SECRET: 'JBSWY3DPEHPK3PXPJBSWY3DP',
  RATE_LIMIT_PER_MINUTE: '100000',
  LOG_LEVEL: 'silent',
  // Tests change sessions and users straight in the database too; platform.test.ts covers the cache.
  SESSION_CACHE_SECONDS: '0',
} as const;

/** A fresh database for one test file, cloned from a template. */
export async function cloneTestDatabase(template: Template = 'demo'): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    // A copy of the template's files, which PostgreSQL reads as it needs them: loading a dump into
    // the embedded database's memory instead took a second of every test file (this, 0.4 s).
    const dir = mkdtempSync(join(cloneRoot, 'forecourt-test-'));
    cpSync(templateFolder(template), dir, { recursive: true });
    const database = await openDatabase({ dataDir: dir });
    return {
      ...database,
      async close() {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = await takeClone(url, template);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString(), poolSize: 4 });
  const close = database.close;
  return {
    ...database,
    async close() {
      await close();
      // Dropped while the next file runs; what a worker leaves is dropped when the run ends.
      void dropDatabase(url, name).catch(() => undefined);
    },
  };
}

/** Clone names start with this, so that the run's end drops what this checkout's workers left. */
export const clonePrefix = `forecourt_test_${checkout}_`;

/**
 * The database the next file of this worker will take, made while the current one runs: a clone
 * costs PostgreSQL about 300 ms that the worker no longer waits for.
 */
let spare: { template: Template; name: Promise<string> } | undefined;

async function takeClone(url: string, template: Template): Promise<string> {
  const ready = spare;
  spare = { template, name: createClone(url, template) };
  // Failing to make a spare is reported by the file that takes it, not as an unhandled rejection.
  spare.name.catch(() => undefined);
  if (ready?.template === template) return ready.name;
  if (ready) void ready.name.then((name) => dropDatabase(url, name)).catch(() => undefined);
  return createClone(url, template);
}

async function createClone(url: string, template: Template): Promise<string> {
  const name = clonePrefix + randomBytes(6).toString('hex');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${templateDatabase(template)}`);
  } finally {
    await admin.end();
  }
  return name;
}

async function dropDatabase(url: string, name: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    // pool.end() resolves before its sockets have closed: wait for them rather than forcing the
    // drop, which would kill connections that are still saying goodbye.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`drop database if exists ${name}`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt === 50) throw error;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } finally {
    await admin.end();
  }
}
