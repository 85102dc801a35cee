import { endUndoNotice, expect, expectNotification, pick, test } from '../../../tests/e2e/fixtures';
import { TODO_NO_LOCATION } from './seo.contract';

test('an SEO page: added by hand in its modal, edited, linked, then deleted after confirming', async ({ page }) => {
  await page.goto('/marketing/seo/pages/');
  const list = page.locator('.seo-pages');
  await expect(list.getByRole('heading', { name: /^\d+ pages$/ })).toBeVisible();

  await list.getByRole('button', { name: 'Add page' }).click();
  const add = page.locator('.add-seo-page');
  await expect(add.getByRole('combobox', { name: 'Location' })).toHaveValue('Albuquerque Toyota (ABG)');
  await add.getByRole('textbox', { name: 'Page URL' }).fill('/service/e2e-cabin-filter');
  await add.getByRole('button', { name: 'Add page' }).click();
  await expect(add.getByRole('alert')).toContainText('Display text is required.');
  await add.getByRole('textbox', { name: 'Display text' }).fill('Cabin air filter');
  await add.getByRole('button', { name: 'Add page' }).click();
  await expectNotification(page, 'Page added!');

  await page.goto('/marketing/seo/pages/?query=e2e-cabin');
  const row = page.getByRole('row', { name: /e2e-cabin-filter/ });
  await expect(row).toContainText('Cabin air filter');
  await expect(row).toContainText('Albuquerque Toyota');
  await expect(row).toContainText('By hand');

  await row.getByRole('button', { name: '/service/e2e-cabin-filter', exact: true }).click();
  const edit = page.locator('.edit-seo-page');
  await edit.getByRole('textbox', { name: 'Display text' }).fill('Cabin air filter replacement');
  await edit.getByRole('button', { name: 'Save page' }).click();
  await expectNotification(page, 'Page updated!');
  await expect(row).toContainText('Cabin air filter replacement');

  await row.getByRole('button', { name: /actions/i }).click();
  await page.getByRole('menuitem', { name: 'Generate link' }).click();
  const link = page.locator('.seo-generate-link');
  await link.getByRole('button', { name: 'Generate link' }).click();
  await expect(link.locator('.seo-link-html')).toHaveText(
    /^<a href="https:\/\/www\..+\.example\/service\/e2e-cabin-filter">Cabin air filter replacement<\/a>$/,
  );
  await page.keyboard.press('Escape');

  await row.getByRole('button', { name: /actions/i }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(page.getByText('Are you sure you want to delete the SEO page /service/e2e-cabin-filter?')).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expectNotification(page, 'Page deleted!');
  await expect(page.getByRole('row', { name: /e2e-cabin-filter/ })).toHaveCount(0);
  await endUndoNotice(page, 'Page deleted!', 'marketing/seo/pages/delete-page');
  await expect(page.getByRole('row', { name: /e2e-cabin-filter/ })).toHaveCount(0);
});

test("a page built through the CMS from the builder's to-do list, then seen in the planner's charts", async ({
  page,
}) => {
  await page.goto('/marketing/seo/builder/');
  const builder = page.locator('.seo-page-builder');
  await expect(builder.getByText(TODO_NO_LOCATION)).toBeVisible();
  await pick(page, 'Location', /Albuquerque Toyota \(ABG\)/);
  const todo = builder.locator('table.seo-todo');
  const brakes = todo.getByRole('row', { name: /\/service\/brakes/ });
  await expect(brakes).toContainText('Brake service in [location_city]');
  const before = Number((await builder.locator('.seo-todo-count').textContent())!.match(/\d+/)![0]);
  await brakes.getByRole('button', { name: 'Build /service/brakes' }).click();
  await expectNotification(page, 'Page added!');
  await expect(todo.getByRole('row', { name: /\/service\/brakes/ })).toHaveCount(0);
  if (before === 1)
    await expect(builder.getByText('Congratulations there are no more SEO pages for this location!')).toBeVisible();
  await expect(builder.getByRole('link', { name: 'preview the page' })).toHaveAttribute(
    'href',
    /\/cms\/preview\/local-\d+$/,
  );
  await expect(builder.locator('.seo-performance-total')).toContainText(
    /You built [1-9]\d* pages? in the last 30 days\./,
  );

  // The SEO pages list has it, built with the CMS.
  await page.goto('/marketing/seo/pages/?query=service/brakes&createdWithDDCAPI=1');
  await expect(
    page.getByRole('row', { name: /\/service\/brakes/ }).filter({ hasText: 'Albuquerque Toyota' }),
  ).toContainText('With the CMS');

  // The planner counts it today, in the team's chart and the caller's own.
  await page.goto('/marketing/seo/planner/');
  const planner = page.locator('.seo-page-planner');
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Denver' }).format(new Date());
  const personal = planner.locator('.planner-personal-chart');
  await expect(personal.getByText(today)).toBeVisible();
  await expect(planner.getByText('Your pages').first()).toBeVisible();
  const yours = planner.locator('.planner-personal-chart').getByRole('listitem').filter({ hasText: today });
  await expect(yours).toContainText(/Yours [1-9]/);
});
