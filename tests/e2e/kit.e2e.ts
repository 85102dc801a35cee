/**
 * What every list and form of the kit does, tried on screens that exist: the order and page size in
 * the address, date presets, Refresh, the default location, the warning on leaving unsaved changes,
 * and dark mode.
 */
import dayjs from 'dayjs';
import { callApi, expect, test } from './fixtures';

test('a list keeps its order and page size in the address, so a shared link shows the same page', async ({ page }) => {
  await page.goto('/employees/');
  await page.getByRole('button', { name: 'Number' }).click();
  await expect(page).toHaveURL(/sort=employeeNumber&dir=asc/);
  await page.getByRole('button', { name: 'Number' }).click();
  await expect(page).toHaveURL(/sort=employeeNumber&dir=desc/);
  await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('25');
  await expect(page).toHaveURL(/limit=25/);
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
