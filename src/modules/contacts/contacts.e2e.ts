import { expect, pick, test } from '../../../tests/e2e/fixtures';

test("the mailing list: a store's contacts a text reaches, in the address, and downloaded as CSV", async ({ page }) => {
  await page.goto('/experience/contacts/mailing-list');
  await expect(page.locator('.mailing-list')).toBeVisible();
  await pick(page, 'Location', /\(ABG\)/);
  await pick(page, 'Reached by', 'Text (not opted out)');
  await expect(page).toHaveURL(/locationId=\d+/);
  await expect(page).toHaveURL(/reach=text/);
  const rows = page.locator('.mailing-list tbody tr');
  await expect(rows.first()).toContainText('Albuquerque Toyota');
  await expect(page.getByRole('heading', { name: /^\d+ contacts?$/ })).toBeVisible();

  const csvLink = page.getByRole('link', { name: 'Download CSV' });
  await expect(csvLink).toHaveAttribute('href', /^\/tools\/mailing-list\/export\?/);
  const csv = await page.request.get((await csvLink.getAttribute('href'))!);
  expect(csv.headers()['content-type']).toContain('text/csv');
  const lines = (await csv.text()).trim().split('\n');
  expect(lines[0]).toBe('Last name,First name,Mobile phone,Email,Location,Source,Sold,Opted out,Added');
  expect(lines.length).toBeGreaterThan(1);
  // The store's, and none opted out (the column before Added).
  expect(lines.slice(1).every((line) => line.includes('Albuquerque Toyota') && line.split(',').at(-2) === 'No')).toBe(
    true,
  );
});
