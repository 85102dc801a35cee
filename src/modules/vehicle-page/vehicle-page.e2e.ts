import type { Page } from '@playwright/test';
import { expect, expectNotification, openFromPalette, pick, test } from '../../../tests/e2e/fixtures';
import { makeVin } from '../vehicles/vehicles.api';

/** The demo's 2018 Accord bought from Jessica Brown at Albuquerque Honda: appraised, acquired, numbered, on the lot. */
const ACCORD = '1HGCV1F3XJA091734';

const output = (page: Page, name: string) => page.locator(`output[name="${name}"]`);

test('a vehicle from acquisition to stock number to desking, all on its one vehicle page', async ({ page }) => {
  // A 2024 Camry no record holds yet: each attempt brings in its own.
  const vin = makeVin('4T1', 'B11HK', 2024, 'E', 100_000 + Math.floor(Math.random() * 800_000));

  // The buyer adds it to acquisition.
  await page.goto('/acquisition/');
  await page.locator('.acquisition-vehicles').getByRole('button', { name: 'Add vehicle' }).click();
  const add = page.getByRole('dialog', { name: 'Add acquisition vehicle' });
  await add.getByRole('textbox', { name: 'VIN' }).fill(vin);
  await expect(add.getByText('2024 Toyota Camry')).toBeVisible();
  await pick(page, 'Vehicle type', 'Car');
  await add.getByRole('button', { name: 'Add vehicle' }).click();
  await expectNotification(page, 'Vehicle Added!');

  // The palette finds it by the last six characters of its VIN, as read off the windshield.
  await openFromPalette(page, vin.slice(-6).toLowerCase(), new RegExp(vin));
  await expect(page).toHaveURL(`/vehicles/vehicle?vin=${vin}`);
  const vehicle = page.locator('.vehicle-page');
  await expect(vehicle.getByRole('heading', { level: 1 })).toHaveText('2024 Toyota Camry');
  await expect(vehicle.getByText('Being acquired', { exact: true })).toBeVisible();
  await expect(vehicle.getByRole('tab', { name: 'Acquisition (1)', selected: true })).toBeVisible();
  await expect(vehicle.getByRole('link', { name: /^Being acquired · car/ })).toBeVisible();

  // Its stock number, given from its page: the generate screen starts with its VIN and store.
  await vehicle.getByRole('link', { name: 'Give it a stock number' }).click();
  const generate = page.locator('.generate-stock-number');
  await expect(generate.getByRole('textbox', { name: 'VIN' })).toHaveValue(vin);
  await expect(generate.getByRole('combobox', { name: 'Location' })).toHaveValue('Albuquerque Toyota (ABG)');
  await generate.getByRole('button', { name: 'Generate stock number' }).click();
  await expectNotification(page, 'Stock number generated!');
  const stock = (await generate.locator('.generated-stock-number').textContent())!;
  expect(stock).toMatch(/^ABG\d{5}$/);
  await generate.getByRole('link', { name: vin }).click();
  await expect(vehicle.getByText(`Stock number ${stock} · Albuquerque Toyota`)).toBeVisible();
  await expect(vehicle.getByRole('tab', { name: 'Stock numbers (1)' })).toBeVisible();
  await expect(vehicle.getByRole('link', { name: 'Give it a stock number' })).toHaveCount(0);

  // Desked from its page: the tool knows the vehicle; the deal is saved and survives a reload.
  await vehicle.getByRole('link', { name: 'Desk this vehicle' }).click();
  const desk = page.locator('.desking-tool');
  await expect(desk.locator('.desking-vehicle')).toContainText(
    `2024 Toyota Camry · Stock number ${stock} · VIN ${vin}`,
  );
  await desk.getByRole('textbox', { name: 'Selling price' }).fill('28,500');
  await desk.getByRole('textbox', { name: 'Down payment' }).fill('3000');
  // 25,500 financed over 72 months at 9.99 %, untaxed: bc -l: i=0.0999/12; 25500*i/(1-1/(1+i)^72) = 472.2802.
  await expect(output(page, 'payment2')).toHaveText('$472.28');
  await desk.getByRole('textbox', { name: 'Customer' }).fill('Elena Garcia');
  await expect(desk.getByRole('combobox', { name: 'Store' })).toHaveValue('Albuquerque Toyota (ABG)');
  await desk.getByRole('button', { name: 'Save deal' }).click();
  await expectNotification(page, 'The deal is saved.');
  await expect(page).toHaveURL(/\/sales\/desking\?dealId=\d+$/);
  const dealUrl = page.url();
  await page.reload();
  await expect(desk.getByRole('textbox', { name: 'Selling price' })).toHaveValue('28500.00');
  await expect(desk.getByRole('textbox', { name: 'Customer' })).toHaveValue('Elena Garcia');
  await expect(output(page, 'payment2')).toHaveText('$472.28');
  await expect(desk.getByRole('region', { name: 'Deals on this vehicle' })).toContainText('Elena Garcia');

  // Its page lists the deal, which opens again in the tool.
  await desk.locator('.desking-vehicle').getByRole('link', { name: vin }).click();
  await vehicle.getByRole('tab', { name: 'Deals (1)' }).click();
  await vehicle.getByRole('link', { name: 'Elena Garcia · Finance · $28,500' }).click();
  await expect(page).toHaveURL(dealUrl);
  await expect(desk.getByRole('textbox', { name: 'Customer' })).toHaveValue('Elena Garcia');
});

