import { expect, expectNotification, test } from '../../../tests/e2e/fixtures';

test('a new repair order opens on its page; its items follow the input rules and the totals add up exactly', async ({
  page,
}) => {
  await page.goto('/tools/repair-orders/');
  await expect(page.getByRole('heading', { name: /^\d+ repair orders$/ })).toBeVisible();
  await page.getByRole('button', { name: 'New repair order' }).click();
  const add = page.getByRole('dialog', { name: 'New repair order' });
  await add.getByRole('textbox', { name: 'Customer' }).fill('Elena Sandoval');
  await add.getByRole('textbox', { name: 'Vehicle' }).fill('2022 Toyota Corolla LE');
  await add.getByRole('textbox', { name: 'Services requested' }).fill('Oil change and a squeak from the front left.');
  await add.getByRole('button', { name: 'Create order' }).click();
  await expectNotification(page, 'Repair order created.');
  await expect(page).toHaveURL(/\/tools\/repair-orders\/order\?orderId=\d+$/);
  await expect(page).toHaveTitle('Repair order · Forecourt');
  const view = page.locator('.repair-order-view');
  await expect(view.getByText(/Elena Sandoval · 2022 Toyota Corolla LE · Albuquerque Toyota/)).toBeVisible();

  await view.getByRole('button', { name: 'Add item' }).click();
  await view.getByRole('textbox', { name: 'Item 1', exact: true }).fill('Oil and filter change');
  const value1 = view.getByRole('textbox', { name: 'Value of item 1' });
  // Minus signs and letters go as they are typed; the total shows the sum rounded to two decimals.
  await value1.fill('-12.345abc');
  await expect(value1).toHaveValue('12.345');
  await expect(view.locator('.repair-order-total-value')).toHaveText('12.35');
  await view.getByRole('textbox', { name: 'Hours of item 1' }).fill('0.5');

  await view.getByRole('button', { name: 'Add item' }).click();
  await view.getByRole('textbox', { name: 'Item 2', exact: true }).fill('Brake inspection');
  const value2 = view.getByRole('textbox', { name: 'Value of item 2' });
  await value2.fill('');
  await value2.blur();
  // An empty value becomes 0 once left.
  await expect(value2).toHaveValue('0');
  await view.getByRole('textbox', { name: 'Hours of item 2' }).fill('0.25');
  await expect(view.locator('.repair-order-total-hours')).toHaveText('0.75');
  // A line added and left empty is a line of the table only: it is not stored.
  await view.getByRole('button', { name: 'Add item' }).click();
  await expect(view.getByRole('textbox', { name: 'Item 3', exact: true })).toHaveValue('');

  await view.getByRole('button', { name: 'Save order' }).click();
  await expectNotification(page, 'Repair order saved.');

  // The list shows what was saved, and its edit modal loads it once.
  await page.goto('/tools/repair-orders/?query=sandoval');
  const row = page.getByRole('row', { name: /Elena Sandoval/ });
  await expect(row).toContainText('$12.35');
  await expect(row).toContainText('0.75');
  await row.getByRole('button').first().click();
  const edit = page.getByRole('dialog', { name: /^Repair order \d+ · Elena Sandoval$/ });
  await expect(edit.locator('[data-loaded="true"]')).toBeVisible();
  await expect(edit.getByRole('textbox', { name: 'Value of item 1' })).toHaveValue('12.35');
  await expect(edit.getByRole('textbox', { name: 'Value of item 2' })).toHaveValue('0.00');
  await expect(edit.getByRole('textbox', { name: 'Item 3', exact: true })).toHaveCount(0);
  // Add item stores nothing until the order is saved: a line added and the edit cancelled leaves it as it was.
  await edit.getByRole('button', { name: 'Add item' }).click();
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await page.reload();
  await expect(page.getByRole('row', { name: /Elena Sandoval/ })).toContainText('$12.35');
  await page
    .getByRole('row', { name: /Elena Sandoval/ })
    .getByRole('button')
    .first()
    .click();
  await expect(edit.locator('[data-loaded="true"]')).toBeVisible();
  await expect(edit.getByRole('textbox', { name: 'Item 3', exact: true })).toHaveCount(0);
});

