import { callApi, endUndoNotice, expect, expectNotification, test } from '../../../tests/e2e/fixtures';

test('add, edit and delete a job code', async ({ page }) => {
  await page.goto('/access/');
  const heading = page.getByRole('heading', { name: /^\d+ job codes$/ });
  const before = Number((await heading.textContent())!.split(' ')[0]);

  await page.getByRole('button', { name: 'Add job code' }).click();
  const add = page.getByRole('dialog', { name: 'Add job code' });
  await expect(page.locator('body')).toHaveClass(/modal-open/);
  // Enter in a field does not submit the form (seed 000, section 5): the required fields stay unsent.
  await add.getByRole('textbox', { name: 'Job code' }).fill('e2e-lot');
  await add.getByRole('textbox', { name: 'Job code' }).press('Enter');
  await expect(add).toBeVisible();
  // Saving without a name marks the field, and typing a name clears the mark.
  await add.getByRole('button', { name: 'Add job code' }).click();
  await expect(add.getByRole('alert')).toContainText('Long name is required.');
  await expect(add.getByRole('textbox', { name: 'Long name' })).toHaveAttribute('aria-invalid', 'true');
  // The first field at fault takes the focus; fixing it clears the mark and the banner.
  await expect(add.getByRole('textbox', { name: 'Long name' })).toBeFocused();
  await page.keyboard.type('Lot attendant');
  await expect(add.getByRole('textbox', { name: 'Long name' })).not.toHaveAttribute('aria-invalid', 'true');
  await expect(add.getByRole('alert')).toHaveCount(0);
  await add.getByLabel('Phone lookup').check();
  await add.getByLabel('Messenger', { exact: true }).check();
  await add.getByRole('button', { name: 'Add job code' }).click();
  await expectNotification(page, 'Access added!');
  await expect(add).toBeHidden();
  await expect(page.locator('body')).not.toHaveClass(/modal-open/);
  await expect(page.getByRole('heading', { name: `${before + 1} job codes` })).toBeVisible();
  const row = page.getByRole('row', { name: /E2E-LOT/ });
  await expect(row).toContainText('Lot attendant');
  await expect(row).toContainText('Phone lookup');

  // A job code that exists already is refused with the server's sentence.
  await page.getByRole('button', { name: 'Add job code' }).click();
  await add.getByRole('textbox', { name: 'Job code' }).fill('GM');
  await add.getByRole('textbox', { name: 'Long name' }).fill('Another GM');
  await add.getByRole('button', { name: 'Add job code' }).click();
  await expect(add.getByRole('alert')).toContainText('Job code GM already exists.');
  await expect(add.getByRole('textbox', { name: 'Job code' })).toHaveAttribute('aria-invalid', 'true');
  await add.getByRole('button', { name: 'Cancel' }).click();

  await row.click();
  const edit = page.getByRole('dialog', { name: 'Edit job code E2E-LOT' });
  await expect(edit.getByLabel('Phone lookup')).toBeChecked();
  await expect(edit.getByRole('textbox', { name: 'Job code' })).toBeDisabled();
  await edit.getByRole('textbox', { name: 'Long name' }).fill('Lot attendant (nights)');
  await edit.getByLabel('Messenger', { exact: true }).uncheck();
  await edit.getByLabel('Developer').check();
  await edit.getByRole('button', { name: 'Save job code' }).click();
  await expectNotification(page, 'Access updated!');
  await expect(row).toContainText('Lot attendant (nights)');
  await expect(row).toContainText('Developer');
  await expect(row).not.toContainText('Messenger');

  await row.getByRole('button', { name: 'Actions for E2E-LOT' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const prompt = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(prompt).toContainText('Are you sure you want to delete job code E2E-LOT (Lot attendant (nights))?');
  await prompt.getByRole('button', { name: 'Delete' }).click();
  await expectNotification(page, 'Access deleted!');
  await expect(row).toHaveCount(0);
  await expect(page.getByRole('heading', { name: `${before} job codes` })).toBeVisible();
  await endUndoNotice(page, 'Access deleted!', 'sandbox-access/delete-access');
  await expect(page.getByRole('heading', { name: `${before} job codes` })).toBeVisible();
});

test('a job code that users hold is not offered for deletion: Delete says who holds it, before asking anything', async ({
  page,
  request,
}) => {
  const { holderCount, holders } = await callApi<{
    holderCount: number;
    holders: { name: string; username: string }[];
  }>(request, 'sandbox-access/load-holders', { jobCode: 'SVCMGR' });
  expect(holderCount).toBeGreaterThan(0);
  await page.goto('/access/');
  const row = page.getByRole('row', { name: /SVCMGR/ });
  await row.getByRole('button', { name: 'Actions for SVCMGR' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const alert = page.getByRole('dialog', { name: 'Job code SVCMGR is in use' });
  await expect(alert).toContainText(`${holderCount === 1 ? '1 user holds' : `${holderCount} users hold`} SVCMGR`);
  await expect(alert).toContainText(`${holders[0].name} (${holders[0].username})`);
  await expect(alert).toContainText('Give them another job code on their edit screens, then delete it.');
  await expect(page.getByRole('dialog', { name: 'Please confirm' })).toBeHidden();
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(row).toBeVisible();
});

test('a job code that fails to load alerts and closes its modal; search narrows the list', async ({ page }) => {
  await page.goto('/access/');
  await page.getByRole('textbox', { name: 'Search' }).fill('service');
  await page.getByRole('textbox', { name: 'Search' }).press('Enter');
  await expect(page.getByRole('heading', { name: '2 job codes' })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(3);

  // The record goes away between the list and the click.
  await page.route('**/api/actions/sandbox-access/load-access', (route) =>
    route.fulfill({
      status: 404,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, data: {}, errors: ['There is no job code ADVISOR.'] }),
    }),
  );
  await page.getByRole('row', { name: /ADVISOR/ }).click();
  const alert = page.getByRole('dialog', { name: 'This record could not be loaded' });
  await expect(alert).toContainText('There is no job code ADVISOR.');
  await expect(page.getByRole('dialog', { name: /Edit job code/ })).toBeHidden();
  await alert.getByRole('button', { name: 'OK' }).click();
});

test('a network failure is a notification with the HTTP status', async ({ page }) => {
  await page.goto('/access/');
  await expect(page.getByRole('heading', { name: /^\d+ job codes$/ })).toBeVisible();
  await page.route('**/api/actions/sandbox-access/load-access-list', (route) =>
    route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }),
  );
  await page.getByRole('textbox', { name: 'Search' }).fill('GM');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expectNotification(page, 'The server answered 502 Bad Gateway');
});