test('the demo Accord: found by the end of its VIN, one page for its lot, stock number, acquisition, appraisal and deal', async ({
  page,
}) => {
  // The vehicle search takes the VIN's last eight characters; its row opens the vehicle's page.
  await page.goto('/inventory/search');
  const search = page.locator('.vehicle-search');
  await search.getByRole('textbox', { name: 'VIN' }).fill(ACCORD.slice(-8).toLowerCase());
  await search.getByRole('textbox', { name: 'VIN' }).press('Enter');
  await expect(search.getByRole('heading', { name: '1 vehicle in stock' })).toBeVisible();
  await search.getByRole('button', { name: '2018 Honda Accord EX-L' }).click();
  await expect(page).toHaveURL(`/vehicles/vehicle?vin=${ACCORD}`);

  const vehicle = page.locator('.vehicle-page');
  await expect(vehicle.getByRole('heading', { level: 1 })).toHaveText('2018 Honda Accord EX-L');
  await expect(
    vehicle.getByText(/^Stock number ABH00030 · Albuquerque Honda · \$[\d,]+ · [\d,]+ miles$/),
  ).toBeVisible();
  for (const tab of ['Inventory (1)', 'Stock numbers (1)', 'Acquisition (1)', 'Appraisals (1)', 'Deals (1)'])
    await expect(vehicle.getByRole('tab', { name: tab })).toBeVisible();

  // The appraisal opens its own screen, whose VIN leads back.
  await vehicle.getByRole('tab', { name: 'Appraisals (1)' }).click();
  await expect(page).toHaveURL(/tab=appraisal/);
  await vehicle.getByRole('link', { name: /^Jessica Brown · purchased · offer/ }).click();
  const appraisal = page.locator('.appraisal-vehicle-edit');
  await appraisal.getByRole('link', { name: ACCORD }).click();
  await expect(page).toHaveURL(`/vehicles/vehicle?vin=${ACCORD}`);

  // The stock number opens Stock numbers searched for it; its VIN there leads back too.
  await vehicle.getByRole('tab', { name: 'Stock numbers (1)' }).click();
  await vehicle.getByRole('link', { name: 'ABH00030 · Purchase' }).click();
  const numbers = page.locator('.stock-number-manager');
  await expect(numbers.getByRole('row', { name: /ABH00030/ })).toBeVisible();
  await numbers.getByRole('link', { name: ACCORD }).click();
  await expect(vehicle.getByRole('heading', { level: 1 })).toHaveText('2018 Honda Accord EX-L');

  // Store inventory's rows open the vehicle too.
  await page.goto(`/inventory/?query=${ACCORD.slice(-6)}`);
  await page.locator('.store-inventory').getByRole('button', { name: '2018 Honda Accord EX-L' }).click();
  await expect(page).toHaveURL(`/vehicles/vehicle?vin=${ACCORD}`);
});
