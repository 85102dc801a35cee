/**
 * What every list and form of the kit does, tried on screens that exist: the order, page size and
 * page in the address, date presets, Refresh, the default location, the warning on leaving unsaved
 * changes, dark mode, and a delete's Undo.
 */
import dayjs from 'dayjs';
import { callApi, expect, test, visit } from './fixtures';

test('a list keeps its order and page size in the address, so a shared link shows the same page', async ({ page }) => {
  await page.goto('/employees/');
  await page.getByRole('button', { name: 'Number' }).click();
  await expect(page).toHaveURL(/sort=employeeNumber&dir=asc/);
  await page.getByRole('button', { name: 'Number' }).click();
  await expect(page).toHaveURL(/sort=employeeNumber&dir=desc/);
  // Chosen at once, before the new order has been drawn: the order stays.
  await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('25');
  await expect(page).toHaveURL(/sort=employeeNumber&dir=desc&limit=25/);
  // Read once the descending page of 25 has arrived, not the page before it.
  await expect
    .poll(async () => {
      const numbers = (await page.locator('.employee-manager tbody tr > :first-child').allTextContents()).map(Number);
      return numbers.length === 25 && numbers[0] > numbers[1];
    })
    .toBe(true);
  const firstRow = await page.locator('.employee-manager tbody tr').first().textContent();

  // The same address opened afresh: same order, same page size, the header says so.
  await page.goto(page.url());
  await expect(page.getByRole('columnheader', { name: 'Number' })).toHaveAttribute('aria-sort', 'descending');
  await expect(page.locator('.employee-manager tbody tr')).toHaveCount(25);
  await expect(page.locator('.employee-manager tbody tr').first()).toHaveText(firstRow!);
  await expect(page).toHaveTitle('Employees · Forecourt');
});

test('date presets fill both dates of a range, and Refresh reloads the list', async ({ page }) => {
  await page.goto('/phones/calls/');
  await page.getByRole('combobox', { name: 'Dates' }).click();
  await page.getByRole('option', { name: 'Last 7 days' }).click();
  const from = dayjs().subtract(6, 'day').format('YYYY-MM-DD');
  const to = dayjs().format('YYYY-MM-DD');
  await expect(page).toHaveURL(new RegExp(`minCreatedAt=${from}&maxCreatedAt=${to}`));
  await expect(page.getByRole('combobox', { name: 'Dates' })).toHaveValue('Last 7 days');

  const reloaded = page.waitForResponse((r) => r.url().endsWith('/api/actions/phones/calls/load-calls'));
  await page.getByRole('button', { name: 'Refresh' }).click();
  expect((await reloaded).ok()).toBe(true);
});

test('a new record starts at the default location, and leaving a changed form asks first', async ({
  page,
  request,
}) => {
  const { locations, defaultCode } = await callApi<{
    locations: { name: string; code: string }[];
    defaultCode: string;
  }>(request, 'locations/list-options');
  const fallback = locations.find((l) => l.code === defaultCode)!;
  await page.goto('/users/edit');
  await expect(page.getByRole('combobox', { name: 'Location' })).toHaveValue(`${fallback.name} (${fallback.code})`);

  // Untouched, the form lets the user go; changed, it asks, and Stay keeps the changes.
  await page.getByLabel('First name').fill('Rosa');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Locations' }).click();
  const question = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Stay' }).click();
  await expect(page.getByLabel('First name')).toHaveValue('Rosa');
  await expect(page).toHaveURL(/\/users\/edit$/);

  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Locations' }).click();
  await page.getByRole('dialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Leave' }).click();
  await expect(page.locator('.location-manager')).toBeVisible();
});

