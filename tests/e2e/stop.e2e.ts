/**
 * The documented production start stops when a process manager says so (issue 29, item 3): SIGTERM to
 * `npm start` reaches the server, which finishes and exits, and nothing is left answering. Before,
 * npm's shell ran the server as its child and the signal stopped the shell only: the server went on,
 * re-parented, still answering 30 s later. Here, beside the browser tests, because their server has
 * built the app already (`npm start` would otherwise build it first).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

const answers = async (url: string) => {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    return false;
  }
};

test('npm start stops on SIGTERM, as a process manager sends it, and leaves nothing answering', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'forecourt-stop-'));
  const port = 3300 + Math.floor(Math.random() * 90);
  const health = `http://127.0.0.1:${port}/healthz`;
  const npm = spawn('npm', ['start'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
  try {
    await expect.poll(() => answers(health), { timeout: 60_000, intervals: [250] }).toBe(true);
    npm.kill('SIGTERM');
    expect(await exited).toBe(0);
    // The server itself is gone, not only npm: nothing answers on its port.
    await expect.poll(() => answers(health), { timeout: 10_000 }).toBe(false);
  } finally {
    if (npm.exitCode === null) npm.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
});
