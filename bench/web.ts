/**
 * What Chromium transfers for the web app, read from its network events (each response's
 * `encodedDataLength`: headers and body as they came over the wire, compressed or not), on a fresh
 * cache: the sign-in screen; the first screen after sign-in (beyond what sign-in already loaded);
 * each screen's own chunks, opened after the home page in a context of its own; and each screen
 * opened cold (its address typed into a fresh, signed-in browser): how many scripts it asks for, and
 * every byte it receives. Each request costs a round trip, so the cold count is the latency a member
 * of staff behind a distant store pays for the first screen of the day (decision 041).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { authenticator } from 'otplib';
import { screenTitle } from '../src/web/screens';
import { declaredScreens } from '../tests/e2e/screens';

export interface Transfer {
  /** Every byte received, in KB. */
  kb: number;
  /** Scripts and style sheets alone, in KB: the app's code. */
  codeKb: number;
  /** How many scripts were requested (the entry, its imports, the chunks loaded on the way). */
  scripts: number;
  /** Every request: the page, scripts, style sheets, API calls. */
  requests: number;
}

/** A screen opened cold: its address in a fresh, signed-in context. */
export interface ColdLoad extends Transfer {
  path: string;
  title: string;
  /** What the page wrote to the console as errors, and what it threw. */
  errors: string[];
}

export interface WebTransfer {
  signIn: Transfer;
  /** The home page after sign-in: what it added to the sign-in screen's transfer. */
  home: Transfer;
  screens: { path: string; title: string; codeKb: number }[];
  /** The home page and each screen opened cold, most scripts first (the home page first of all). */
  cold: ColdLoad[];
}

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

/** Counts what the page receives from now until `stop()`; `quiet()` waits until no request has been open for half a second. */
async function countTransfer(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const kinds = new Map<string, string>();
  const open = new Set<string>();
  let lastEvent = performance.now();
  const total = { bytes: 0, code: 0, scripts: 0, requests: 0 };
  cdp.on('Network.requestWillBeSent', (event) => {
    // A redirect reuses its request's id: one request.
    if (!open.has(event.requestId)) total.requests++;
    open.add(event.requestId);
    lastEvent = performance.now();
  });
  cdp.on('Network.responseReceived', (event) => {
    kinds.set(event.requestId, event.type);
    if (event.type === 'Script') total.scripts++;
  });
  const settle = (requestId: string) => {
    open.delete(requestId);
    lastEvent = performance.now();
  };
  cdp.on('Network.loadingFinished', (event) => {
    settle(event.requestId);
    total.bytes += event.encodedDataLength;
    const kind = kinds.get(event.requestId);
    if (kind === 'Script' || kind === 'Stylesheet') total.code += event.encodedDataLength;
  });
  cdp.on('Network.loadingFailed', (event) => settle(event.requestId));
  return {
    // A screen that polls, or a request the browser never reports as finished, must not hold the
    // measurement: ten seconds at most.
    quiet: async () => {
      const until = performance.now() + 10_000;
      while ((open.size > 0 || performance.now() - lastEvent < 500) && performance.now() < until)
        await new Promise((r) => setTimeout(r, 100));
    },
    stop: async (): Promise<Transfer> => {
      await cdp.detach();
      return { kb: total.bytes / 1024, codeKb: total.code / 1024, scripts: total.scripts, requests: total.requests };
    },
  };
}

/**
 * Waits until the screen shows (its root element, and `main` no longer busy with a first load: on a
 * busy host the gaps between a cold load's waves of requests can outlast any quiet period), then
 * until the page has had an idle moment (the shell prefetches the list kit in one) and the network
 * is quiet after it. Says why when the screen did not show.
 */
