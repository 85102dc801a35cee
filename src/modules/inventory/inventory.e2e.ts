import { callApi, expect, expectNotification, test } from '../../../tests/e2e/fixtures';

test("import from the vehicle library: a search with no results offers Clear, two vehicles go to a store's inventory", async ({
  page,
}) => {
  await page.goto('/inventory/?locationId=4');
  await expect(page.getByRole('heading', { name: /^\d+ cars at 1 location$/ })).toBeVisible();
  const before = Number((await page.getByRole('heading', { name: /cars at 1 location/ }).textContent())!.split(' ')[0]);
  await page.getByRole('button', { name: 'Import from library' }).click();
  const modal = page.getByRole('dialog', { name: 'Import from the vehicle library' });
  await expect(modal.getByRole('table', { name: 'Library vehicles' })).toBeVisible();

  const search = modal.getByRole('textbox', { name: 'Search the library' });
  await search.fill('Lamborghini');
  await expect(modal.getByText('No library vehicle matches “Lamborghini”.')).toBeVisible();
  await modal.getByRole('button', { name: 'Clear' }).click();
  await expect(search).toHaveValue('');
  await search.fill('tacoma');
  await modal.getByRole('checkbox').first().check();
  await search.fill('outback');
  await modal.getByRole('checkbox').first().check();
  await expect(modal.getByText('2 of at most 50 chosen')).toBeVisible();
  await modal.getByRole('button', { name: 'Import 2 vehicles' }).click();
  await expectNotification(page, '2 vehicles added to inventory!');
  await expect(page.getByRole('heading', { name: `${before + 2} cars at 1 location` })).toBeVisible();
  await expect(page.getByRole('row', { name: /Toyota Tacoma/ }).first()).toBeVisible();
});

test('the vehicle search submits on Enter and finds a vehicle in stock by its stock number', async ({ page }) => {
  const found = await callApi<{ rows: { stock: string; vehicle: string }[] }>(
    page.request,
    'inventory/load-inventory',
    { status: 'in stock', condition: 'used', limit: 1, view: 'rows' },
  );
  const [vehicle] = found.rows;
  await page.goto('/inventory/search');
  await expect(page).toHaveTitle('Vehicle search · Forecourt');
  const stock = page.getByRole('textbox', { name: 'Stock number' });
  await stock.fill(vehicle.stock.toLowerCase());
  await stock.press('Enter');
  await expect(page).toHaveURL(new RegExp(`stock=${vehicle.stock.toLowerCase()}`));
  await expect(page.getByRole('heading', { name: '1 vehicle in stock' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(vehicle.stock) })).toContainText(vehicle.vehicle);
});
