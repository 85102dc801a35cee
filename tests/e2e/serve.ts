/**
 * The browser tests' server: builds the web app when any of its sources is newer than the build,
 * then starts Forecourt in this process. The data folder is removed when the server stops.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const built = 'dist/web/index.html';
const sources = ['index.html', 'vite.config.ts', 'package-lock.json', 'src/web', 'src/modules', 'src/shared'];

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
if (sources.some((s) => newest(s) > builtAt)) {
  console.log('Building the web app for the browser tests…');
  // A production build, as users get it, whatever NODE_ENV the server runs with.
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

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