async function settled(page: Page, counter: { quiet: () => Promise<void> }, className?: string): Promise<string[]> {
  const faults: string[] = [];
  if (className)
    await page
      .locator(`.${className}`)
      .first()
      .waitFor({ state: 'attached', timeout: 30_000 })
      .then(() => page.locator('main[aria-busy="true"]').waitFor({ state: 'detached', timeout: 30_000 }))
      .catch(() => faults.push(`.${className} did not show within 30 s`));
  await counter.quiet();
  await page.evaluate(
    () =>
      new Promise<void>((done) => {
        if (window.requestIdleCallback) window.requestIdleCallback(() => done(), { timeout: 5000 });
        else window.setTimeout(done, 1000);
      }),
  );
  await counter.quiet();
  return faults;
}

export interface WebOptions {
  /** Open at most this many screens (the small profile's few). */
  screenLimit?: number;
  /** Only the screens whose path contains one of these parts. */
  only?: string[];
  /** Measure each screen's own chunks after the home page (the budget); default true. */
  own?: boolean;
  /** Open each screen cold and count its requests; default true. */
  cold?: boolean;
  /** Told of each screen as it is measured. */
  progress?: (line: string) => void;
}

/** Measures against a server with the demo group, signing in as its administrator with the given TOTP secret. */
export async function measureWebTransfer(
  baseURL: string,
  admin: { username: string; password: string; totpSecret: string },
  options: WebOptions = {},
): Promise<WebTransfer> {
  const { screenLimit = Infinity, only, own = true, cold = true, progress } = options;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const newContext = (storageState?: Awaited<ReturnType<BrowserContext['storageState']>>) =>
    browser.newContext({ baseURL, storageState, viewport: { width: 1280, height: 900 } });
  try {
    const context = await newContext();
    const page = await context.newPage();
    let counter = await countTransfer(context, page);
    await page.goto('/login', { waitUntil: 'networkidle' });
    await counter.quiet();
    const signIn = await counter.stop();

    counter = await countTransfer(context, page);
    await page.getByLabel('Username or email').fill(admin.username);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.getByRole('button', { name: /Authenticator app/ }).click();
    await page.getByLabel('Code').fill(authenticator.generate(admin.totpSecret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await settled(page, counter, 'home');
    const home = await counter.stop();
    const signedIn = await context.storageState();
    await context.close();

    const chosen = declaredScreens
      .filter((s) => s.access !== 'public' && s.access !== 'pending')
      .filter((s) => !only || only.some((part) => s.path.includes(part)))
      .slice(0, screenLimit);

    // Each screen in a context of its own, opened after the home, one at a time: pages opened side
    // by side keep each other from falling idle, and load more before the screen than they would.
    const screens: WebTransfer['screens'] = [];
    for (const screen of own ? chosen : []) {
      const ownContext = await newContext(signedIn);
      const screenPage = await ownContext.newPage();
      const before = await countTransfer(ownContext, screenPage);
      await screenPage.goto('/', { waitUntil: 'networkidle' });
      // The shell fetches the list kit once the page is idle (Shell.tsx): a screen's own code is what
      // it loads after that, however busy the host kept the page from being idle.
      await settled(screenPage, before, 'home');
      await before.stop();
      const stopScreen = await countTransfer(ownContext, screenPage);
      await screenPage.goto(`/${screen.path}`, { waitUntil: 'networkidle' });
      await settled(screenPage, stopScreen, screen.className);
      screens.push({ path: screen.path, title: screenTitle(screen), codeKb: (await stopScreen.stop()).codeKb });
      progress?.(`own /${screen.path}: ${screens.at(-1)!.codeKb.toFixed(1)} KB`);
      await ownContext.close();
    }

    // The home page and each screen typed into a fresh browser that is signed in: every request of
    // its cold load, until the page has been idle once (when the shell fetches the list kit).
    const coldLoads: ColdLoad[] = [];
    const coldTargets = [
      { path: '', title: 'Home', className: 'home' },
      ...chosen.map((s) => ({ path: s.path, title: screenTitle(s), className: s.className })),
    ];
    for (const screen of cold ? coldTargets : []) {
      const coldContext = await newContext(signedIn);
      const screenPage = await coldContext.newPage();
      const errors: string[] = [];
      screenPage.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      screenPage.on('pageerror', (error) => errors.push(error.message));
      const coldCounter = await countTransfer(coldContext, screenPage);
      await screenPage.goto(`/${screen.path}`, { waitUntil: 'networkidle' });
      errors.push(...(await settled(screenPage, coldCounter, screen.className)));
      coldLoads.push({ path: screen.path, title: screen.title, ...(await coldCounter.stop()), errors });
      progress?.(`cold /${screen.path}: ${coldLoads.at(-1)!.scripts} scripts`);
      await coldContext.close();
    }
    return {
      signIn,
      home,
      screens: screens.sort((a, b) => b.codeKb - a.codeKb),
      cold: [coldLoads[0], ...coldLoads.slice(1).sort((a, b) => b.scripts - a.scripts || b.kb - a.kb)].filter(Boolean),
    };
  } finally {
    await browser.close();
  }
}

export interface BuildFiles {
  /** JavaScript files in the build's assets. */
  js: number;
  /** Of them, files under 4 KB before compression. */
  small: number;
  /** Every JavaScript file gzipped, in KB. */
  gzKb: number;
  /** The entry and what it imports statically (the sign-in screen's scripts), gzipped, in KB. */
  entryGzKb: number;
  entryFiles: number;
}

/** What the build holds: its JavaScript files, and the entry with its static imports. */
export function buildFiles(web: string): BuildFiles {
  const assets = join(web, 'assets');
  const js = readdirSync(assets).filter((f) => f.endsWith('.js'));
  const gz = (file: string) => gzipSync(readFileSync(join(assets, file)), { level: 9 }).length / 1024;
  // The entry is the script index.html names; its static imports are the `import … from "./x.js"` lines.
  const entry = /src="\/assets\/([^"]+\.js)"/.exec(readFileSync(join(web, 'index.html'), 'utf8'))?.[1];
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(join(assets, file), 'utf8');
    for (const [, imported] of code.matchAll(
      /(?:^|[;}\n])\s*import\s*(?:[^'"();]*?\s*from\s*)?["']\.\/([^"']+\.js)["']/g,
    ))
      walk(imported);
  };
  if (entry) walk(entry);
  return {
    js: js.length,
    small: js.filter((f) => statSync(join(assets, f)).size < 4096).length,
    gzKb: js.reduce((sum, f) => sum + gz(f), 0),
    entryGzKb: [...seen].reduce((sum, f) => sum + gz(f), 0),
    entryFiles: seen.size,
  };
}

const kb = (n: number) => `${n.toFixed(1)} KB`;

/** The cold loads as `npm run bench` prints them. */
export function describeCold(web: WebTransfer): string[] {
  const lines = [
    `${'cold load (fresh browser)'.padEnd(60)}${'scripts'.padStart(8)}${'requests'.padStart(9)}${'all'.padStart(11)}${'code'.padStart(11)}`,
    `${'  Sign-in (/login)'.padEnd(60)}${String(web.signIn.scripts).padStart(8)}${String(web.signIn.requests).padStart(9)}${kb(web.signIn.kb).padStart(11)}${kb(web.signIn.codeKb).padStart(11)}`,
  ];
  for (const c of web.cold)
    lines.push(
      `${`  ${c.title} (/${c.path})`.padEnd(60)}${String(c.scripts).padStart(8)}${String(c.requests).padStart(9)}${kb(c.kb).padStart(11)}${kb(c.codeKb).padStart(11)}${c.errors.length ? `  ${c.errors.length} console error(s): ${c.errors[0].slice(0, 100)}` : ''}`,
    );
  const screens = web.cold.slice(1);
  if (screens.length) {
    const scripts = screens.map((c) => c.scripts).sort((a, b) => a - b);
    lines.push(
      `  screens: scripts per cold load median ${scripts[Math.floor(scripts.length / 2)]}, most ${scripts.at(-1)}; ${kb(screens.reduce((s, c) => s + c.kb, 0) / screens.length)} on average`,
    );
  }
  return lines;
}
