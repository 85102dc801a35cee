/**
 * Every screen the modules declare, opened as the admin: axe-core finds no critical or serious fault on
 * it nor in any modal its toolbar opens, the tab has the screen's own title, and a keyboard alone
 * reaches the first record of a list and opens it; closing what opened returns focus to the opener.
 * A screen added later is walked the same way without touching this file.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from '@playwright/test';
import type { AxeResults, ElementContext } from 'axe-core';
import { screenTitle } from '../../src/web/screens';
import { enterPassword, expect, newAppContext, test as signedIn, visit, ADMIN } from './fixtures';
import { declaredScreens as screens } from './screens';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The walks change nothing, so a worker walks every screen on one signed-in page, going from screen to
 * screen inside the app as a person does from the menus: the app and axe-core load once per worker,
 * not once per screen (each fresh page cost the walk most of its CPU). A walk that fails leaves
 * the page to be loaded afresh for the next.
 */
const test = signedIn.extend<{ page: Page }, { walkPage: { page: Page; fresh: boolean } }>({
  walkPage: [
    async ({ browser, adminState }, use, workerInfo) => {
      const context = await newAppContext(browser, workerInfo.project.use, adminState);
      await use({ page: await context.newPage(), fresh: true });
      await context.close();
    },
    { scope: 'worker' },
  ],
  page: async ({ walkPage }, use, testInfo) => {
    await use(walkPage.page);
    if (testInfo.status !== testInfo.expectedStatus) walkPage.fresh = true;
  },
});

/** Opens a screen: loaded afresh the first time (or after a failed walk), then as the app's own links do. */
async function openScreen(walk: { page: Page; fresh: boolean }, url: string) {
  if (walk.fresh) await walk.page.goto(url);
  else await visit(walk.page, url);
  walk.fresh = false;
}

/**
 * The screen's data has come: its first loads are done (the shell marks `main` busy until then), and
 * still done a couple of frames later, when a load that waited on another's answer would have begun.
 */
async function loaded(page: Page) {
  const main = page.locator('main');
  await expect(main).not.toHaveAttribute('aria-busy', 'true');
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await expect(main).not.toHaveAttribute('aria-busy', 'true');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Screens that show one record: the demo record each is opened on. */
const RECORD: Record<string, string> = {
  'users/edit': '?id=1',
  'locations/edit': '?id=1',
  'locations/service': '?id=1',
  'notification-groups/members': '?groupId=1',
  'tools/repair-orders/order': '?orderId=1',
  'customers/customer': '?id=1',
  'vehicles/vehicle': '?vin=1HGCV1F3XJA091734',
  'clicklane/appraisals/vehicle': '?id=1',
  'clicklane/testimonials/testimonial': '?testimonialId=1',
  'clicklane/deliveries/delivery': '?deliveryId=1',
  'clicklane/users/user': '?userId=1',
  'clicklane/quotes/start': '?leadId=1',
  'marketing/email-builder/builder': '?templateId=1',
  'marketing/email-builder/compiler': '?templateId=1,2',
  'marketing/plans/edit': '?plan=2&view=plan',
  'tools/page-builder/builder': '?page=1',
  'employees/career-paths/edit-position': '?id=1',
  'reports/service-appointments/appointment': '?id=1',
  'sales/purchases/purchase': '?id=1',
  'shipping/shipment': '?id=1',
};

/**
 * Fails with every critical or serious rule axe-core finds, naming the elements at fault; within
 * `scope` only when given (a screen's `main`, a modal), since the rest was checked on its own: the
 * shell on the home page, the screen behind a modal before it opened. axe-core is put in the page
 * once and stays while the app moves from screen to screen.
 */
async function expectAccessible(page: Page, where: string, scope?: string) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  const violations = await page.evaluate(
    async ([context]) => {
      const { axe } = window as unknown as { axe: { run(c: ElementContext, o: object): Promise<AxeResults> } };
      // Violations only: axe skips listing what passes, a large share of its time on a full table.
      const results = await axe.run(context ?? document, { resultTypes: ['violations'] });
      return results.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        nodes: v.nodes.map((n) => ({ target: n.target.join(' '), failureSummary: n.failureSummary })),
      }));
    },
    [scope] as const,
  );
  const faults = violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target}: ${n.failureSummary}`)
          .join('; ')}`,
    );
  expect(faults, `accessibility faults on ${where}`).toEqual([]);
}

