import { expect, expectNotification, pngBuffer, test } from '../../../tests/e2e/fixtures';

test('upload a profile image with a preview', async ({ page }) => {
  const photoRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/users\/\d+\/photo/.test(request.url())) photoRequests.push(request.url());
  });
  await page.goto('/profile');
  await expect(page.locator('.profile')).toContainText('Group Administrator');
  // No image yet: the avatars show the initials and ask for no photo.
  await expect(page.getByRole('button', { name: 'Your account' }).locator('.mantine-Avatar-root')).toHaveText('GA');
  expect(photoRequests).toEqual([]);

  const chooser = page.waitForEvent('filechooser');
  await page.getByLabel('Choose a profile image').click();
  await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: await pngBuffer(16, 16) });
  await expect(page.getByRole('img', { name: 'Preview of the new profile image' })).toBeVisible();
  await page.getByRole('button', { name: 'Upload image' }).click();
  await expectNotification(page, 'Profile image saved.');

  // The header's avatar now shows the image the server stored.
  const avatar = page.getByRole('button', { name: 'Your account' }).locator('img[alt="Group Administrator"]');
  await expect(avatar).toHaveAttribute('src', /\/api\/users\/\d+\/photo\?v=\d{10,}/);
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const photo = await page.request.get((await avatar.getAttribute('src'))!);
  expect(photo.headers()['content-type']).toBe('image/webp');
});

test('only images are accepted', async ({ page }) => {
  await page.goto('/profile');
  const chooser = page.waitForEvent('filechooser');
  await page.getByLabel('Choose a profile image').click();
  await (await chooser).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expectNotification(page, 'Choose one image (JPEG, PNG, WebP or GIF) up to 8 MB.');
  await expect(page.getByRole('button', { name: 'Upload image' })).toBeDisabled();
});

test('change password checks the current one; sign-in methods are listed', async ({ page }) => {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Password' }).click();
  await page.getByLabel('Current password').fill('wrong-password');
  await page.getByLabel(/^New password/).fill('a-new-long-password');
  await page.getByLabel('Repeat the new password').fill('a-different-password');
  await page.getByRole('button', { name: 'Change password' }).click();
  // The sentence is on the field and in the form's banner, and the field takes the focus.
  await expect(page.locator('.profile').getByRole('alert')).toHaveText(/The two new passwords differ\./);
  await expect(page.getByLabel('Repeat the new password')).toBeFocused();
  await page.getByLabel('Repeat the new password').fill('a-new-long-password');
  await expect(page.locator('.profile').getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.locator('.profile').getByRole('alert')).toContainText('The current password is not correct.');
  await expect(
    page.locator('.mantine-PasswordInput-root').filter({ hasText: 'Current password' }).locator('[data-invalid]'),
  ).toBeVisible();

  // Only one card is open at a time.
  await page.getByRole('button', { name: 'Sign-in methods' }).click();
  await expect(page.getByLabel('Current password')).toBeHidden();
  await expect(page.getByRole('row', { name: /Authenticator app/ })).toBeVisible();
});
