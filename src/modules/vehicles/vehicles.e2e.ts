import { endUndoNotice, expect, expectNotification, pick, test } from '../../../tests/e2e/fixtures';

test('the vehicle catalogue narrows by make and model, takes a new model with its trims, and deletes only what was added', async ({
  page,
}) => {
  await page.goto('/vehicles/catalog?make=Toyota&model=Camry&year=2024');
  await expect(page.getByRole('heading', { name: '5 catalogue entries' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Camry.*XSE/ })).toContainText('Shipped');

  await page.getByRole('button', { name: 'Add a model' }).click();
  const add = page.getByRole('dialog', { name: 'Add a model to the catalogue' });
  await add.getByRole('combobox', { name: 'Make' }).fill('Scout');
  await add.getByRole('combobox', { name: 'Model' }).fill('Terra');
  await add.getByRole('textbox', { name: 'Last year' }).fill('2025');
  await add.getByRole('button', { name: 'Add to catalogue' }).click();
  // No trim is named and the span runs backwards: each said at its field, the banner naming the
  // first in the form's order.
  await expect(add.getByRole('alert')).toContainText('Last year must not be before the first year.');
  await expect(add.getByText('Trims must name at least one trim.').first()).toBeVisible();
  const trims = add.getByRole('combobox', { name: 'Trims' });
  await trims.fill('Base');
  await trims.press('Enter');
  await trims.fill('Terra Sport');
  await trims.press('Enter');
  await add.getByRole('button', { name: 'Add to catalogue' }).click();
  await expect(add.getByRole('alert')).toContainText('Last year must not be before the first year.');
  await add
    .getByRole('textbox', { name: 'Last year' })
    .fill(String(Number(await add.getByRole('textbox', { name: 'First year' }).inputValue()) + 1));
  await add.getByRole('button', { name: 'Add to catalogue' }).click();
  await expectNotification(page, '4 entries added to the catalogue.');
  await expect(add).toBeHidden();

  await page.goto('/vehicles/catalog?make=Scout');
  // The form's span (this model year and the next) of two trims.
  await expect(page.getByRole('heading', { name: '4 catalogue entries' })).toBeVisible();
  const sport = page.getByRole('row', { name: /Terra Sport/ }).first();
  await expect(sport).toContainText(/Added by Group Administrator/);
  await sport.getByRole('button', { name: /^Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expectNotification(page, 'Catalogue entry deleted.');
  await expect(page.getByRole('heading', { name: '3 catalogue entries' })).toBeVisible();
  await endUndoNotice(page, 'Catalogue entry deleted.', 'vehicles/delete-catalog-entry');
  await expect(page.getByRole('heading', { name: '3 catalogue entries' })).toBeVisible();

  // Shipped entries have no row menu.
  await pick(page, 'Make', 'Acura');
  await expect(
    page
      .getByRole('row', { name: /ILX/ })
      .first()
      .getByRole('button', { name: /^Actions for/ }),
  ).toHaveCount(0);
});
