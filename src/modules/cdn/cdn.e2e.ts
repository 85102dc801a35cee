import { expect, expectNotification, pick, pngBuffer, test } from '../../../tests/e2e/fixtures';

test('upload an image: the description takes its name, the list greets it, and it is served compressed', async ({
  page,
}) => {
  await page.goto('/tools/cdn/add');
  const form = page.locator('.cdn-add');
  await form.locator('input[type=file]').setInputFiles({
    name: 'e2e-showroom.png',
    mimeType: 'image/png',
    buffer: await pngBuffer(400, 300, [200, 80, 40]),
  });
  // Seed 000, section 5: one file and an empty description: the description becomes its name.
  await expect(form.getByRole('textbox', { name: 'Description' })).toHaveValue('e2e-showroom.png');
  await form.getByRole('textbox', { name: 'Tags' }).fill('e2e, showroom');
  await pick(page, 'Location', /Albuquerque Toyota/);
  await expect(form.getByLabel('Compress')).toBeChecked();
  await form.getByRole('button', { name: 'Upload' }).click();
  await expect(page).toHaveURL(/\/tools\/cdn\/$/);
  await expectNotification(page, 'File upload successful!');
  const row = page.getByRole('row', { name: /e2e-showroom\.png/ }).first();
  await expect(row).toContainText('Albuquerque Toyota');
  await expect(row).toContainText('e2e, showroom');
  const url = (await row.locator('a[href^="/uploads/"]').first().getAttribute('href'))!;
  const served = await page.request.get(url);
  expect(served.status()).toBe(200);
  expect(served.headers()['x-content-type-options']).toBe('nosniff');
  expect(served.headers()['content-type']).toMatch(/^image\/(webp|png)$/);

  // The edit-cdn-upload modal saves the settings.
  await row
    .getByRole('button', { name: /e2e-showroom/ })
    .first()
    .click();
  const edit = page.getByRole('dialog', { name: /Edit upload e2e-showroom\.png/ });
  await edit.getByRole('textbox', { name: 'Description' }).fill('E2E showroom banner');
  await edit.getByRole('button', { name: 'Save upload' }).click();
  await expectNotification(page, 'Upload Settings updated!');
  await expect(page.getByRole('row', { name: /E2E showroom banner/ })).toBeVisible();
});
