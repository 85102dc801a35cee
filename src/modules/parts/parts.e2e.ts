import type { Locator, Page } from '@playwright/test';
import { expect, expectNotification, pick, test } from '../../../tests/e2e/fixtures';

/** Picks an option of a select in a dialog (the list's filters have boxes of the same names). */
async function choose(page: Page, dialog: Locator, label: string, option: string) {
  await dialog.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a parts invoice: added with its amount in dollars (a third decimal named at the field), then collected from its row', async ({
  page,
}) => {
  await page.goto('/service/parts-invoices');
  const root = page.locator('.parts-invoices');
  const heading = page.getByRole('heading', { name: /^\d+ parts invoices for \$[\d,]+\.\d\d$/ });
  await expect(heading).toBeVisible();

  await root.getByRole('button', { name: 'Add invoice' }).click();
  const add = page.getByRole('dialog', { name: 'Add parts invoice' });
  await expect(add.getByRole('combobox', { name: 'Location' })).toHaveValue('Albuquerque Toyota (ABG)');
  await expect(add.getByRole('textbox', { name: 'Invoice number' })).toBeFocused();
  await page.keyboard.type('p-777001');
  await choose(page, add, 'Invoice type', 'Repair order');
  await add.getByRole('textbox', { name: 'Customer' }).fill('Lucia Archuleta');
  await add.getByRole('textbox', { name: 'Account' }).fill('RO-61120');
  const amount = add.getByRole('textbox', { name: 'Amount' });
  await amount.fill('1,250.555');
  await add.getByRole('button', { name: 'Add invoice' }).click();
  await expect(add.getByRole('alert')).toContainText('Amount must be an amount in dollars, such as 1,234.56.');
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await amount.fill('$1,250.5');
  await add.getByRole('button', { name: 'Add invoice' }).click();
  await expectNotification(page, 'Parts invoice added.');
  await expect(add).toBeHidden();

  const row = page.getByRole('row', { name: /P-777001/ });
  await expect(row).toContainText('$1,250.50');
  await expect(row).toContainText('Repair order');
  await expect(row).toContainText('To collect');

  // The row opens the edit modal, loaded afresh, the amount as it was kept.
  await row.getByText('P-777001').click();
  const edit = page.getByRole('dialog', { name: 'Edit parts invoice P-777001' });
  await expect(edit.getByRole('textbox', { name: 'Amount' })).toHaveValue('1250.50');
  await edit.getByRole('checkbox', { name: 'Collected' }).check();
  await edit.getByRole('button', { name: 'Save invoice' }).click();
  await expectNotification(page, 'Parts invoice saved.');
  await expect(edit).toBeHidden();
  await expect(row).toContainText('Collected');
});

test('what is still to collect at a store, in the address; Back undoes the last filter', async ({ page }) => {
  await page.goto('/service/parts-invoices');
  await expect(page.getByRole('heading', { name: /^\d+ parts invoices/ })).toBeVisible();
  await pick(page, 'Location', 'Las Cruces Ford (LCF)');
  await pick(page, 'Payment', 'To collect');
  await expect(page).toHaveURL(/[?&]collected=0/);
  // The demo's Las Cruces invoices to collect: $898.70 on a repair order and $4,125.60 wholesale.
  await expect(page.getByRole('heading', { name: '2 parts invoices for $5,024.30' })).toBeVisible();
  await expect(page.getByRole('row', { name: /F-30149/ })).toContainText('Mesilla Valley Fleet');

  await page.goBack();
  await expect(page).not.toHaveURL(/collected=0/);
  await expect(page.getByRole('combobox', { name: 'Payment' })).toHaveValue('');
});