/** What pressing a button or a row's link opened: a modal, or another screen (the address changed). */
const whatOpened = (page: Page, url: string) =>
  Promise.race([
    page
      .getByRole('dialog')
      .waitFor()
      .then(() => 'a modal' as const),
    page.waitForURL((to) => to.href !== url).then(() => 'a screen' as const),
  ]);

/** Presses Tab until the focused element matches, as a keyboard user would reach it. */
async function tabTo(page: Page, selector: string, limit = 80) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => !!document.activeElement?.matches(s), selector)) return;
  }
  throw new Error(`${selector} was not reached in ${limit} presses of Tab`);
}

/**
 * A modal has finished opening: its loads are done and it is named (its title, which the dialog is
 * labelled by, can follow the dialog's own element by a render: CI twice caught the instant between).
 */
async function opened(dialog: Locator) {
  await expect(dialog.getByLabel('Loading')).toHaveCount(0);
  await expect(dialog).toHaveAccessibleName(/\S/);
}

const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

// Each screen is walked on its own page: the walks share out among the workers.
test.describe.configure({ mode: 'parallel' });

test('the sign-in steps have no serious accessibility faults', async ({ browser }) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page).toHaveTitle('Sign in · Forecourt');
  await expectAccessible(page, 'login');
  await enterPassword(page, ADMIN.username, ADMIN.password);
  await expect(page.locator('.two-factor-check')).toBeVisible();
  await expectAccessible(page, '2fa');
  await context.close();
});

test('the home has no serious accessibility faults, and a skip link leads past the menus', async ({
  browser,
  adminState,
}) => {
  const context = await browser.newContext({ storageState: adminState });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page).toHaveTitle('Home · Forecourt');
  await expectAccessible(page, 'home');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();

  // Dark mode's colours are held to the same contrast.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/users/');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await loaded(page);
  await expectAccessible(page, 'users, in dark mode');
  await context.close();
});

for (const screen of screens.filter((s) => s.access !== 'public' && s.access !== 'pending')) {
  test(`${screen.path}: accessible, titled, and its records open by keyboard`, async ({ page, walkPage }) => {
    // The smallest page a list offers: axe's time grows with the rows on the screen, its findings do not.
    await openScreen(walkPage, `/${screen.path}${RECORD[screen.path] ?? '?'}&limit=25`);
    const root = page.locator(`.${screen.className}`);
    await expect(root).toBeVisible();
    // A record's page names the record too: "Appointment · Rosa Martinez · Forecourt".
    await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(screenTitle(screen))}( · .+)? · Forecourt$`));
    await loaded(page);
    await expectAccessible(page, screen.path, 'main');

    // Each modal the toolbar opens; Escape closes it and gives focus back to its button. Refresh
    // opens nothing (kit.e2e.ts tries it), nor does a button that shows or hides the filters.
    const buttons = root.locator('.screen-toolbar button:not(.list-refresh):not([aria-expanded])');
    for (let i = 0; i < (await buttons.count()); i++) {
      const button = buttons.nth(i);
      const name = (await button.textContent())!.trim();
      const url = page.url();
      await button.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      // A button that leads to another screen (Add user) is checked as that screen.
      if ((await whatOpened(page, url)) === 'a screen') {
        await page.goBack();
        await expect(root).toBeVisible();
        continue;
      }
      await opened(dialog);
      await expectAccessible(page, `${screen.path}, the modal of "${name}"`, '[role=dialog]');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(button).toBeFocused();
    }

    // The first record of a list, reached with Tab after the skip link and opened with Enter.
    if ((await root.locator('.row-open').count()) === 0) return;
    // From the skip link (the first stop of Tab, as the home's test shows) into the screen.
    await page.getByRole('link', { name: 'Skip to content' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
    await tabTo(page, '.row-open');
    const opener = await focusedName(page);
    const url = page.url();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    if ((await whatOpened(page, url)) === 'a screen') {
      await loaded(page);
      await expectAccessible(page, `the record opened from ${screen.path}`, 'main');
      return;
    }
    await opened(dialog);
    await expectAccessible(page, `${screen.path}, the record ${opener}`, '[role=dialog]');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(await focusedName(page)).toBe(opener);
  });
}
