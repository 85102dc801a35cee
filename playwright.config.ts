import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_TIME_ZONE } from './src/server/platform/days';

/**
 * Browser tests: Debian's Chromium against the real server on a fresh database with the demo data.
 * The server (tests/e2e/serve.ts) rebuilds the web app first when its sources are newer than the build.
 */
const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${port}`;
// Set once in the runner; the workers inherit it, so everyone agrees on the folder.
process.env.E2E_DATA_DIR ??= join(tmpdir(), `forecourt-e2e-${process.pid}-${Date.now()}`);
// The tests, like the staff, live on the group's clock (DEFAULT_TIME_ZONE): a date a screen works out
// in the browser ("the last 30 days") is the server's, whatever the zone of the machine running them.
const timezoneId = DEFAULT_TIME_ZONE;
process.env.TZ = timezoneId;

/**
 * Debian's Chromium headless shell when it is installed (`apt-get install chromium-headless-shell`), else
 * its full Chromium: the same engine and version without the browser's own windows and compositing,
 * which took a third of the suite’s CPU (decision 044).
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

export default defineConfig({
  testMatch: '**/*.e2e.ts',
  testIgnore: ['**/node_modules/**', '**/dist/**'],
  // Two: the machines have two cores (four workers measured no faster in CI, each test 2.5 times
  // slower); each test makes the records it changes, so files run side by side.
  workers: 2,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  // CI retries a failure once and reports a test that passed on its retry as flaky (decision 023).
  retries: process.env.CI ? 1 : 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: { executablePath, args: chromiumArgs },
    viewport: { width: 1280, height: 900 },
    timezoneId,
    // Staff who ask their system for less motion get none (theme.ts, app.css); so do the tests, whose
    // software-rendered frames of animations were a third of the suite's CPU (decision 024).
    reducedMotion: 'reduce',
    // Recording a trace costs every test its snapshots: CI records one when it retries a failure.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node node_modules/.bin/tsx tests/e2e/serve.ts',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    // SIGTERM lets the server close its database and remove the run's data folder (tests/e2e/serve.ts).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
      ADMIN_TOTP_SECRET: 'JBSWY3DPEHPK3PXPJBSWY3DP',
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
    },
  },
});