test("a second advisor's save of an order opened before the first's is refused, naming who saved it", async ({
  page,
  browser,
}) => {
  await page.goto('/tools/repair-orders/');
  const row = page.getByRole('row', { name: /Rosa Martinez/ });
  await row.getByRole('button').first().click();
  const edit = page.getByRole('dialog', { name: /Rosa Martinez/ });
  await expect(edit.locator('[data-loaded="true"]')).toBeVisible();

  // Meanwhile the order is saved elsewhere: the same order opened and saved on its own page.
  const orderId = /Repair order (\d+)/.exec((await edit.getByRole('heading').first().textContent()) ?? '')?.[1];
  const other = await browser.newContext({ storageState: await page.context().storageState() });
  const otherPage = await other.newPage();
  await otherPage.goto(`/tools/repair-orders/order?orderId=${orderId}`);
  await otherPage.getByRole('textbox', { name: 'Notes' }).fill('Customer approved the diagnosis by phone.');
  await otherPage.getByRole('button', { name: 'Save order' }).click();
  await expectNotification(otherPage, 'Repair order saved.');
  await other.close();

  await edit.getByRole('textbox', { name: 'Hours of item 2' }).fill('0.75');
  await edit.getByRole('button', { name: 'Save order' }).click();
  await expect(edit.getByRole('alert')).toContainText(
    /This repair order was saved by Group Administrator at .* since you opened it/,
  );
});

test('parts-select: the filters fold behind Show filters; parts chosen join the order at list price', async ({
  page,
}) => {
  await page.goto('/tools/repair-orders/?query=angela');
  await page
    .getByRole('row', { name: /Angela Baca/ })
    .getByRole('button')
    .first()
    .click();
  const edit = page.getByRole('dialog', { name: /Angela Baca/ });
  await expect(edit.locator('[data-loaded="true"]')).toBeVisible();
  await edit.getByRole('link', { name: 'Choose parts' }).click();
  await expect(page).toHaveURL(/\/tools\/repair-orders\/parts\?orderId=\d+$/);
  const orderId = new URL(page.url()).searchParams.get('orderId');
  const screen = page.locator('.parts-select');
  await expect(screen.getByRole('heading', { name: `Choose parts for repair order ${orderId}` })).toBeVisible();

  // The search form is folded until asked for.
  const search = screen.getByRole('textbox', { name: 'Search' });
  await expect(search).toBeHidden();
  await screen.getByRole('button', { name: 'Show filters' }).click();
  await search.fill('cr-v');
  await search.press('Enter');
  await expect(page.getByRole('heading', { name: '2 parts' })).toBeVisible();
  await expect(screen.getByRole('button', { name: 'Hide filters' })).toHaveAttribute('aria-expanded', 'true');

  await page.getByRole('checkbox', { name: /Select 17220-5PA-A00/ }).check();
  await page.getByRole('button', { name: `Add to repair order ${orderId}` }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: `Add to repair order ${orderId}` })
    .click();
  await expectNotification(page, `1 part added to repair order ${orderId}.`);
  await expect(page).toHaveURL(new RegExp(`/tools/repair-orders/order\\?orderId=${orderId}$`));
  const view = page.locator('.repair-order-view');
  await expect(view.getByRole('textbox', { name: 'Item 4', exact: true })).toHaveValue(
    '17220-5PA-A00 Engine air filter, CR-V',
  );
  await expect(view.getByRole('textbox', { name: 'Value of item 4' })).toHaveValue('28.75');
  // 69.95 + 129.00 + 189.50 + 28.75.
  await expect(view.locator('.repair-order-total-value')).toHaveText('417.20');
});

test('on a phone the items are cards: nothing scrolls sideways, and the inputs and totals work as in the table', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/tools/repair-orders/order?orderId=1');
  const view = page.locator('.repair-order-view');
  const first = view.getByRole('group', { name: 'Item 1' });
  await expect(first.getByRole('textbox', { name: 'Item 1', exact: true })).toBeVisible();
  await expect(first.getByRole('textbox', { name: 'Value of item 1' })).toBeInViewport();
  await expect(first.getByRole('button', { name: 'Remove item 1' })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
    0,
  );

  const items = view.getByRole('group', { name: /^Item \d+$/ });
  const count = await items.count();
  await view.getByRole('button', { name: 'Add item' }).click();
  const added = view.getByRole('group', { name: `Item ${count + 1}` });
  await expect(added.getByRole('textbox', { name: `Item ${count + 1}`, exact: true })).toBeFocused();
  const before = Number(await view.locator('.repair-order-total-value').textContent());
  await added.getByRole('textbox', { name: `Value of item ${count + 1}` }).fill('10');
  await expect(view.locator('.repair-order-total-value')).toHaveText((before + 10).toFixed(2));
  await added.getByRole('button', { name: `Remove item ${count + 1}` }).click();
  await expect(items).toHaveCount(count);
  await expect(view.locator('.repair-order-total-value')).toHaveText(before.toFixed(2));
});
