import type { Locator, Page } from '@playwright/test';
import { expect, expectNotification, test } from '../../../tests/e2e/fixtures';

async function choose(page: Page, scope: Locator, label: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

test('an incentive: added for a store with its amount in dollars, edited, then deleted after the question', async ({
  page,
}) => {
  await page.goto('/sales/incentives');
  const root = page.locator('.incentives');
  await expect(page.getByRole('heading', { name: /^\d+ incentives$/ })).toBeVisible();

  await root.getByRole('button', { name: 'Add incentive' }).click();
  const add = page.getByRole('dialog', { name: 'Add incentive' });
  await add.getByRole('textbox', { name: 'Name' }).fill('E2E Corolla conquest cash');
  await add.getByRole('textbox', { name: 'Amount' }).fill('1,500.255');
  await choose(page, add, 'Type', 'Cash');
  await choose(page, add, 'Location', 'Albuquerque Toyota (ABG)');
  await add.getByRole('button', { name: 'Add incentive' }).click();
  await expect(add.getByRole('alert')).toContainText('Amount must be an amount in dollars, such as 1,234.56.');
  await add.getByRole('textbox', { name: 'Amount' }).fill('$1,500.25');
  await add.getByRole('button', { name: 'Add incentive' }).click();
  await expectNotification(page, 'Incentive has been added!');
  await expect(add).toBeHidden();

  await root.getByRole('textbox', { name: 'Search' }).fill('E2E Corolla');
  await root.getByRole('textbox', { name: 'Search' }).press('Enter');
  const row = page.getByRole('row', { name: /E2E Corolla conquest cash/ });
  await expect(row).toContainText('$1,500.25');
  await expect(row).toContainText('Albuquerque Toyota');

  await row.getByText('E2E Corolla conquest cash').click();
  const edit = page.getByRole('dialog', { name: 'Incentive: E2E Corolla conquest cash' });
  await expect(edit.getByRole('textbox', { name: 'Amount' })).toHaveValue('1500.25');
  await edit.getByRole('textbox', { name: 'Amount' }).fill('1750');
  await edit.getByRole('button', { name: 'Save incentive' }).click();
  await expectNotification(page, 'Incentive has been updated!');
  await expect(row).toContainText('$1,750.00');

  await row.getByRole('button', { name: 'Actions for E2E Corolla conquest cash' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(page.getByText('Are you sure you want to delete this incentive?')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expectNotification(page, 'Incentive has been deleted!');
  await expect(row).toBeHidden();
});

test('a purchase: recorded in the squad-purchase modal and listed with its customer and salesperson', async ({
  page,
}) => {
  await page.goto('/sales/purchases');
  const root = page.locator('.purchases');
  await expect(page.getByRole('heading', { name: /^\d+ purchases$/ })).toBeVisible();
  await root.getByRole('button', { name: 'Add purchase' }).click();
  const add = page.getByRole('dialog', { name: 'Add purchase' });
  await expect(add.getByRole('combobox', { name: 'Location' })).toHaveValue('Albuquerque Toyota (ABG)');
  await add.getByRole('textbox', { name: 'Stock number' }).fill('E2E0042');
  await add.getByRole('textbox', { name: 'First name' }).fill('Inez');
  await add.getByRole('textbox', { name: 'Last name' }).fill('Quintana');
  await add.getByRole('textbox', { name: 'Mobile phone' }).fill('(505) 555-0133');
  await add.getByRole('combobox', { name: 'Salesperson' }).fill('Group Adm');
  await page.getByRole('option', { name: /Group Administrator/ }).click();
  await add.getByRole('textbox', { name: 'Sale price' }).fill('28,995');
  await choose(page, add, 'Deal type', 'Finance');
  await add.getByRole('button', { name: 'Add purchase' }).click();
  // Not on the lot: the vehicle is typed.
  await expect(add.getByRole('alert')).toContainText(
    "Year is required: E2E0042 is not in Albuquerque Toyota's inventory.",
  );
  await expect(add.getByRole('textbox', { name: 'Year' })).toHaveAttribute('aria-invalid', 'true');
  await add.getByRole('textbox', { name: 'Year' }).fill('2024');
  await add.getByRole('textbox', { name: 'Make' }).fill('Toyota');
  await add.getByRole('textbox', { name: 'Model' }).fill('Corolla');
  await add.getByRole('button', { name: 'Add purchase' }).click();
  await expectNotification(page, 'Purchase has been added!');
  await expect(add).toBeHidden();
  await root.getByRole('textbox', { name: 'Search' }).fill('quintana');
  await root.getByRole('textbox', { name: 'Search' }).press('Enter');
  const row = page.getByRole('row', { name: /Inez Quintana/ });
  await expect(row).toContainText('2024 Toyota Corolla');
  await expect(row).toContainText('Group Administrator');
  await expect(row).toContainText('$28,995.00');
});

test('a marketplace lead: a refused phone is marked, a sent lead is confirmed and shows in the outbox', async ({
  page,
}) => {
  await page.goto('/sales/marketplace-lead');
  const root = page.locator('.marketplace-lead');
  await expect(root.getByRole('combobox', { name: 'Location' })).toHaveValue('Albuquerque Toyota (ABG)');
  await root.getByRole('textbox', { name: 'Listing' }).fill('https://www.facebook.com/marketplace/item/8801');
  await root.getByRole('textbox', { name: "Buyer's name" }).fill('Teodoro Apodaca');
  // A number of the right shape that no carrier uses: only the server can tell.
  const phone = root.getByRole('textbox', { name: 'Phone' });
  await phone.fill('(123) 456-7890');
  await root.getByRole('textbox', { name: 'Message' }).fill('Is the truck still for sale?');
  await root.getByRole('button', { name: 'Send lead' }).click();
  await expect(root.getByRole('alert')).toContainText('Phone must be a phone number such as (505) 555-0142.');
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await phone.fill('(505) 555-0166');
  await root.getByRole('button', { name: 'Send lead' }).click();
  await expectNotification(page, 'Your message has been sent!');
  await expect(root.getByRole('textbox', { name: "Buyer's name" })).toHaveValue('');

  await page.goto('/outbox?channel=lead');
  const lead = page.getByRole('row', { name: /Teodoro Apodaca/ }).first();
  await expect(lead).toContainText('Lead');
  await expect(lead).toContainText('Is the truck still for sale?');
});
