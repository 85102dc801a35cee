import { expect, pick, test } from '../../../tests/e2e/fixtures';

test("the Facebook ad report: a store's ad days with their totals and the spend per day drawn", async ({ page }) => {
  await page.goto('/marketing/facebook/');
  const screen = page.locator('.facebook-ads');
  await pick(page, 'Location', /Albuquerque Toyota \(ABG\)/);
  await expect(
    screen.getByRole('heading', {
      name: /^120 ad days \$[\d,]+\.\d\d spent · [\d,]+ impressions · [\d,]+ clicks · \$\d+\.\d\d a click$/,
    }),
  ).toBeVisible();
  await expect(screen.locator('.ads-spend-chart li')).toHaveCount(30);
  await expect(screen.locator('tbody tr').first()).toContainText('Albuquerque Toyota');
  await expect(screen.locator('tbody tr').first()).toContainText(/ABG (Service specials|New inventory)/);
});
