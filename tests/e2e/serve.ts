/**
 * The browser tests' server: builds the web app when any of its sources is newer than the build,
 * then starts Forecourt in this process. The data folder is removed when the server stops.
 */
import { readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureWebBuilt } from '../../scripts/web-build';

await ensureWebBuilt();

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

await import('../../src/server/main');
