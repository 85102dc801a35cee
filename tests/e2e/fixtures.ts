/**
 * What the browser tests share: signing in through the screens with a password and a TOTP code, and
 * a `test` whose pages start signed in as the admin (signed in once per run, shared by the workers).
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { authenticator } from 'otplib';

export const ADMIN = {
  username: 'admin',
  password: 'forecourt-demo',
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
  name: 'Group Administrator',
};
/** The demo staff share the admin's demo password and sign in with an emailed code. */
export const STAFF_PASSWORD = 'forecourt-demo';

const STEP_MS = 30_000;
// The run's own folder (the server's DATA_DIR, removed when it stops) keeps what the workers share.
const runDir = process.env.E2E_DATA_DIR ?? join(tmpdir(), 'forecourt-e2e');
// The server takes each TOTP time step once: remember the last one used, across worker restarts.
const stepFile = join(runDir, 'e2e-totp-step');

/** A TOTP code from a time step not used before; waits for the next 30-second window if needed. */
export async function freshTotp(secret: string): Promise<string> {
  mkdirSync(runDir, { recursive: true });
  const used = existsSync(stepFile) ? Number(readFileSync(stepFile, 'utf8')) : -1;
  let step = Math.floor(Date.now() / STEP_MS);
  if (step <= used) {
    await new Promise((resolve) => setTimeout(resolve, (used + 1) * STEP_MS - Date.now() + 250));
    step = Math.floor(Date.now() / STEP_MS);
  }
  writeFileSync(stepFile, String(step));
  return authenticator.generate(secret);
}

/** The password step: fills the sign-in form and submits with Enter, as people do. */
export async function enterPassword(page: Page, username: string, password: string) {
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
}

