import { callApi, expect, test } from '../../../tests/e2e/fixtures';

type Plan = {
  plan: {
    name: string;
    vehicles: { model: string; amount?: string }[];
    campaigns: { name: string; allMonth: boolean }[];
  };
};

test("edits a store's active plan: pages by hash, autosave, and the active switch", async ({ page }) => {
  await page.goto('/marketing/plans/?location=1');
  const active = page.getByRole('row').filter({ has: page.locator('.mantine-Badge-root', { hasText: 'Active' }) });
  await expect(active).toHaveCount(1);
  await active
    .getByRole('button', { name: / plan$/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/marketing\/plans\/edit\?plan=(\d+)&view=plan/);
  const planId = new URL(page.url()).searchParams.get('plan');
  await expect(
    page.getByRole('switch', { name: 'Active' }).or(page.getByRole('checkbox', { name: 'Active' })),
  ).toBeDisabled();

  await page.getByRole('tab', { name: /Vehicles/ }).click();
  await expect(page).toHaveURL(/#vehicles$/);
  const stored = async () => (await callApi<Plan>(page.request, 'marketing/plans/load-plan', { planId })).plan;
  // Another amount than the one stored, so that the test runs again on what it leaves.
  const amountField = page.locator('.plan-vehicle').first().getByRole('textbox', { name: 'Amount' });
  const amount = (await amountField.inputValue()) === '$299/mo' ? '$319/mo' : '$299/mo';
  await amountField.fill(amount);
  await expect(page.getByText('All changes saved')).toBeVisible();
  await expect.poll(async () => (await stored()).vehicles[0].amount).toBe(amount);

  await page.goto(`/marketing/plans/edit?plan=${planId}&view=plan#campaigns`);
  const campaign = page.locator('.plan-campaign').first();
  const allMonth = campaign
    .getByRole('switch', { name: 'All month' })
    .or(campaign.getByRole('checkbox', { name: 'All month' }));
  // The demo's first campaign runs all month: no times until that is switched off, which is saved.
  await expect(allMonth).toBeChecked();
  await expect(campaign.getByLabel('Start time')).toHaveCount(0);
  await allMonth.click();
  await expect(campaign.getByLabel('Start time')).toBeVisible();
  await expect.poll(async () => (await stored()).campaigns[0].allMonth).toBe(false);
  // Back as the other tests and the next run find it.
  await allMonth.click();
  await expect(campaign.getByLabel('Start time')).toHaveCount(0);
  await expect.poll(async () => (await stored()).campaigns[0].allMonth).toBe(true);
});

test('creates a plan, whose first save puts its id in the address, then deletes it after asking', async ({ page }) => {
  await page.goto('/marketing/plans/edit?location=1');
  await page.getByRole('textbox', { name: 'Name' }).fill('E2E plan');
  await expect(page).toHaveURL(/plan=\d+/);
  await expect(page.getByText('All changes saved')).toBeVisible();
  const address = page.url();
  await page.getByRole('button', { name: 'Delete plan' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/marketing\/plans\/\?location=1$/);
  await expect(page.getByRole('row', { name: /E2E plan/ })).toHaveCount(0);
  // Its address, kept from before, now says why there is nothing to edit.
  await page.goto(address);
  await expect(page.locator('.plan-editor')).toContainText(
    'This plan could not be openedThat marketing plan does not exist.',
  );
});

test('the coupon locator finds coupons and shows one as stores do', async ({ page }) => {
  await page.goto('/marketing/coupons/?query=oil');
  await expect(page.getByRole('heading', { name: /^\d+ coupons$/ })).toBeVisible();
  const row = page.getByRole('row', { name: /Synthetic oil change/ }).first();
  await expect(row).toContainText('$59.95');
  await row.getByRole('button').first().click();
  const dialog = page.getByRole('dialog', { name: 'Coupon' });
  await expect(dialog.locator('.coupon-price')).toHaveText('Only $59.95 plus tax');
  await expect(dialog).toContainText('Promo code: OIL5995');
});
