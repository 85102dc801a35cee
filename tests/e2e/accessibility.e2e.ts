/**
 * Every screen the modules declare, opened as the admin: axe-core finds no critical or serious fault on
 * it nor in any modal its toolbar opens, the tab has the screen's own title, and a keyboard alone
 * reaches the first record of a list and opens it; closing what opened returns focus to the opener.
 * A screen added later is walked the same way without touching this file.
 */
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import { screenTitle } from '../../src/web/screens';
import { enterPassword, expect, test as signedIn, ADMIN } from './fixtures';
import { declaredScreens as screens } from './screens';

/**
 * The walks change nothing, so a worker's walks share one signed-in browser context, each on a page
 * of its own: the app's files (immutable, cached for a year) then load from that context's cache,
 * compiled once, instead of afresh for every walk.
 */
const test = signedIn.extend<{ page: Page }, { walkContext: BrowserContext }>({
  walkContext: [
    async ({ browser, adminState }, use, workerInfo) => {
      const { baseURL, viewport, timezoneId } = workerInfo.project.use;
      const context = await browser.newContext({ baseURL, viewport, timezoneId, storageState: adminState });
      await use(context);
      await context.close();
    },
    { scope: 'worker' },
  ],
  page: async ({ walkContext }, use) => {
    const page = await walkContext.newPage();
    await use(page);
    await page.close();
  },
});

/** Screens that show one record: the demo record each is opened on. */
const RECORD: Record<string, string> = {
  'users/edit': '?id=1',
  'locations/edit': '?id=1',
  'locations/service': '?id=1',
  'notification-groups/members': '?groupId=1',
  'tools/repair-orders/order': '?orderId=1',
  'clicklane/appraisals/vehicle': '?id=1',
  'clicklane/testimonials/testimonial': '?testimonialId=1',
  'clicklane/deliveries/delivery': '?deliveryId=1',
  'clicklane/users/user': '?userId=1',
  'clicklane/quotes/start': '?leadId=1',
};

/**
 * Fails with every critical or serious rule axe-core finds, naming the elements at fault; within
 * `scope` only when given (a screen's `main`, a modal), since the rest was checked on its own: the
 * shell on the home page, the screen behind a modal before it opened.
 */
async function expectAccessible(page: Page, where: string, scope?: string) {
  // Violations only: axe skips listing what passes, a large share of its time on a full table.
  const axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  const { violations } = await (scope ? axe.include(scope) : axe).analyze();
  const faults = violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')}: ${n.failureSummary}`)
          .join('; ')}`,
    );
  expect(faults, `accessibility faults on ${where}`).toEqual([]);
}

/** Presses Tab until the focused element matches, as a keyboard user would reach it. */
async function tabTo(page: Page, selector: string, limit = 80) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => !!document.activeElement?.matches(s), selector)) return;
  }
  throw new Error(`${selector} was not reached in ${limit} presses of Tab`);
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

test('the home has no serious accessibility faults, and a skip link leads past the menus', async ({ page }) => {
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
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'users, in dark mode');
});

for (const screen of screens.filter((s) => s.access !== 'public' && s.access !== 'pending')) {
  test(`${screen.path}: accessible, titled, and its records open by keyboard`, async ({ page }) => {
    // The smallest page a list offers: axe's time grows with the rows on the screen, its findings do not.
    await page.goto(`/${screen.path}${RECORD[screen.path] ?? '?'}&limit=25`);
    const root = page.locator(`.${screen.className}`);
    await expect(root).toBeVisible();
    await expect(page).toHaveTitle(`${screenTitle(screen)} · Forecourt`);
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, screen.path, 'main');

    // Each modal the toolbar opens; Escape closes it and gives focus back to its button.
    // Refresh opens nothing (kit.e2e.ts tries it).
    const buttons = root.locator('.screen-toolbar button:not(.list-refresh)');
    for (let i = 0; i < (await buttons.count()); i++) {
      const button = buttons.nth(i);
      const name = (await button.textContent())!.trim();
      const url = page.url();
      await button.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await dialog.waitFor({ timeout: 800 }).catch(() => undefined);
      // A button that leads to another screen (Add user) is checked as that screen.
      if (page.url() !== url) {
        await page.goBack();
        await expect(root).toBeVisible();
        continue;
      }
      if (!(await dialog.isVisible())) continue;
      await expect(dialog.getByLabel('Loading')).toHaveCount(0);
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
    await expect(dialog.or(page.locator(`:not(.${screen.className}) > main`)).first()).toBeVisible();
    if (page.url() !== url) {
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, `the record opened from ${screen.path}`, 'main');
      return;
    }
    await expect(dialog.getByLabel('Loading')).toHaveCount(0);
    await expectAccessible(page, `${screen.path}, the record ${opener}`, '[role=dialog]');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(await focusedName(page)).toBe(opener);
  });
}
