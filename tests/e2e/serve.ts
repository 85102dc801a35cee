/**
 * The browser tests' server: builds the web app and the server when any of their sources is newer
 * than the build, then starts the built server (as `npm start` does) in this process. The data
 * folder is removed when the server stops.
 */
import { readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureServerBuilt, ensureWebBuilt, SERVER_ENTRY } from '../../scripts/build';

await ensureWebBuilt();
await ensureServerBuilt();

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

await import(pathToFileURL(resolve(SERVER_ENTRY)).href);
