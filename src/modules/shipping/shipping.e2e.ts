import { callApi, expect, expectNotification, test } from '../../../tests/e2e/fixtures';
import { makeVin } from '../vehicles/vehicles.api';

test('ship a vehicle from a store to a customer: the store fills its address, a bad ZIP code is highlighted, the order is listed', async ({
  page,
}) => {
  const vin = makeVin('KNA', 'E55LC', 2024, 'E', 900_000 + (Date.now() % 90_000));
  await page.goto('/shipping/new');
  await expect(page).toHaveTitle('Ship a vehicle · Forecourt');
  const from = page.getByRole('group', { name: 'From' });
  await from.getByRole('combobox', { name: 'Origin store' }).click();
  await page.getByRole('option', { name: 'Albuquerque Honda (ABH)' }).click();
  await expect(from.getByRole('textbox', { name: 'Origin name' })).toHaveValue('Albuquerque Honda');
  await expect(from.getByRole('textbox', { name: 'Origin ZIP code' })).toHaveValue(/^\d{5}$/);

  const to = page.getByRole('group', { name: 'To' });
  await to.getByText('A customer').click();
  await to.getByRole('textbox', { name: 'Destination name' }).fill('Dolores Baca');
  await to.getByRole('textbox', { name: 'Destination address' }).fill('118 Camino del Monte Sol');
  await to.getByRole('textbox', { name: 'Destination city' }).fill('Santa Fe');
  await to.getByRole('textbox', { name: 'Destination state' }).fill('nm');
  await to.getByRole('textbox', { name: 'Destination ZIP code' }).fill('8750');
  await page.getByRole('textbox', { name: 'VIN' }).fill(vin);
  await expect(page.getByRole('combobox', { name: 'Make' })).toHaveValue('Kia');
  await page.getByRole('button', { name: 'Order shipment' }).click();

  const zip = to.getByRole('textbox', { name: 'Destination ZIP code' });
  await expect(zip).toHaveAttribute('aria-invalid', 'true');
  await expect(zip).toBeFocused();
  await expect(page.getByRole('alert')).toContainText('Destination ZIP code must be five digits, such as 87109.');
  await zip.fill('87501');
  await page.getByRole('button', { name: 'Order shipment' }).click();
  await expectNotification(page, /^Order successful! Carrier reference LOCAL-[0-9A-F]{8}\.$/);

  await expect(page).toHaveURL(/\/shipping\/$/);
  const row = page.getByRole('row', { name: new RegExp(vin) });
  await expect(row).toContainText('Dolores Baca');
  await expect(row).toContainText('Customer');
  await expect(row).toContainText('2024 Kia');
  await expect(row).toContainText('local driver, not sent');
});

test("a shipment opens on its own page from the list: both ends' addresses and the notes, titled by the vehicle", async ({
  page,
  request,
}) => {
  const [order] = (
    await callApi<{ rows: { id: number; vehicle: string; vin: string; destinationName: string }[] }>(
      request,
      'shipping/load-orders',
      { view: 'rows', limit: 1 },
    )
  ).rows;
  const { order: full } = await callApi<{ order: { destinationAddressOne: string; originAddressOne: string } }>(
    request,
    'shipping/load-order',
    { orderId: order.id },
  );
  await page.goto('/shipping/');
  // By keyboard: the row's first cell is its button.
  await page.locator('.shipment-orders .row-open').first().focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/shipping/shipment\\?id=${order.id}$`));
  const name = `${order.vehicle || order.vin} to ${order.destinationName}`;
  await expect(page).toHaveTitle(`Shipment · ${name} · Forecourt`);
  const view = page.locator('.shipment-page');
  await expect(view.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(view).toContainText(full.originAddressOne);
  await expect(view).toContainText(full.destinationAddressOne);
  await view.getByRole('link', { name: 'Shipments' }).click();
  await expect(page).toHaveURL(/\/shipping\/$/);

  await page.goto('/shipping/shipment?id=999999');
  await expect(page.getByRole('alert')).toContainText('That shipment does not exist.');
});
