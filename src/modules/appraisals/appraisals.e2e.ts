import type { Page } from '@playwright/test';
import { callApi, expect, expectNotification, test } from '../../../tests/e2e/fixtures';

const dollars = (text: string | null) => Math.round(Number((text ?? '').replace(/[$,]/g, '')) * 100);

/** Opens a demo appraisal by the customer's name (found through the manager's own call). */
async function openAppraisal(page: Page, customer: string) {
  const found = await callApi<{ rows: { appraisalId: number }[] }>(page.request, 'appraisals/load-appraisals', {
    search: customer,
    view: 'rows',
  });
  expect(found.rows).toHaveLength(1);
  await page.goto(`/clicklane/appraisals/vehicle?id=${found.rows[0].appraisalId}`);
  await expect(page.locator('.appraisal-vehicle-edit').getByRole('heading', { level: 1 })).toContainText(customer);
}

test("a rule added changes an appraisal's offer once the appraisal is saved", async ({ page }) => {
  // Anthony Robinson's 2013 Odyssey at 171,500 miles is still new: its offer is worked out again on save.
  await openAppraisal(page, 'Anthony Robinson');
  const offer = page.getByTestId('offer');
  const before = dollars(await offer.textContent());

  await page.goto('/clicklane/appraisals/rules');
  await page.locator('.appraisal-rules').getByRole('button', { name: 'Add rule' }).click();
  const add = page.getByRole('dialog', { name: 'Add rule' });
  await add.getByRole('textbox', { name: 'Name' }).fill('Very high mileage');
  await add.getByRole('textbox', { name: 'Mileage' }).fill('170000');
  await add.getByRole('textbox', { name: 'Price adjustment' }).fill('-125.50');
  await add.getByRole('textbox', { name: 'Description' }).fill('Past 170,000 miles: wholesale only.');
  await add.getByRole('button', { name: 'Add rule' }).click();
  await expectNotification(page, 'Rule has been added!');
  const row = page.getByRole('row', { name: /Very high mileage/ });
  await expect(row).toContainText('170,000 or more');
  await expect(row).toContainText('-$125.50');

  await openAppraisal(page, 'Anthony Robinson');
  await page.getByRole('button', { name: 'Save appraisal' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Update appraisal' }).click();
  await expectNotification(page, 'Appraisal Updated!');
  // -$125.50 on top of what the other rules took: the rule is listed with what it moved.
  await expect(page.getByRole('table', { name: 'How the offer was worked out' })).toContainText('Very high mileage');
  await expect(offer).toHaveText(/\$/);
  await expect.poll(async () => dollars(await offer.textContent())).toBe(before - 12_550);
});

test('an appraisal is updated only through its confirmation', async ({ page }) => {
  await openAppraisal(page, 'Justin Thomas');
  const notes = page.getByRole('textbox', { name: 'Notes' });
  await notes.fill('Coming in Saturday with the title.');
  await page.getByRole('combobox', { name: 'Working status' }).click();
  await page.getByRole('option', { name: 'Appointment set', exact: true }).click();

  // Cancelled: nothing is sent.
  await page.getByRole('button', { name: 'Save appraisal' }).click();
  const question = page.getByRole('dialog').filter({ hasText: 'Are you sure you want to update this appraisal?' });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();

  await page.getByRole('button', { name: 'Save appraisal' }).click();
  await question.getByRole('button', { name: 'Update appraisal' }).click();
  await expectNotification(page, 'Appraisal Updated!');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Notes' })).toHaveValue('Coming in Saturday with the title.');
  await expect(page.getByRole('combobox', { name: 'Working status' })).toHaveValue('Appointment set');

  await page.goto('/clicklane/appraisals/?workingStatus=appointment');
  await expect(page.getByRole('row', { name: /Justin Thomas/ })).toContainText('Appointment set');
  // Opened with filters in the address, the manager answers with them (the count, the row, the form).
  await page.goto('/clicklane/appraisals/?search=Justin%20Thomas&workingStatus=appointment');
  await expect(page.locator('.appraisal-manager .list-count')).toHaveText('1 appraisal');
  await expect(page.getByRole('row', { name: /Justin Thomas/ })).toContainText('Appointment set');
  await expect(page.getByRole('textbox', { name: 'Search' })).toHaveValue('Justin Thomas');
});

test('a rule for every year of a make is added without choosing a year', async ({ page }) => {
  await page.goto('/clicklane/appraisals/rules');
  await page.locator('.appraisal-rules').getByRole('button', { name: 'Add rule' }).click();
  const add = page.getByRole('dialog', { name: 'Add rule' });
  await add.getByRole('textbox', { name: 'Name' }).fill('Any Toyota Tacoma');
  // No minimum year: the makes and models are the catalogue's of every year; the trim waits for a year.
  await expect(add.getByRole('combobox', { name: 'Trim' })).toBeDisabled();
  await add.getByRole('combobox', { name: 'Make' }).click();
  await page.getByRole('option', { name: 'Toyota', exact: true }).click();
  await add.getByRole('combobox', { name: 'Model' }).click();
  await page.getByRole('option', { name: 'Tacoma', exact: true }).click();
  await add.getByRole('textbox', { name: 'Price adjustment' }).fill('250');
  await add.getByRole('button', { name: 'Add rule' }).click();
  await expectNotification(page, 'Rule has been added!');
  const row = page.getByRole('row', { name: /Any Toyota Tacoma/ });
  await expect(row).toContainText('Toyota Tacoma');
  await expect(row).toContainText('Any');
  await expect(row).toContainText('+$250.00');
});