test('dark mode follows the system, and the account menu switches it', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.getByRole('button', { name: 'Your account' }).click();
  await expect(page.getByRole('menuitem', { name: 'Dark mode: on' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Dark mode' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  await expect(page.getByRole('menuitem', { name: 'Dark mode: off' })).toBeVisible();
  // The choice outlasts a reload, whatever the system says.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
});

test('rows chosen together are acted on together: lock two accounts from the user manager', async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  for (const name of ['Bulk', 'Batch']) {
    await callApi(request, 'users/save-user', {
      username: `${name.toLowerCase()}${stamp}`,
      email: `${name.toLowerCase()}.${stamp}@forecourt.test`,
      firstName: name,
      lastName: `Lock${stamp}`,
      password: 'a-long-enough-password',
      regions: [],
      accountLocked: 0,
    });
  }
  await page.goto(`/users/?query=Lock${stamp}`);
  await expect(page.getByRole('heading', { name: '2 users' })).toBeVisible();
  await page.getByRole('checkbox', { name: `Select bulk${stamp}` }).check();
  await page.getByRole('checkbox', { name: `Select batch${stamp}` }).check();
  const bar = page.getByRole('region', { name: 'Actions on the chosen rows' });
  await expect(bar).toContainText('2 users chosen');
  await bar.getByRole('button', { name: 'Lock accounts' }).click();
  const question = page.getByRole('dialog', { name: 'Lock accounts' });
  await expect(question).toContainText('Lock 2 accounts?');
  await question.getByRole('button', { name: 'Lock accounts' }).click();
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: '2 accounts locked.' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`bulk${stamp}`) })).toContainText('Locked');
  await expect(page.getByRole('row', { name: new RegExp(`batch${stamp}`) })).toContainText('Locked');
  await expect(bar).toBeHidden();
});

test.describe('on a clock of its own', () => {
  // page.clock is the context's: this test's browser context is its own (tests/e2e/fixtures.ts).
  test.use({ ownContext: true });

  test('a delete waits for its Undo: Undo brings the row back with nothing deleted; left alone, the delete is sent', async ({
    page,
    request,
  }) => {
    const jobCode = `E2E-UNDO-${Date.now().toString(36).toUpperCase()}`;
    await callApi(request, 'sandbox-access/add-access', { jobCode, longName: 'Undo check' });
    const stored = async () =>
      (await callApi<{ jobCodeCount: number }>(request, 'sandbox-access/load-access-list', { query: jobCode }))
        .jobCodeCount;
    const deletes: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/actions/sandbox-access/delete-access')) deletes.push(r.postData() ?? '');
    });
    // The page's clock runs as usual, and the test moves it past the notice's six seconds at once.
    await page.clock.install();
    await page.goto('/access/');
    await page.getByRole('search').getByRole('textbox').fill(jobCode);
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('row', { name: new RegExp(jobCode) });
    await expect(page.getByRole('heading', { name: '1 job code' })).toBeVisible();
    const remove = async () => {
      await row.getByRole('button', { name: `Actions for ${jobCode}` }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Delete' }).click();
    };

    // Gone from the list at once, the count with it; the notice is announced and Undo has the focus.
    await remove();
    await expect(row).toHaveCount(0);
    await expect(page.getByRole('heading', { name: '0 job codes' })).toBeVisible();
    const notice = page.getByRole('alert').filter({ hasText: 'Access deleted!' });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('button', { name: 'Undo' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(row).toBeVisible();
    await expect(notice).toBeHidden();
    await expect(page.getByRole('heading', { name: '1 job code' })).toBeVisible();
    // Past the time the notice would have run, nothing was sent and the record is there.
    await page.clock.fastForward(6_500);
    expect(deletes).toEqual([]);
    expect(await stored()).toBe(1);

    // Left alone, the notice ends and only then is the delete sent; it stays gone after a reload.
    await remove();
    await expect(row).toHaveCount(0);
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/actions/sandbox-access/delete-access'));
    await expect(notice).toBeVisible();
    expect(deletes).toEqual([]);
    await page.clock.fastForward(6_500);
    expect((await sent).ok()).toBe(true);
    await expect(notice).toBeHidden();
    expect(deletes).toHaveLength(1);
    await page.reload();
    await page.getByRole('search').getByRole('textbox').fill(jobCode);
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('heading', { name: '0 job codes' })).toBeVisible();
    expect(await stored()).toBe(0);
  });
});

