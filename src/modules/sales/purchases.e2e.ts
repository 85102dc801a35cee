import { callApi, expect, test } from '../../../tests/e2e/fixtures';
import { formatMoney } from '../../shared/format';

test("a purchase opens on its own page from the list, titled by its customer; the customer's name in the list opens the customer", async ({
  page,
  request,
}) => {
  const [purchase] = (
    await callApi<{
      rows: { purchaseId: number; customerName: string; vehicle: string; stock: string; priceCents: number }[];
    }>(request, 'vehicles/load-purchases', { view: 'rows', limit: 1 })
  ).rows;
  await page.goto('/sales/purchases/');
  const root = page.locator('.purchases');
  await root.locator('.row-open').first().click();
  await expect(page).toHaveURL(new RegExp(`/sales/purchases/purchase\\?id=${purchase.purchaseId}$`));
  await expect(page).toHaveTitle(`Purchase · ${purchase.customerName} · Forecourt`);
  const view = page.locator('.purchase-page');
  await expect(view.getByRole('heading', { level: 1, name: purchase.customerName })).toBeVisible();
  for (const text of [purchase.vehicle, purchase.stock, formatMoney(purchase.priceCents)])
    await expect(view).toContainText(text);
  await view.getByRole('link', { name: 'Purchases' }).click();
  await expect(page).toHaveURL(/\/sales\/purchases\/$/);

  // A link inside a row does what it says, not open the row as well.
  await root.locator('tbody tr').first().getByRole('link', { name: purchase.customerName }).click();
  await expect(page).toHaveURL(/\/customers\/customer\?/);
  await expect(page.locator('.customer-page')).toBeVisible();

  await page.goto('/sales/purchases/purchase?id=999999');
  await expect(page.getByRole('alert')).toContainText('That purchase does not exist.');
});
