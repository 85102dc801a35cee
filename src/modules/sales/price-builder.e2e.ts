import { callApi, expect, expectNotification, test } from '../../../tests/e2e/fixtures';

test("a quote built from inventory, texted to the customer, in the outbox and opened as the customer's page", async ({
  page,
  browser,
}) => {
  const year = new Date().getFullYear();
  await page.goto('/sales/price-builder');
  await expect(page.getByRole('combobox', { name: 'Location' })).toHaveValue('Albuquerque Toyota (ABG)');
  // The search form submits on Enter (seed 000): the RAV4s' VINs start 2T3P1RFV.
  await page.getByRole('textbox', { name: 'Stock number or VIN' }).fill('2t3p1rfv');
  await page.getByRole('textbox', { name: 'Stock number or VIN' }).press('Enter');
  await page
    .getByRole('row', { name: new RegExp(`${year} Toyota RAV4 XLE`) })
    .first()
    .getByRole('button', { name: /^Quote the/ })
    .click();
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
  // An addendum added by mistake comes off again, named by what it was.
  await page.getByRole('button', { name: 'Add addendum' }).click();
  await page.getByRole('textbox', { name: 'Addendum 1' }).fill('Paint protection');
  await page.getByRole('button', { name: 'Remove Paint protection' }).click();
  await expect(page.getByRole('textbox', { name: 'Addendum 1' })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Customer' }).fill('Maria Sandoval');
  // 34,500 − 1,500 − 1,500 − 500 = 31,000; 4 % tax 1,240 → $32,240; bc: 72 months at 4 % = 504.40 → $504.
  await expect(page.getByTestId('quote-total')).toHaveText('$32,240');
  await expect(page.getByTestId('quote-savings')).toHaveText('$3,500.00');
  await expect(page.getByTestId('quote-payment')).toHaveText('$504');

  // Text quote shows the quote's text at once and keeps nothing until it is sent: cancelled, no quote is made.
  const quoteCount = async () =>
    (await callApi<{ quoteCount: number }>(page.request, 'sales/price-builder/load-quotes', { mine: '1', limit: 1 }))
      .quoteCount;
  const quotesBefore = await quoteCount();
  await page.getByRole('button', { name: 'Text quote' }).click();
  const draft = page.getByRole('dialog', { name: 'Text the quote' });
  await expect(draft.getByRole('textbox', { name: 'Message' })).toHaveValue(
    /^Hi Maria, here is your price quote for the \d{4} Toyota RAV4 XLE \(stock \w+\): \$32,240, or about \$504 a month\./,
  );
  await expect(draft).toContainText('The quote is kept when the text is sent.');
  // A number that is no number keeps no quote either.
  await draft.getByRole('textbox', { name: 'To' }).fill('555-0188');
  await draft.getByRole('button', { name: 'Send quote' }).click();
  await expect(draft.getByText('To must be a phone number such as (505) 555-0142.')).toBeVisible();
  await draft.getByRole('button', { name: 'Cancel' }).click();
  await expect(draft).toBeHidden();
  expect(await quoteCount()).toBe(quotesBefore);

  // Copied with its page's address, for an email of the salesperson's own.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy quote' }).click();
  await expectNotification(page, 'Text saved to clipboard.');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/\$32,240, or about \$504 a month\..*\n.*\/quote\/[\w-]{22}$/);

  await page.getByRole('button', { name: 'Text quote' }).click();
  const modal = page.getByRole('dialog', { name: 'Text the quote' });
  await expect(modal.getByRole('textbox', { name: 'Message' })).toHaveValue(
    /^Hi Maria, here is your price quote for the \d{4} Toyota RAV4 XLE \(stock \w+\): \$32,240, or about \$504 a month\./,
  );
  const link = await modal.getByRole('link').textContent();
  // Nothing changed since the copy: the text carries the quote already kept, not a second one.
  expect(copied.endsWith(`\n${link}`)).toBe(true);
  await modal.getByRole('textbox', { name: 'To' }).fill('(505) 555-0188');
  await modal.getByRole('button', { name: 'Send quote' }).click();
  await expectNotification(page, 'Quote sent!');
  await expect(modal).toBeHidden();
  // A changed quote is kept anew when next copied.
  await page.getByRole('textbox', { name: 'Customer' }).fill('Ana Lucero');
  await page.getByRole('button', { name: 'Copy quote' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/^Hi Ana,/);
  expect((await page.evaluate(() => navigator.clipboard.readText())).endsWith(`\n${link}`)).toBe(false);

  // Through the send gate and the local driver: in the outbox, the link on its own line.
  const { rows } = await callApi<{ rows: { to: string; body: string }[] }>(page.request, 'outbox/load-messages', {
    channel: 'sms',
    query: '5550188',
    limit: 5,
  });
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

  // The salesperson sees that the customer opened it.
  await page.goto('/sales/quotes?mine=1&query=sandoval');
  const row = page.getByRole('row', { name: new RegExp(`${year} Toyota RAV4 XLE`) }).first();
  await expect(row).toContainText('$32,240');
  await expect(row).toContainText('Once');
  await row.locator('.row-open').click();
  const detail = page.getByRole('dialog', { name: /Toyota RAV4 XLE for Maria Sandoval/ });
  await expect(detail).toContainText('Once, first');
  await expect(detail.getByRole('link', { name: "Open the customer's page" })).toHaveAttribute('href', link!);
});
