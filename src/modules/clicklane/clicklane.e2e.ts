import AxeBuilder from '@axe-core/playwright';
import { expect, expectNotification, pick, test } from '../../../tests/e2e/fixtures';
import { vinCheckDigit } from '../vehicles/vehicles.api';

/** A VIN that passes the check digit, serial `n` (a 2003 Honda Accord's pattern). */
function validVin(n: number): string {
  const draft = `1HGCM82633A${String(n).padStart(6, '0')}`;
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
}

test('a new lead to a delivered car: added, scheduled, a car added, two updates posted, one deleted, delivered', async ({
  page,
}) => {
  const name = `Paloma Griego ${Date.now() % 100000}`;
  await page.goto('/clicklane/leads/');
  const leads = page.locator('.clicklane-leads');
  await expect(leads.getByRole('heading', { name: /^\d+ leads/ })).toBeVisible();

  // The add-lead modal: a phone that is no number is named at its field; then the lead is added.
  await leads.getByRole('button', { name: 'Add lead' }).click();
  const add = page.getByRole('dialog', { name: 'Add lead' });
  await add.getByRole('textbox', { name: 'Customer name' }).fill(name);
  await add.getByRole('textbox', { name: 'Phone' }).fill('555');
  await add.getByRole('button', { name: 'Add lead' }).click();
  await expect(add.getByText('Phone must be a phone number such as (505) 555-0142.').first()).toBeVisible();
  await add.getByRole('textbox', { name: 'Phone' }).fill('(505) 555-0188');
  await add.getByRole('textbox', { name: 'Email' }).fill('paloma@example.com');
  await add.getByRole('textbox', { name: 'Vehicle wanted' }).fill('Civic Sport');
  await add.getByRole('button', { name: 'Add lead' }).click();
  await expectNotification(page, 'Lead has been added!');

  // Found by the search form (kept in the address), its menu schedules the delivery.
  await leads.getByRole('textbox', { name: 'Search' }).fill(name);
  await leads.getByRole('textbox', { name: 'Search' }).press('Enter');
  await expect(page).toHaveURL(/query=Paloma/);
  await expect(leads.getByRole('heading', { name: /^1 lead\b/ })).toBeVisible();
  await leads.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Schedule delivery' }).click();

  const edit = page.locator('.edit-delivery');
  await expect(edit.getByRole('heading', { name: `Schedule a delivery for ${name}` })).toBeVisible();
  await edit.getByRole('textbox', { name: 'Delivery address' }).fill('1208 Montaño Rd NW, Albuquerque, NM 87107');
  await edit.getByRole('button', { name: 'Save delivery' }).click();
  await expectNotification(page, 'Delivery saved.');
  await expect(page).toHaveURL(/\/clicklane\/deliveries\/delivery\?deliveryId=\d+$/);
  await expect(edit.getByRole('heading', { name })).toBeVisible();
  await expect(edit.getByTestId('delivery-status')).toHaveText('Scheduled');

  // The add-vehicle modal: the car becomes the delivery's.
  await edit.getByRole('button', { name: 'Add vehicle' }).click();
  const car = page.getByRole('dialog', { name: 'Add vehicle' });
  const vin = validVin(Date.now() % 1_000_000);
  await car.getByRole('textbox', { name: 'VIN' }).fill(vin);
  await car.getByRole('textbox', { name: 'Stock number' }).fill(`E2E${Date.now() % 100000}`);
  await car.getByRole('textbox', { name: 'Vehicle' }).fill('2023 Honda Civic Sport');
  await car.getByRole('textbox', { name: 'Price' }).fill('24,490');
  await car.getByRole('button', { name: 'Add vehicle' }).click();
  await expectNotification(page, 'Vehicle has been added!');
  await expect(edit.getByTestId('delivery-vehicle')).toContainText('2023 Honda Civic Sport');
  await expect(edit.getByTestId('delivery-vehicle')).toContainText('$24,490.00');

  // Two updates for the customer, then a third deleted after the question.
  for (const text of ['Your Civic is detailed and ready.', 'Our driver has left the store.', 'A typo to remove']) {
    await edit.getByRole('button', { name: 'Post update' }).click();
    const dialog = page.getByRole('dialog', { name: 'Post an update' });
    await dialog.getByRole('textbox', { name: 'Update' }).fill(text);
    await dialog.getByRole('button', { name: 'Post update' }).click();
    await expectNotification(page, 'Update has been added!');
    await expect(edit.locator('.delivery-updates li').filter({ hasText: text })).toBeVisible();
  }
  await edit
    .locator('.delivery-updates li')
    .filter({ hasText: 'A typo to remove' })
    .getByRole('button', { name: /Delete/ })
    .click();
  const ask = page.getByRole('dialog', { name: 'Delete update' });
  await expect(ask).toContainText('Are you sure you want to delete this update?');
  await ask.getByRole('button', { name: 'Delete' }).click();
  await expectNotification(page, 'Update has been deleted!');
  await expect(edit.locator('.delivery-updates li')).toHaveCount(2);

  // Delivered (today, as the form fills in): the lead is sold.
  await pick(page, 'Status', 'Delivered');
  await expect(edit.getByRole('button', { name: 'Delivered on' })).not.toHaveText('YYYY-MM-DD');
  await edit.getByRole('button', { name: 'Save delivery' }).click();
  await expectNotification(page, 'Delivery saved.');
  await expect(edit.getByTestId('delivery-status')).toHaveText('Delivered');

  await page.goto(`/clicklane/leads/?query=${encodeURIComponent(name)}`);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Sold');
  await page.goto(`/clicklane/deliveries/?query=${encodeURIComponent(name)}`);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Delivered');
  await expect(row).toContainText('2');
});

