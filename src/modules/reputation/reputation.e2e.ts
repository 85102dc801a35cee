import { expect, pick, test } from '../../../tests/e2e/fixtures';

test('the reputation manager: the stores’ reviews, narrowed to one-star reviews not replied to, with the filters in the address', async ({
  page,
}) => {
  await page.goto('/marketing/reputation/');
  const screen = page.locator('.reputation-manager');
  await expect(screen.getByRole('heading', { name: /^\d+ reviews$/ })).toBeVisible();
  await pick(page, 'Rating', '1 star');
  await pick(page, 'Replied', 'Not replied');
  await expect(page).toHaveURL(/rating=1/);
  await expect(page).toHaveURL(/replied=0/);
  // Once the narrowed page has replaced the first one: every row a one-star review not replied to.
  const rows = screen.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  await expect(rows.filter({ hasNot: page.getByLabel('1 of 5 stars') })).toHaveCount(0);
  await expect(rows.filter({ hasNotText: 'Not replied' })).toHaveCount(0);
  await expect(rows.first().getByLabel('1 of 5 stars')).toHaveText('★☆☆☆☆');
});
