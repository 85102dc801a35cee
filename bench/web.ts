/**
 * What Chromium transfers for the web app, read from its network events (each response's
 * `encodedDataLength`: headers and body as they came over the wire, compressed or not), on a fresh
 * cache: the sign-in screen; the first screen after sign-in (beyond what sign-in already loaded);
 * and each screen's own chunks, opened after the home page in a context of its own.
 */
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { authenticator } from 'otplib';
import { screenTitle } from '../src/web/screens';
import { declaredScreens } from '../tests/e2e/screens';

export interface Transfer {
  /** Every byte received, in KB. */
  kb: number;
  /** Scripts and style sheets alone, in KB: the app's code. */
  codeKb: number;
}

export interface WebTransfer {
  signIn: Transfer;
  /** The home page after sign-in: what it added to the sign-in screen's transfer. */
  home: Transfer;
  screens: { path: string; title: string; codeKb: number }[];
}

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

/** Counts what the page receives from now until `stop()`. */
async function countTransfer(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const kinds = new Map<string, string>();
  const total = { bytes: 0, code: 0 };
  cdp.on('Network.responseReceived', (event) => kinds.set(event.requestId, event.type));
  cdp.on('Network.loadingFinished', (event) => {
    total.bytes += event.encodedDataLength;
    const kind = kinds.get(event.requestId);
    if (kind === 'Script' || kind === 'Stylesheet') total.code += event.encodedDataLength;
  });
  return async (): Promise<Transfer> => {
    await cdp.detach();
    return { kb: total.bytes / 1024, codeKb: total.code / 1024 };
  };
}

/** Measures against a server with the demo group, signing in as its administrator with the given TOTP secret. */
export async function measureWebTransfer(
  baseURL: string,
  admin: { username: string; password: string; totpSecret: string },
  screenLimit = Infinity,
): Promise<WebTransfer> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    let stop = await countTransfer(context, page);
    await page.goto('/login', { waitUntil: 'networkidle' });
    const signIn = await stop();

    stop = await countTransfer(context, page);
    await page.getByLabel('Username or email').fill(admin.username);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.getByRole('button', { name: /Authenticator app/ }).click();
    await page.getByLabel('Code').fill(authenticator.generate(admin.totpSecret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.locator('.home').waitFor();
    await page.waitForLoadState('networkidle');
    const home = await stop();
    const signedIn = await context.storageState();
    await context.close();

    // Each screen in a context of its own, opened after the home, one at a time: pages opened side
    // by side keep each other from falling idle, and load more before the screen than they would.
    const screens: WebTransfer['screens'] = [];
    for (const screen of declaredScreens
      .filter((s) => s.access !== 'public' && s.access !== 'pending')
      .slice(0, screenLimit)) {
      const own = await browser.newContext({ baseURL, storageState: signedIn, viewport: { width: 1280, height: 900 } });
      const screenPage = await own.newPage();
      await screenPage.goto('/', { waitUntil: 'networkidle' });
      // The shell fetches the list kit once the page is idle (Shell.tsx): a screen's own code is what
      // it loads after that, however busy the host kept the page from being idle.
      await screenPage.waitForFunction(() =>
        performance.getEntriesByType('resource').some((e) => e.name.includes('/ListScreen-')),
      );
      await screenPage.waitForLoadState('networkidle');
      const stopScreen = await countTransfer(own, screenPage);
      await screenPage.goto(`/${screen.path}`, { waitUntil: 'networkidle' });
      screens.push({ path: screen.path, title: screenTitle(screen), codeKb: (await stopScreen()).codeKb });
      await own.close();
    }
    return { signIn, home, screens: screens.sort((a, b) => b.codeKb - a.codeKb) };
  } finally {
    await browser.close();
  }
}
