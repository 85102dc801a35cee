import { callApi, expect, pick, test } from '../../../tests/e2e/fixtures';

interface Row {
  locationId: number;
  code: string;
  contactCount: number;
  textCount: number;
  emailCount: number;
}

test("the mailing-list report: each store's counts, narrowed by region in the address, leading to the store's mailing list", async ({
  page,
}) => {
  await page.goto('/marketing/mailing-list');
  await expect(page.locator('.mailing-list-report')).toBeVisible();
  await expect(page.getByRole('heading', { name: /^\d+ stores$/ })).toBeVisible();

  await pick(page, 'Region', 'New Mexico');
  await expect(page).toHaveURL(/region=New\+Mexico/);
  // What the server counts for the region, and what a store's own mailing list shows.
  const report = await callApi<{ rows: Row[]; listCount: number }>(page.request, 'marketing/mailing-list/load-list', {
    region: 'New Mexico',
    view: 'rows',
  });
  await expect(page.getByRole('heading', { name: `${report.listCount} stores` })).toBeVisible();
  const abg = report.rows.find((r) => r.code === 'ABG')!;
  const mailing = await callApi<{ contactCount: number }>(page.request, 'messenger/load-mailing-list', {
    locationId: abg.locationId,
    reach: 'text',
    view: 'rows',
  });
  expect(abg.textCount).toBe(mailing.contactCount);
  // The demo has a contact at ABG who texted STOP, and one with an email only.
  expect(abg.contactCount).toBeGreaterThan(abg.textCount);

  const row = page.getByRole('row', { name: /Albuquerque Toyota \(ABG\)/ });
  await expect(row.getByRole('cell').nth(1)).toHaveText('New Mexico');
  await expect(row.getByRole('link', { name: `${abg.contactCount} contacts at Albuquerque Toyota` })).toHaveText(
    String(abg.contactCount),
  );
  await expect(page.locator('.mailing-list-report tbody tr')).toHaveCount(report.listCount);

  // The count of who a text reaches opens the store's mailing list narrowed the same way.
  await row.getByRole('link', { name: `${abg.textCount} contacts a text reaches at Albuquerque Toyota` }).click();
  await expect(page.locator('.mailing-list')).toBeVisible();
  await expect(page).toHaveURL(
    new RegExp(`/experience/contacts/mailing-list\\?locationId=${abg.locationId}&reach=text`),
  );
  await expect(page.getByRole('heading', { name: `${abg.textCount} contacts` })).toBeVisible();

  // Back on the report, its filters are still in the address; a search by name narrows it.
  await page.goBack();
  await expect(page.getByRole('heading', { name: `${report.listCount} stores` })).toBeVisible();
  await page.goto('/marketing/mailing-list?query=honda');
  await expect(page.getByRole('heading', { name: /^\d+ stores?$/ })).toBeVisible();
  const names = await page.locator('.mailing-list-report tbody tr td:first-child').allTextContents();
  expect(names.length).toBeGreaterThan(0);
  expect(names.every((n) => n.includes('Honda'))).toBe(true);
});
