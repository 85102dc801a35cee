import { expect, expectNotification, test } from '../../../tests/e2e/fixtures';

test('save API key settings; a new key is shown once', async ({ page }) => {
  await page.goto('/settings/api-key');
  await expect(page.getByText('none yet')).toBeVisible();
  await page.getByLabel('Label').fill('Website inventory feed');
  await page.getByLabel('Active').check();
  await page.getByLabel('Deploy notifications').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expectNotification(page, 'API Key data saved.');

  // Made active for the first time: the key is issued and shown this once.
  const key = page.getByLabel('New API key', { exact: true });
  await expect(key).toHaveText(/^fc_[\w-]{20,}$/);
  const issued = (await key.textContent())!;
  await page.getByRole('button', { name: 'Copy' }).click();
  await expectNotification(page, 'Text saved to clipboard.');

  await page.reload();
  await expect(page.getByLabel('Label')).toHaveValue('Website inventory feed');
  await expect(page.getByLabel('Active')).toBeChecked();
  await expect(page.getByLabel('Deploy notifications')).toBeChecked();
  await expect(page.getByLabel('Send service confirmation email')).not.toBeChecked();
  await expect(page.getByLabel('New API key', { exact: true })).toHaveCount(0);
  await expect(page.locator('.edit-api-key')).toContainText(issued.slice(0, 10));

  await page.getByRole('button', { name: 'Generate new key' }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Generate new key' }).click();
  await expectNotification(page, 'API Key data saved.');
  await expect(page.getByLabel('New API key', { exact: true })).not.toHaveText(issued);
});
