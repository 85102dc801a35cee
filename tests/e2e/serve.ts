/**
 * The browser tests' server: builds the web app, the server and the embedded database's migrated
 * dump when any of their sources is newer than the build, then starts the built server (as `npm
 * start` does) in this process. The data folder is removed when the server stops.
 */
import { readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { ensureBuilt, SERVER_ENTRY } from '../../scripts/build';

await ensureBuilt();

// A folder made for this run only: the database (unless DATABASE_URL), the session secret, test notes.
const dataDir = process.env.DATA_DIR;
if (dataDir) {
  rmSync(dataDir, { recursive: true, force: true });
  process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}

// Folders of earlier runs whose test runner is gone (a killed run leaves its folder behind).
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
for (const name of readdirSync(tmpdir())) {
  const pid = /^forecourt-e2e-(\d+)-\d+$/.exec(name)?.[1];
  if (pid && !alive(Number(pid))) rmSync(join(tmpdir(), name), { recursive: true, force: true });
}

// On PostgreSQL, a database made for this run too: an earlier run's sessions, throttled sign-ins and
// used authenticator codes would otherwise meet this one.
if (process.env.DATABASE_URL) {
  const url = new URL(process.env.DATABASE_URL);
  const name = url.pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).href });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
}

await import(pathToFileURL(resolve(SERVER_ENTRY)).href);