/** Signs in as the admin from the sign-in screen: password, authenticator app, code. */
export async function signInAdmin(page: Page) {
  if (!page.url().includes('/login')) await page.goto('/login');
  await enterPassword(page, ADMIN.username, ADMIN.password);
  await expect(page.locator('.two-factor-check')).toBeVisible();
  await page.getByRole('button', { name: /Authenticator app/ }).click();
  await page.getByLabel('Code').fill(await freshTotp(ADMIN.totpSecret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.locator('.two-factor-check')).toBeHidden();
}

async function adminStorageState(browser: Browser, baseURL: string | undefined, file: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInAdmin(page);
  await expect(page.getByRole('button', { name: 'Your account' })).toBeVisible();
  // Written whole under its final name: another worker may be waiting for it.
  writeFileSync(`${file}.part`, JSON.stringify(await context.storageState()));
  renameSync(`${file}.part`, file);
  await context.close();
}

/**
 * The admin's signed-in state, made once per run and shared by the workers: a sign-in takes a TOTP
 * time step, which the server accepts once, so each worker signing in would wait for the next one.
 */
async function sharedAdminState(browser: Browser, baseURL: string | undefined): Promise<string> {
  mkdirSync(runDir, { recursive: true });
  const file = join(runDir, 'e2e-admin.json');
  try {
    writeFileSync(join(runDir, 'e2e-admin.lock'), String(process.pid), { flag: 'wx' });
  } catch {
    // Another worker is signing in: wait for its state, at most as long as a sign-in may take.
    for (let waited = 0; !existsSync(file); waited += 200) {
      if (waited > 90_000) throw new Error('The admin sign-in of another worker did not finish.');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return file;
  }
  await adminStorageState(browser, baseURL, file);
  return file;
}

/** A context with the project's settings (address, window, time zone, less motion) and these cookies. */
export const newAppContext = (
  browser: Browser,
  {
    baseURL,
    viewport,
    timezoneId,
    reducedMotion,
  }: Pick<BrowserContextOptions, 'baseURL' | 'viewport' | 'timezoneId' | 'reducedMotion'>,
  storageState: BrowserContextOptions['storageState'],
) => browser.newContext({ baseURL, viewport, timezoneId, reducedMotion, storageState });

/**
 * A page in a context the worker keeps for its tests, signed in as the admin: the browser compiles
 * the app's code once per worker and serves it from its cache afterwards, where a fresh context per
 * test compiled it every time (1.4 s of the browser's work per page load against 1.0). Between tests
 * the page closes, the site's stored data is cleared and the admin's cookies are put back.
 * A test gets a context of its own when it starts from other cookies or another time zone
 * (`test.use`), or asks for one (`test.use({ ownContext: true })`: a fake clock is the context's).
 */
export const test = base.extend<{ ownContext: boolean }, { adminState: string; adminContext: BrowserContext }>({
  adminState: [
    async ({ browser }, use, workerInfo) => use(await sharedAdminState(browser, workerInfo.project.use.baseURL)),
    { scope: 'worker' },
  ],
  storageState: ({ adminState }, use) => use(adminState),
  adminContext: [
    async ({ browser, adminState }, use, workerInfo) => {
      const context = await newAppContext(browser, workerInfo.project.use, adminState);
      await use(context);
      await context.close();
    },
    { scope: 'worker' },
  ],
  ownContext: [false, { option: true }],
  context: async (
    { browser, adminContext, adminState, ownContext, storageState, timezoneId, baseURL, viewport, reducedMotion },
    use,
    testInfo,
  ) => {
    if (ownContext || storageState !== adminState || timezoneId !== testInfo.project.use.timezoneId) {
      const context = await newAppContext(browser, { baseURL, viewport, timezoneId, reducedMotion }, storageState);
      await use(context);
      await context.close();
      return;
    }
    await use(adminContext);
    for (const page of adminContext.pages()) {
      if (page.url().startsWith(baseURL!)) await page.evaluate(() => localStorage.clear()).catch(() => undefined);
      await page.close();
    }
    const { cookies } = JSON.parse(readFileSync(adminState, 'utf8'));
    await adminContext.clearCookies();
    await adminContext.addCookies(cookies);
  },
  page: async ({ context }, use) => use(await context.newPage()),
});

export { expect };

/** Calls an action as the context's user (the CSRF token comes from the session), for setting up a test. */
export async function callApi<T = Record<string, unknown>>(
  request: APIRequestContext,
  path: string,
  body: Record<string, unknown> = {},
): Promise<T> {
  const session = await (await request.get('/api/session')).json();
  const res = await request.post(`/api/actions/${path}`, {
    headers: { 'x-csrf-token': session.data.csrfToken },
    data: body,
  });
  const reply = await res.json();
  if (!res.ok() || !reply.success) throw new Error(`${path}: ${res.status()} ${JSON.stringify(reply.errors)}`);
  return reply.data as T;
}

/**
 * A browser context signed in as a staff member: password, then the emailed code, which the admin
 * reads from the outbox (where the local mail driver put it).
 */
export async function signInStaff(
  browser: Browser,
  adminState: string,
  user: { username: string; email: string; password?: string },
) {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto('/login');
  await enterPassword(page, user.username, user.password ?? STAFF_PASSWORD);
  await page.getByRole('button', { name: /Email code/ }).click();
  await expect(page.getByLabel('Code')).toBeVisible();
  const admin = await browser.newContext({ storageState: adminState });
  const adminPage = await admin.newPage();
  await adminPage.goto(`/outbox?channel=email&query=${encodeURIComponent(user.email)}`);
  const code = (await adminPage.locator('.outbox .sign-in-code').first().textContent())!.trim();
  await admin.close();
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('button', { name: 'Your account' })).toBeVisible();
  return { context, page };
}

/**
 * Opens a screen of the app already loaded in `page` as its own links do (the address changes and the
 * app draws the screen, no page load): a walk over many screens pays for loading the app once. A page
 * with nothing loaded yet loads it.
 */
export async function visit(page: Page, url: string) {
  if (page.url() === 'about:blank') {
    await page.goto(url);
    return;
  }
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}

/** Finds a record from the command palette (Ctrl+K) by what is typed, from the home, and opens the match named so. */
export async function openFromPalette(page: Page, typed: string, match: RegExp) {
  await page.goto('/');
  await expect(page.getByRole('button', { name: /^Search/ })).toBeVisible();
  await page.keyboard.press('Control+k');
  const search = page.getByRole('textbox', { name: 'Search screens and records' });
  await expect(search).toBeFocused();
  await search.fill(typed);
  const found = page.getByRole('button', { name: match });
  await expect(found).toBeVisible();
  await found.click();
}

/** The success popup the spec names, word for word. */
export async function expectNotification(page: Page, text: string | RegExp) {
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: text }).first()).toBeVisible();
}

/**
 * A delete with Undo (decision 040) is sent when its notice ends: this ends it now, by its close
 * button, and waits for the delete, so what follows sees the record gone from the server too.
 */
export async function endUndoNotice(page: Page, notice: string | RegExp, deletePath: string) {
  const sent = page.waitForResponse((r) => r.url().endsWith(`/api/actions/${deletePath}`));
  await page
    .locator('.mantine-Notification-root')
    .filter({ hasText: notice })
    .getByRole('button', { name: 'Close' })
    .click();
  expect((await sent).ok()).toBe(true);
}

/** Opens a searchable select by its label and picks an option. */
export async function pick(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

/** A tiny valid PNG (solid colour), made here so the upload test needs no fixture file. */
export async function pngBuffer(
  width = 8,
  height = 8,
  rgb: [number, number, number] = [28, 126, 214],
): Promise<Buffer> {
  const zlib = await import('node:zlib');
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
