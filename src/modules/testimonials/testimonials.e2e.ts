import { expect, expectNotification, test } from '../../../tests/e2e/fixtures';

test('a testimonial: added on an empty form, filled in and saved, published and seen so in the list, then deleted after confirming', async ({
  page,
}) => {
  await page.goto('/clicklane/testimonials/');
  const list = page.locator('.clicklane-testimonials');
  const heading = page.getByRole('heading', { name: /^\d+ testimonials$/ });
  const counted = await heading.textContent();

  // Add opens an empty form; cancelled, it leaves nothing behind.
  await list.getByRole('button', { name: 'Add testimonial' }).click();
  await expect(page).toHaveURL(/\/clicklane\/testimonials\/testimonial\?new=1$/);
  const edit = page.locator('.clicklane-testimonial');
  await expect(edit.getByRole('heading', { name: 'New testimonial' })).toBeVisible();
  await expect(edit.getByRole('textbox', { name: 'Customer name' })).toHaveValue('');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/clicklane\/testimonials\/$/);
  await expect(heading).toHaveText(counted!);
  await list.getByRole('button', { name: 'Add testimonial' }).click();
  await expect(edit.getByRole('heading', { name: 'New testimonial' })).toBeVisible();

  // A blank text is named at its field, as labelled.
  await edit.getByRole('textbox', { name: 'Customer name' }).fill('Lucia Archuleta');
  await edit.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(edit.getByRole('alert')).toContainText('Testimonial is required.');
  await edit
    .getByRole('textbox', { name: 'Testimonial' })
    .fill(
      'Chose my Crosstrek online on Friday and drove it home Saturday morning. The trade-in was exactly as quoted.',
    );
  // Four stars: the star's own label is what a pointer clicks (the radio behind it is hidden).
  const four = edit.getByRole('radio', { name: '4' });
  await edit.locator(`label[for="${await four.getAttribute('id')}"]`).click();
  await expect(four).toBeChecked();
  await edit.getByRole('combobox', { name: 'Year' }).click();
  await page.getByRole('option', { name: '2024', exact: true }).click();
  await edit.getByRole('combobox', { name: 'Make' }).click();
  await page.getByRole('option', { name: 'Subaru', exact: true }).click();
  await edit.getByRole('combobox', { name: 'Model' }).click();
  await page.getByRole('option', { name: 'Crosstrek', exact: true }).click();
  await edit.getByRole('button', { name: 'Save', exact: true }).click();
  await expectNotification(page, 'Testimonial saved.');
  // Saved, it is created and opened as a testimonial of its own.
  await expect(page).toHaveURL(/\/clicklane\/testimonials\/testimonial\?testimonialId=\d+$/);
  const id = new URL(page.url()).searchParams.get('testimonialId')!;
  await expect(edit.getByRole('heading', { name: 'Lucia Archuleta' })).toBeVisible();
  await expect(edit.getByTestId('testimonial-status')).toHaveText('Unpublished');

  // Publish sets it to 1, and the button becomes Unpublish.
  await edit.getByRole('button', { name: 'Publish', exact: true }).click();
  await expectNotification(page, 'Testimonial published.');
  await expect(edit.getByTestId('testimonial-status')).toHaveText('Published');
  await expect(edit.getByRole('button', { name: 'Unpublish' })).toBeVisible();
  await expect(edit.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0);

  // Seen published in the list, with what was saved.
  await page.goto('/clicklane/testimonials/?active=1&query=Archuleta');
  const row = page.getByRole('row', { name: /Lucia Archuleta/ });
  await expect(row).toContainText('Published');
  await expect(row).toContainText('2024 Subaru Crosstrek');
  await expect(row).toContainText('Albuquerque Toyota');

  // Deleting asks first: cancelled, nothing happens; confirmed, it is gone.
  await row.getByText('Lucia Archuleta').click();
  await expect(page).toHaveURL(new RegExp(`testimonialId=${id}$`));
  await expect(edit.getByRole('radio', { name: '4' })).toBeChecked();
  await expect(edit.getByRole('combobox', { name: 'Model' })).toHaveValue('Crosstrek');
  await edit.getByRole('button', { name: 'Delete' }).click();
  const question = page.getByRole('dialog').filter({ hasText: 'Delete this testimonial?' });
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  await expect(edit.getByRole('heading', { name: 'Lucia Archuleta' })).toBeVisible();
  await edit.getByRole('button', { name: 'Delete' }).click();
  await question.getByRole('button', { name: 'Delete' }).click();
  await expectNotification(page, 'Testimonial removed.');
  await expect(page).toHaveURL(/\/clicklane\/testimonials\/$/);
  await page.goto('/clicklane/testimonials/?query=Archuleta');
  await expect(page.getByRole('heading', { name: '0 testimonials' })).toBeVisible();
});
