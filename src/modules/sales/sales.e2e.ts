import type { Page } from '@playwright/test';
import { callApi, expect, expectNotification, test } from '../../../tests/e2e/fixtures';

const output = (page: Page, name: string) => page.locator(`output[name="${name}"]`);

test('a lease deal: the lease fields and defaults, then the payments worked out as the salesperson types', async ({ page }) => {
  await page.goto('/sales/desking');
  await expect(page.getByRole('textbox', { name: 'MSRP' })).toHaveCount(0);
  await page.getByRole('radiogroup', { name: 'Deal type' }).getByText('Lease').click();
  // Seed 000: a lease shows its own fields and starts at 24, 36 and 48 months at 0.0029.
  for (const [n, term] of [[1, '24'], [2, '36'], [3, '48']] as const) {
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
  for (const [n, term] of [[1, '60'], [2, '72'], [3, '84']] as const) {
    await expect(page.getByRole('textbox', { name: `Term ${n}` })).toHaveValue(term);
    await expect(page.getByRole('textbox', { name: `Rate ${n}` })).toHaveValue('9.99');
  }
  const fill = async (label: string, value: string) => page.getByRole('textbox', { name: label, exact: true }).fill(value);
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

test('a quote built from inventory, texted to the customer, in the outbox and opened as the customer\'s page', async ({ page, browser }) => {
  const year = new Date().getFullYear();
  await page.goto('/sales/price-builder');
  await expect(page.getByRole('combobox', { name: 'Location' })).toHaveValue('Albuquerque Toyota (ABG)');
  // The search form submits on Enter (seed 000): the RAV4s' VINs start 2T3P1RFV.
  await page.getByRole('textbox', { name: 'Stock number or VIN' }).fill('2t3p1rfv');
  await page.getByRole('textbox', { name: 'Stock number or VIN' }).press('Enter');
  await page.getByRole('row', { name: new RegExp(`${year} Toyota RAV4 XLE`) }).first().getByRole('button', { name: /^Quote the/ }).click();
  await expect(page.getByRole('heading', { name: `${year} Toyota RAV4 XLE` })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Price' })).toHaveValue('34500');

  // The incentives enabled by default start applied; the state's tax starts the tax lines.
  await expect(page.getByRole('checkbox', { name: 'Toyota RAV4 customer cash ($1,500.00)' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Group loyalty cash ($500.00)' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Military appreciation ($750.00)' })).not.toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Tax 1' })).toHaveValue('Motor vehicle excise tax');
  await expect(page.getByRole('textbox', { name: 'Rate' })).toHaveValue('4');
  await page.getByRole('button', { name: 'Add discount' }).click();
  await page.getByRole('textbox', { name: 'Discount 1' }).fill('Dealer discount');
  await page.getByRole('textbox', { name: 'Amount' }).fill('1,500');
  await page.getByRole('textbox', { name: 'Customer' }).fill('Maria Sandoval');
  // 34,500 − 1,500 − 1,500 − 500 = 31,000; 4 % tax 1,240 → $32,240; bc: 72 months at 4 % = 504.40 → $504.
  await expect(page.getByTestId('quote-total')).toHaveText('$32,240');
  await expect(page.getByTestId('quote-savings')).toHaveText('$3,500.00');
  await expect(page.getByTestId('quote-payment')).toHaveText('$504');

  await page.getByRole('button', { name: 'Text quote' }).click();
  const modal = page.getByRole('dialog', { name: 'Text the quote' });
  await expect(modal.getByRole('textbox', { name: 'Message' })).toHaveValue(/^Hi Maria, here is your price quote for the \d{4} Toyota RAV4 XLE \(stock \w+\): \$32,240, or about \$504 a month\./);
  const link = await modal.getByRole('link').textContent();
  await modal.getByRole('textbox', { name: 'To' }).fill('(505) 555-0188');
  await modal.getByRole('button', { name: 'Send quote' }).click();
  await expectNotification(page, 'Quote sent!');
  await expect(modal).toBeHidden();

  // Through the send gate and the local driver: in the outbox, the link on its own line.
  const { rows } = await callApi<{ rows: { to: string; body: string }[] }>(page.request, 'outbox/load-messages', { channel: 'sms', query: '5550188', limit: 5 });
  expect(rows[0].body).toContain(`$32,240, or about $504 a month.`);
  expect(rows[0].body.endsWith(`\n${link}`)).toBe(true);

  // The customer opens it, signed in nowhere: that quote alone.
  const customer = await browser.newPage();
  await customer.goto(link!);
  await expect(customer.getByRole('heading', { name: `Your quote: ${year} Toyota RAV4 XLE` })).toBeVisible();
  await expect(customer.getByRole('row', { name: 'Total $32,240' })).toBeVisible();
  await expect(customer.getByRole('row', { name: 'Dealer discount −$1,500.00' })).toBeVisible();
  await expect(customer.getByText('Military appreciation')).toHaveCount(0);
  await customer.close();
});
