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

test("Rosa Martinez's quote desked, with her RAV4's appraisal as the trade: started from both, saved, and still so after a reload", async ({
  page,
}) => {
  // Her trade-in's offer, as its appraisal page shows it.
  await page.goto('/clicklane/appraisals?search=rosa%20martinez');
  await page
    .getByRole('row', { name: /Rosa Martinez.*2019 Toyota RAV4/ })
    .getByRole('button')
    .first()
    .click();
  const offer = (await page.getByTestId('offer').textContent())!;
  await page.getByRole('link', { name: 'Desk a deal with this trade-in' }).click();
  await expect(page).toHaveURL(/\/sales\/desking\?appraisalId=\d+$/);
  await expect(page.getByRole('textbox', { name: 'Trade allowance' })).toHaveValue(offer.replace(/[$,]/g, ''));
  await expect(page.getByRole('textbox', { name: 'Customer' })).toHaveValue('Rosa Martinez');
  const appraisal = page.getByRole('link', { name: /^Trade-in appraisal \d+ · 2019 Toyota RAV4 XLE · offered / });
  await expect(appraisal).toContainText(`offered ${offer}`);
  const appraisalId = new URL(page.url()).searchParams.get('appraisalId');

  // Her quote, from the quotes list: the Highlander at $45,895 less $1,500, taxed at 4 %.
  await page.goto('/sales/quotes?query=T25H118');
  await page
    .getByRole('row', { name: /2025 Toyota Highlander XLE.*Rosa Martinez/ })
    .getByRole('button')
    .first()
    .click();
  await page.getByRole('dialog').getByRole('link', { name: 'Desk this quote' }).click();
  await expect(page).toHaveURL(/\/sales\/desking\?quoteId=\d+$/);
  await expect(page.getByText(/^2025 Toyota Highlander XLE · Stock number T25H118/)).toBeVisible();
  await expect(page.getByText(/^Started from Quote \d+ · 2025 Toyota Highlander XLE · \$46,171$/)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Selling price' })).toHaveValue('44395.00');
  await expect(page.getByRole('textbox', { name: 'Tax rate' })).toHaveValue('4');
  await expect(page.getByRole('combobox', { name: 'Store' })).toHaveValue('Albuquerque Toyota (ABG)');

  // Both at once, as a salesperson opens the quote's deal with the trade: saved, then reopened.
  const quoteId = new URL(page.url()).searchParams.get('quoteId');
  await page.goto(`/sales/desking?quoteId=${quoteId}&appraisalId=${appraisalId}`);
  await expect(page.getByRole('textbox', { name: 'Trade allowance' })).toHaveValue(offer.replace(/[$,]/g, ''));
  await expect(page.locator('output[name="payment2"]')).toHaveText(/^\$[\d,]+\.\d\d$/);
  await page.getByRole('button', { name: 'Save deal' }).click();
  await expect(page).toHaveURL(/\/sales\/desking\?dealId=\d+$/);
  await page.reload();
  await expect(page.getByRole('heading', { name: /^Deal \d+$/ })).toBeVisible();
  await expect(
    page.getByText(/^Started from Quote \d+ · 2025 Toyota Highlander XLE · \$46,171 and Trade-in appraisal/),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Selling price' })).toHaveValue('44395.00');
  await page.getByRole('link', { name: /^Trade-in appraisal \d+/ }).click();
  await expect(page).toHaveURL(new RegExp(`/clicklane/appraisals/vehicle\\?id=${appraisalId}$`));
});
