import type { Page } from '@playwright/test';
import { expect, expectNotification, openFromPalette, test } from '../../../tests/e2e/fixtures';

/** Finds a customer from the command palette (Ctrl+K) by what is typed, and opens their page. */
async function fromPalette(page: Page, typed: string, match: RegExp) {
  await openFromPalette(page, typed, match);
  await expect(page).toHaveURL(/\/customers\/customer\?id=\d+$/);
}

const ROSA = /Rosa Martinez.*rosa\.martinez@example\.com/;

test("Rosa Martinez's texted lead, appraisal, quote and repair order are on one customer page, found by name", async ({
  page,
}) => {
  await fromPalette(page, 'Rosa Martinez', ROSA);
  const customer = page.locator('.customer-page');
  await expect(customer.getByRole('heading', { level: 1 })).toHaveText('Rosa Martinez');
  await expect(customer.getByRole('link', { name: 'Phone (505) 555-0111' })).toBeVisible();
  await expect(customer.getByText('Also known by (505) 555-0142')).toBeVisible();
  await expect(customer.getByText('Albuquerque Toyota').first()).toBeVisible();
  const customerUrl = page.url();

  // The texted lead: her texts with the store (the last one her quote), newest first, each opening the conversation.
  await expect(customer.getByRole('tab', { name: 'Texts (4)', selected: true })).toBeVisible();
  await expect(
    customer.getByRole('link', { name: /here is your price quote .* Maria, Albuquerque Toyota/ }),
  ).toBeVisible();
  const lead = customer.getByRole('link', { name: /is the 2025 Highlander XLE on your site still there/ });
  await expect(lead).toBeVisible();

  // Her appraisal (another number, the same email) opens its own screen, whose name leads back.
  await customer.getByRole('tab', { name: 'Appraisals (1)' }).click();
  await customer.getByRole('link', { name: /2019 Toyota RAV4 XLE · offered/ }).click();
  const appraisal = page.locator('.appraisal-vehicle-edit');
  await expect(appraisal.getByRole('heading', { level: 1 })).toContainText('Rosa Martinez');
  await appraisal.getByRole('link', { name: 'Rosa Martinez' }).click();
  await expect(page).toHaveURL(customerUrl);
  await expect(customer.getByRole('heading', { level: 1 })).toHaveText('Rosa Martinez');

  await customer.getByRole('tab', { name: 'Questionnaires (1)' }).click();
  await expect(customer.getByRole('link', { name: '2019 Toyota RAV4 XLE' })).toBeVisible();
  await customer.getByRole('tab', { name: 'Quotes (1)' }).click();
  await expect(customer.getByRole('link', { name: /2025 Toyota Highlander XLE · \$46,171\.00/ })).toBeVisible();

  // Her repair order carries her name alone; it was put on her by hand, and its screen leads back too.
  await customer.getByRole('tab', { name: 'Repair orders (1)' }).click();
  await customer.getByRole('link', { name: /2021 Toyota Tacoma TRD Off-Road/ }).click();
  const order = page.locator('.repair-order-view');
  await expect(order).toBeVisible();
  await order.getByRole('link', { name: 'Rosa Martinez' }).click();
  await expect(page).toHaveURL(customerUrl);
});

test('a customer is found from the palette by phone however typed, and a record with their name alone is linked by hand', async ({
  page,
}) => {
  await fromPalette(page, '505 555 0142', ROSA);
  await expect(page.locator('.customer-page').getByRole('heading', { level: 1 })).toHaveText('Rosa Martinez');

  // David Chavez's appraisal and questionnaire gave his number; his repair order only his name.
  await fromPalette(page, '(505) 555-0112', /David Chavez/);
  const customer = page.locator('.customer-page');
  await expect(customer.getByRole('heading', { level: 1 })).toHaveText('David Chavez');
  const same = customer.getByRole('region', { name: 'Possibly the same person' });
  await expect(same).toContainText('Brakes grind when stopping');
  await expect(customer.getByRole('tab', { name: /^Repair orders/ })).toHaveCount(0);
  await same.getByRole('button', { name: /Link repair order .*Brakes grind/ }).click();
  await expectNotification(page, 'The record is now on this customer.');
  await customer.getByRole('tab', { name: 'Repair orders (1)' }).click();
  await expect(customer.getByRole('link', { name: /RO \d+ · 2019 Toyota RAV4 XLE · Brakes grind/ })).toBeVisible();
  // Nothing else of his name is left to offer: his appraisal and questionnaire are his already.
  await expect(same).toHaveCount(0);
});
