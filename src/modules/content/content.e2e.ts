import { endUndoNotice, expect, expectNotification, test } from '../../../tests/e2e/fixtures';
import { DELETE_CONTENT_QUESTION } from './content.contract';

test('a content item: added, published, compiled with its store’s shortcodes, then deleted after confirming', async ({
  page,
}) => {
  await page.goto('/marketing/content-engine/');
  const engine = page.locator('.content-engine');
  await expect(engine.getByRole('heading', { name: /^\d+ content items$/ })).toBeVisible();

  await engine.getByRole('button', { name: 'Add item' }).click();
  const add = page.locator('.add-content');
  await add.getByRole('textbox', { name: 'Title' }).fill('Headlight restoration at [location_name]');
  await add.getByRole('textbox', { name: 'Page URL' }).fill('/service/e2e-headlights');
  await add.getByRole('textbox', { name: 'Content' }).fill('Clear lenses, safer nights.\n\nCall [service_phone].');
  await add.getByRole('button', { name: 'Add item' }).click();
  await expectNotification(page, 'Content added!');

  await page.goto('/marketing/content-engine/?query=e2e-headlights');
  const row = page.getByRole('row', { name: /e2e-headlights/ });
  await expect(row).toContainText('Draft');
  await row.getByRole('button', { name: 'Headlight restoration at [location_name]', exact: true }).click();
  const edit = page.locator('.edit-content');
  await edit.getByRole('checkbox', { name: 'Published' }).check();
  await edit.getByRole('button', { name: 'Save item' }).click();
  await expectNotification(page, 'Content saved!');
  await expect(row).toContainText('Published');

  // The compile screen fills in the store's values.
  await page.goto('/marketing/content-engine/compile?published=1&pageType=service');
  const compiled = page.locator('.content-compile .compiled-page').filter({ hasText: 'e2e-headlights' });
  await expect(compiled.getByRole('heading', { name: 'Headlight restoration at Albuquerque Toyota' })).toBeVisible();
  await compiled.getByRole('tab', { name: 'Html' }).click();
  await expect(compiled.locator('pre')).toContainText('<h1>Headlight restoration at Albuquerque Toyota</h1>');

  await page.goto('/marketing/content-engine/?query=e2e-headlights');
  await row.getByRole('button', { name: /Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(page.getByText(DELETE_CONTENT_QUESTION)).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expectNotification(page, 'Content deleted!');
  await endUndoNotice(page, 'Content deleted!', 'marketing/content-engine/delete-item');
  await expect(page.locator('.content-engine')).toBeVisible();
  await expect(page.getByRole('row', { name: /e2e-headlights/ })).toHaveCount(0);
});
