import { expect, pick, test } from '../../../tests/e2e/fixtures';

test("a store's questionnaires: filtered by store, one lead opened from its row by keyboard, its answers shown", async ({
  page,
}) => {
  await page.goto('/reports/vehicle-questionnaire');
  const root = page.locator('.vehicle-questionnaire-report');
  await expect(page.getByRole('heading', { name: /^\d+ questionnaires$/ })).toBeVisible();

  await pick(page, 'Location', 'Santa Fe Subaru (SFS)');
  await expect(page).toHaveURL(/[?&]locationId=\d+/);
  // The demo's two Santa Fe leads, newest first.
  await expect(page.getByRole('heading', { name: '2 questionnaires' })).toBeVisible();
  const rows = root.getByRole('row').filter({ has: page.locator('.row-open') });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Thomas Romero');
  await expect(rows.nth(0)).toContainText('2017 Subaru Outback Premium');
  await expect(rows.nth(1)).toContainText('Maria Gallegos');
  await expect(root).not.toContainText('Rosa Martinez');

  // The row's button opens the view-questions modal from the keyboard.
  const opener = rows.nth(0).getByRole('button', { name: 'Thomas Romero' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const modal = page.getByRole('dialog', { name: 'Questions: Thomas Romero' });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText('4S4BSANC5H3200111');
  await expect(modal).toContainText('(505) 555-0190');
  await expect(modal).toContainText('Has a roof rack and winter tires that go with it.');
  const answers = modal.getByRole('table', { name: 'Questions and answers' });
  await expect(answers.getByRole('row', { name: /Has the vehicle been in an accident\?/ })).toContainText('No');
  await expect(answers.getByRole('row', { name: /What is the title status\?/ })).toContainText('Clean');
  await expect(answers.getByRole('row', { name: /Are there any mechanical issues\?/ })).toContainText(
    'Head gasket done at 90,000 miles',
  );
  await expect(answers.getByRole('row', { name: /How much tread is left on the tires\?/ })).toContainText(
    'Winter set and summer set',
  );
  await expect(answers.getByRole('row')).toHaveCount(11);

  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(opener).toBeFocused();
});
