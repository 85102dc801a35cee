import { callApi, expect, expectNotification, pick, test } from '../../../tests/e2e/fixtures';
import { makeVin } from '../vehicles/vehicles.api';

// Serials of their own, clear of the demo's and the API tests': each run's VINs are new.
let serial = 900_000 + (Date.now() % 90_000);
const freshVin = (wmi = '4T1', descriptor = 'B11HK', year = 2024) => makeVin(wmi, descriptor, year, 'E', (serial += 1));
const mistyped = (vin: string) => `${vin.slice(0, 8)}${vin[8] === '1' ? '2' : '1'}${vin.slice(9)}`;

test('generate one stock number: a VIN that has one is flagged at the field, a failed check is confirmed, the vehicle fills from the VIN', async ({
  page,
}) => {
  const { stockNumber } = await callApi<{ stockNumber: { vin: string } }>(page.request, 'stock-numbers/load-stock', {
    stock: 'ABG00001',
  });
  await page.goto('/stock-numbers/generate');
  await expect(page).toHaveTitle('Generate stock number · Forecourt');
  const form = page.locator('.generate-stock-number');
  await expect(form.getByRole('combobox', { name: 'Location' })).toHaveValue('Albuquerque Toyota (ABG)');

  // The existence check runs as the VIN box is left: a perfect match is an error on the field.
  const vinBox = form.getByRole('textbox', { name: 'VIN' });
  await vinBox.fill(stockNumber.vin);
  await vinBox.blur();
  await expect(vinBox).toHaveAccessibleDescription(
    new RegExp(`VIN ${stockNumber.vin} already has stock number ABG00001 \\(Albuquerque Toyota\\)\\.`),
  );
  await expect(vinBox).toHaveAttribute('aria-invalid', 'true');

  // A typo in the check digit: the check's sentence in a confirmation, then generated anyway.
  const vin = freshVin('2HK', 'RW2H8', 2024);
  await vinBox.fill(mistyped(vin));
  await form.getByRole('button', { name: 'Generate stock number' }).click();
  const warning = page.getByRole('dialog', { name: 'This VIN fails its check' });
  await expect(warning).toContainText('The check digit (9th character) should be');
  await warning.getByRole('button', { name: 'Correct it' }).click();
  await expect(warning).toBeHidden();
  await form.getByRole('button', { name: 'Generate stock number' }).click();
  await page
    .getByRole('dialog', { name: 'This VIN fails its check' })
    .getByRole('button', { name: 'Generate anyway' })
    .click();
  await expectNotification(page, 'Stock number generated!');
  const overridden = (await form.locator('.generated-stock-number').textContent())!;
  expect(overridden).toMatch(/^ABG\d{5}$/);

  // A good VIN names its year and make: the picker fills them, the model is chosen from the catalogue.
  await vinBox.fill(vin);
  await expect(form.getByRole('combobox', { name: 'Year' })).toHaveValue('2024');
  await expect(form.getByRole('combobox', { name: 'Make' })).toHaveValue('Honda');
  await pick(page, 'Model', 'CR-V');
  await pick(page, 'Trim', 'EX-L');
  await form.getByRole('button', { name: 'Generate stock number' }).click();
  // The first number's notification may still be up: the card changing is what says this one is done.
  await expect(form.locator('.generated-stock-number')).not.toHaveText(overridden);
  const generated = (await form.locator('.generated-stock-number').textContent())!;
  expect(Number(generated.slice(3))).toBe(Number(overridden.slice(3)) + 1);
  const stored = await callApi<{ stockNumber: Record<string, unknown> }>(page.request, 'stock-numbers/load-stock', {
    stock: generated,
  });
  expect(stored.stockNumber).toMatchObject({
    vin,
    year: 2024,
    make: 'Honda',
    model: 'CR-V',
    trim: 'EX-L',
    acquiredBy: 'Purchase',
    vinOverride: false,
  });

  // Its trade, from the card: numbered after it.
  await form.getByRole('button', { name: 'Add trade' }).click();
  const trade = page.getByRole('dialog', { name: `Add a trade on ${generated}` });
  await trade.getByRole('textbox', { name: 'VIN' }).fill(freshVin('1FT', 'FW1E5', 2019));
  await trade.getByRole('button', { name: 'Add trade' }).click();
  await expectNotification(page, `Trade added! ${generated}A`);
});

test('generate a batch: one VIN per line, all numbered together, listed to copy', async ({ page }) => {
  await page.goto('/stock-numbers/generate');
  const form = page.locator('.generate-stock-number');
  await pick(page, 'Location', 'Santa Fe Subaru (SFS)');
  await pick(page, 'Acquired by', 'Auction');
  await form.getByText('Batch, up to 500').click();
  const vins = [freshVin('JF2', 'SKAJC', 2020), freshVin('JF2', 'SKAJC', 2021), freshVin('4S4', 'BTANC', 2022)];
  await form.getByRole('textbox', { name: 'VINs' }).fill(`${vins.join('\n')}\n`);
  await expect(form.getByText('3 of 500')).toBeVisible();
  await form.getByRole('button', { name: 'Generate 3 stock numbers' }).click();
  await expectNotification(page, '3 stock numbers generated!');
  const table = form.getByRole('table', { name: 'Stock numbers generated' });
  await expect(table.getByRole('row')).toHaveCount(4);
  for (const vin of vins) await expect(table.getByRole('row', { name: new RegExp(vin) })).toContainText(/SFS\d{5}/);
});

test('the manager finds a stock number by part of its VIN and corrects it; the reader names lines that match nothing', async ({
  page,
}) => {
  const vin = freshVin('1C4', 'HJXEG', 2022);
  const { stock } = await callApi<{ stock: string }>(page.request, 'stock-numbers/generate', {
    locationId: 1,
    acquiredBy: 'Purchase',
    vin,
  });
  await page.goto('/stock-numbers/');
  await page
    .getByRole('searchbox', { name: 'Search' })
    .or(page.getByRole('textbox', { name: 'Search' }))
    .first()
    .fill(vin.slice(-6));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`query=${vin.slice(-6)}`));
  const row = page.getByRole('row', { name: new RegExp(stock) });
  await expect(row).toContainText('2022 Jeep');
  await row.getByRole('button', { name: stock, exact: true }).click();
  const update = page.getByRole('dialog', { name: `Update ${stock}` });
  await update.getByRole('combobox', { name: 'Acquired by' }).click();
  await page.getByRole('option', { name: 'Lease Return' }).click();
  await update.getByRole('button', { name: 'Update stock number' }).click();
  await expectNotification(page, 'Stock number updated!');
  await expect(row).toContainText('Lease Return');

  await page.goto('/stock-numbers/reader');
  await page.getByRole('textbox', { name: 'Stock numbers or VINs' }).fill(`${stock}\n${vin.slice(-8)}\nNOSUCH99`);
  await page.getByRole('button', { name: 'Read' }).click();
  await expect(page.getByRole('alert')).toContainText('1 line names no stock number');
  await expect(page.getByRole('alert')).toContainText('NOSUCH99');
  await expect(
    page.getByRole('table', { name: 'Stock numbers read' }).getByRole('row', { name: new RegExp(stock) }),
  ).toBeVisible();
});
