/** The command palette and the home page's figures, used as staff use them. */
import { callApi, expect, test } from './fixtures';

test('Ctrl+K finds a screen and a record, and Enter opens it', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: /^Search/ })).toBeVisible();
  await page.keyboard.press('Control+k');
  const search = page.getByRole('textbox', { name: 'Search screens and records' });
  await expect(search).toBeFocused();
  await search.fill('call act');
  await expect(page.getByRole('button', { name: /Call activity/ })).toBeVisible();
  await search.press('Enter');
  await expect(page.locator('.call-activity')).toBeVisible();

  // A record: the location found by its code, opened on its edit screen.
  await page
    .locator('header')
    .getByRole('button', { name: /^Search/ })
    .click();
  await search.fill('abg');
  const found = page.getByRole('button', { name: /Albuquerque Toyota.*ABG/ });
  await expect(found).toBeVisible();
  await found.click();
  await expect(page).toHaveURL(/\/locations\/edit\?id=\d+$/);
  await expect(page.getByRole('textbox', { name: 'Code', exact: true })).toHaveValue('ABG');
});

test("the home shows today's figures as their lists count them, and each opens its list", async ({ page, request }) => {
  await page.goto('/');
  const missed = page.locator('.today-figure', { hasText: 'Missed calls today' });
  await expect(missed).toBeVisible();
  const href = (await missed.getAttribute('href'))!;
  const filters = Object.fromEntries(new URL(href, 'http://x').searchParams);
  const { callCount } = await callApi<{ callCount: number }>(request, 'phones/calls/load-calls', filters);
  await expect(missed.locator('.figure-value')).toHaveText(callCount.toLocaleString('en-US'));

  await missed.click();
  await expect(page.locator('.call-manager')).toBeVisible();
  await expect(
    page.getByRole('heading', { name: new RegExp(`^${callCount.toLocaleString('en-US')} calls?$`) }),
  ).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('No answer');
});
