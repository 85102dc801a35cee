import { expect, pick, test } from '../../../tests/e2e/fixtures';

test('build a page: it saves as it changes, the preview shows it, undo takes a change back, and it is published', async ({
  page,
}) => {
  const slug = `e2e-page-${Date.now()}`;
  await page.goto('/tools/page-builder/builder');
  const options = page.getByRole('form', { name: 'Page options' });
  await options.getByRole('textbox', { name: 'Title' }).fill('E2E Summer Event');
  await options.getByRole('textbox', { name: 'Address' }).fill(slug);
  await pick(page, 'Location', /Albuquerque Toyota/);
  // The first save of a new page puts its id in the address, and the preview appears.
  await expect(page).toHaveURL(/builder\?page=\d+/);
  await expect(page.locator('.save-state')).toHaveText('Saved');
  const preview = page.frameLocator('iframe.page-preview');
  await expect(preview.locator('.lp-empty')).toHaveText('This page has no modules yet.');

  await page.getByRole('button', { name: 'Hero', exact: true }).click();
  const hero = page.getByRole('region', { name: 'Hero module 1' });
  await hero.getByRole('textbox', { name: 'Heading', exact: true }).fill('Summer deals on every SUV');
  await page.getByRole('button', { name: 'Text', exact: true }).click();
  await page
    .getByRole('region', { name: 'Text module 2' })
    .getByRole('textbox', { name: 'Body' })
    .fill('Three days only.');
  await expect(page.locator('.save-state')).toHaveText('Saved');
  await expect(preview.locator('h1')).toHaveText('Summer deals on every SUV');
  await expect(preview.locator('[data-module]')).toHaveCount(2);

  // Drag-sorting with the keyboard: the text module moves above the hero.
  await page.getByRole('button', { name: 'Move Text module 2' }).focus();
  // dnd-kit reads the key presses in order; each waits for the one before to be drawn.
  for (const key of ['Space', 'ArrowUp', 'Space']) {
    await page.keyboard.press(key);
    await page.waitForTimeout(250);
  }
  await expect(page.locator('.page-module').first()).toHaveAttribute('data-module', 'text');
  await expect(page.locator('.save-state')).toHaveText('Saved');
  await expect(preview.locator('[data-module]').first()).toHaveAttribute('data-module', 'text');

  // Undo puts the hero back on top, and the saved page follows.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.locator('.page-module').first()).toHaveAttribute('data-module', 'hero');
  await expect(page.locator('.save-state')).toHaveText('Saved');
  await expect(preview.locator('[data-module]').first()).toHaveAttribute('data-module', 'hero');

  // Deleting a module asks first.
  await page.getByRole('button', { name: 'Delete Text module 2' }).click();
  await expect(page.getByText('Are you sure you want to delete this module?')).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.locator('.page-module')).toHaveCount(1);

  await options.getByLabel('Published').check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'Page saved.' }).first()).toBeVisible();
  const published = await page.request.get(`/p/${slug}`);
  expect(published.status()).toBe(200);
  expect(await published.text()).toContain('<h1>Summer deals on every SUV</h1>');
  expect(published.headers()['content-security-policy']).toContain("script-src 'self'");

  // The phone width narrows the preview to 375 px.
  await page.getByText('Phone', { exact: true }).click();
  await expect(page.locator('iframe.page-preview')).toHaveCSS('width', '375px');
});