test('an insurance quote is sent to the carrier from a lead, and waits for its answer', async ({ page }) => {
  await page.goto('/clicklane/quotes/start?leadId=5');
  const start = page.locator('.add-insurance-quote-start');
  await expect(start.getByRole('heading', { name: 'Insurance quote for Sofia Ramirez' })).toBeVisible();
  await pick(page, 'Carrier', 'State Farm');
  await start.getByRole('textbox', { name: 'ZIP code' }).fill('8710');
  await start.getByRole('button', { name: 'Send to carrier' }).click();
  await expect(start.getByText('ZIP code must be five digits, such as 87109.').first()).toBeVisible();
  await start.getByRole('textbox', { name: 'ZIP code' }).fill('87109');
  await start.getByRole('textbox', { name: "Driver's date of birth" }).fill('1990-06-15');
  await start.getByRole('button', { name: 'Send to carrier' }).click();
  await expectNotification(page, 'Offer sent!');
  await expect(page).toHaveURL(/\/clicklane\/quotes\/\?query=Sofia/);
  await expect(page.getByRole('row', { name: /Sofia Ramirez/ }).first()).toContainText('Waiting for the carrier');
  await page.goto('/outbox?channel=insurance');
  await expect(page.getByRole('row', { name: /state-farm/ }).first()).toContainText('Quote request for Sofia Ramirez');
});

test('a reset link sets the customer password once; the lead login then shows the delivery updates', async ({
  page,
  browser,
}) => {
  await page.goto('/clicklane/users/?query=priya');
  await page.getByRole('button', { name: 'Priya Natarajan' }).click();
  const user = page.locator('.access-user-edit');
  await user.getByRole('button', { name: 'Send password reset link' }).click();
  await expectNotification(page, 'Password reset link sent!');
  await expect(user.getByTestId('reset-state')).toContainText('not used yet');
  await page.goto('/outbox?channel=email&query=priya.n%40example.com');
  const body = await page
    .getByRole('row', { name: /Set your ClickLane password/ })
    .first()
    .textContent();
  const link = /(\/clicklane\/login\?token=[A-Za-z0-9_-]+)/.exec(body ?? '')![1];

  const customer = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const lane = await customer.newPage();
  await lane.goto(link);
  await expect(lane).toHaveTitle('ClickLane sign in · Forecourt');
  const { violations } = await new AxeBuilder({ page: lane }).options({ resultTypes: ['violations'] }).analyze();
  expect(violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => v.id)).toEqual([]);
  await lane.getByLabel('New password').fill('delivery-day-2026');
  await lane.getByRole('button', { name: 'Set password' }).click();
  await expect(lane.getByText('Your password is set. Sign in with it below.')).toBeVisible();
  await lane.getByRole('textbox', { name: 'Password' }).fill('delivery-day-2026');
  await lane.getByRole('button', { name: 'Sign in' }).click();
  await expect(lane.getByRole('heading', { name: 'Hello Priya Natarajan' })).toBeVisible();
  await expect(lane.locator('.lead-delivery')).toContainText('Our driver Luis has left the store');

  // The same link a second time is refused.
  await lane.goto(link);
  await lane.getByLabel('New password').fill('another-password-1');
  await lane.getByRole('button', { name: 'Set password' }).click();
  await expect(lane.getByRole('alert')).toHaveText(
    'This reset link has already been used. Ask your store to send a new one.',
  );
  await customer.close();
});