test('a delete still waiting goes at once when the staff member leaves the screen', async ({ page, request }) => {
  const jobCode = `E2E-LEAVE-${Date.now().toString(36).toUpperCase()}`;
  await callApi(request, 'sandbox-access/add-access', { jobCode, longName: 'Leave check' });
  await page.goto('/access/');
  await page.getByRole('search').getByRole('textbox').fill(jobCode);
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: `Actions for ${jobCode}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Access deleted!' })).toBeVisible();
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/actions/sandbox-access/delete-access'));
  await visit(page, '/');
  expect((await sent).ok()).toBe(true);
  await expect(page.getByRole('alert').filter({ hasText: 'Access deleted!' })).toBeHidden();
});

test('the page of a list is in the address: a reload opens the same page, and Back returns to the page before', async ({
  page,
}) => {
  await page.goto('/reports/service-appointments/?limit=25');
  const root = page.locator('.appointment-data-manager');
  const range = root.getByText(/^\d[\d,]*–\d[\d,]* of [\d,]+$/);
  await expect(range).toHaveText(/^1–25 of /);
  const firstPage = (await root.locator('tbody tr').first().textContent())!;
  await root.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/[?&]page=2&cursor=[\w-]+/);
  await expect(range).toHaveText(/^26–50 of /);
  // The first page's rows stay in sight until the second page's have come.
  await expect(root.locator('tbody tr').first()).not.toHaveText(firstPage);
  const secondPage = await root.locator('tbody tr').first().textContent();

  await page.reload();
  await expect(page).toHaveURL(/[?&]page=2&cursor=/);
  await expect(range).toHaveText(/^26–50 of /);
  await expect(root.locator('tbody tr').first()).toHaveText(secondPage!);
  await expect(page).toHaveTitle('Service appointments · Forecourt');

  // Page 3, then Back twice: the second page, then the first.
  await root.getByRole('button', { name: 'Next page' }).click();
  await expect(range).toHaveText(/^51–75 of /);
  await page.goBack();
  await expect(range).toHaveText(/^26–50 of /);
  await expect(root.locator('tbody tr').first()).toHaveText(secondPage!);
  await page.goBack();
  await expect(range).toHaveText(/^1–25 of /);
  await expect(page).not.toHaveURL(/cursor=/);

  // Another filter starts again from the first page.
  await page.goForward();
  await expect(range).toHaveText(/^26–50 of /);
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Completed' }).click();
  await expect(page).toHaveURL(/status=completed/);
  await expect(page).not.toHaveURL(/cursor=/);
  await expect(range).toHaveText(/^1–25 of /);
});

test('report tabs fit a phone: every tab in sight, nothing scrolls sideways, and a tab still opens its report', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const sideways = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  for (const [url, label, next, shows] of [
    ['/phones/activity', 'Call activity reports', 'Texts', /report=texts/],
    ['/reports/service-appointments/sources', 'Appointment reports', 'Scheduler sessions', /scheduler-sessions/],
  ] as const) {
    await page.goto(url);
    const tabs = page.getByRole('tablist', { name: label }).getByRole('tab');
    await expect(tabs.first()).toBeVisible();
    for (const tab of await tabs.all()) await expect(tab).toBeInViewport({ ratio: 1 });
    expect(await sideways()).toBe(0);
    await page.getByRole('tab', { name: next }).click();
    await expect(page).toHaveURL(shows);
    expect(await sideways()).toBe(0);
  }
});

test('scrolled to the end of a list, the Back to top button covers none of its pager', async ({ page }) => {
  await page.goto('/reports/service-appointments/?limit=25');
  await expect(page.locator('.appointment-data-manager').getByText(/^1–25 of /)).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const backToTop = page.getByRole('button', { name: 'Back to top' });
  await expect(backToTop).toBeVisible();
  const top = (await backToTop.boundingBox())!;
  for (const name of ['Previous page', 'Next page']) {
    const button = (await page.getByRole('button', { name }).boundingBox())!;
    // Below the pager, or beside it: no point of one is inside the other.
    expect(button.y + button.height <= top.y || button.x + button.width <= top.x).toBe(true);
  }
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.locator('.appointment-data-manager').getByText(/^26–50 of /)).toBeVisible();
});
