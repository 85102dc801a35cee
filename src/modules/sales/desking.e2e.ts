import type { Page } from '@playwright/test';
import { expect, test } from '../../../tests/e2e/fixtures';

const output = (page: Page, name: string) => page.locator(`output[name="${name}"]`);

test('a lease deal: the lease fields and defaults, then the payments worked out as the salesperson types', async ({
  page,
}) => {
  await page.goto('/sales/desking');
  await expect(page.getByRole('textbox', { name: 'MSRP' })).toHaveCount(0);
  await page.getByRole('radiogroup', { name: 'Deal type' }).getByText('Lease').click();
  // Seed 000: a lease shows its own fields and starts at 24, 36 and 48 months at 0.0029.
  for (const [n, term] of [
    [1, '24'],
    [2, '36'],
    [3, '48'],
  ] as const) {
    await expect(page.getByRole('textbox', { name: `Term ${n}` })).toHaveValue(term);
    await expect(page.getByRole('textbox', { name: `Rate ${n}` })).toHaveValue('0.0029');
  }
  await page.getByRole('textbox', { name: 'Selling price' }).fill('32,000');
  await page.getByRole('textbox', { name: 'MSRP' }).fill('35000');
  await page.getByRole('textbox', { name: 'Acquisition fee' }).fill('695');
  await page.getByRole('textbox', { name: 'Down payment' }).fill('2000');
  await page.getByRole('textbox', { name: 'Residual 2' }).fill('58');
  // desking.test.ts works this lease by hand: residual 20,300, depreciation 288.75, rent 147.89.
  await expect(output(page, 'payment2')).toHaveText('$436.64');
  await expect(output(page, 'residualValue2')).toHaveText('$20,300.00');
  await expect(output(page, 'rentCharge2')).toHaveText('$147.89');
  await expect(page.getByText('About 6.96% APR').first()).toBeVisible();

  // Taxed on each payment at 7.75 %: 470.48. A rate typed as an APR is named at its field.
  await page.getByRole('textbox', { name: 'Tax rate' }).fill('7.75');
  await expect(output(page, 'payment2')).toHaveText('$470.48');
  await page.getByRole('textbox', { name: 'Rate 3' }).fill('4.9');
  await expect(page.getByText('Rate 3 must be a money factor such as 0.0029 for a lease.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Rate 3' }).fill('0.0025');
  await expect(page.getByText('Rate 3 must be a money factor such as 0.0029 for a lease.')).toHaveCount(0);
  await expect(output(page, 'payment2')).toHaveText('$470.48');
});

test('a finance deal: 60, 72 and 84 months at 9.99 %, with a trade and taxes', async ({ page }) => {
  await page.goto('/sales/desking');
  for (const [n, term] of [
    [1, '60'],
    [2, '72'],
    [3, '84'],
  ] as const) {
    await expect(page.getByRole('textbox', { name: `Term ${n}` })).toHaveValue(term);
    await expect(page.getByRole('textbox', { name: `Rate ${n}` })).toHaveValue('9.99');
  }
  const fill = async (label: string, value: string) =>
    page.getByRole('textbox', { name: label, exact: true }).fill(value);
  await fill('Selling price', '30000');
  await fill('Dealer fees', '499');
  await fill('Title and registration', '350');
  await fill('Rebates', '1000');
  await fill('Down payment', '2000');
  await fill('Trade allowance', '8000');
  await fill('Trade payoff', '5000');
  await fill('Tax rate', '7');
  // desking.test.ts: taxed 22,499 at 7 % = 1,574.93; financed 26,423.93; 72 months at 9.99 % = 489.39.
  await expect(output(page, 'payment2')).toHaveText('$489.39');
  await expect(output(page, 'amountFinanced2')).toHaveText('$26,423.93');
  await expect(output(page, 'salesTax2')).toHaveText('$1,574.93');
  await expect(output(page, 'tradeEquity')).toHaveText('$3,000.00');
  // Without the trade's tax credit the whole price is taxed: more tax, a higher payment.
  await page.getByRole('checkbox', { name: 'Tax credit for the trade' }).uncheck();
  await expect(output(page, 'salesTax2')).toHaveText('$2,134.93');
});
