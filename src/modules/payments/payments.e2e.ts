import { callApi, expect, expectNotification, signInStaff, test } from '../../../tests/e2e/fixtures';

const LIST = '/clicklane/appraisals/payments';

test('a payment from request to sent: an appraiser requests it, a manager approves it after confirming, it is sent and checked', async ({
  browser,
  adminState,
  page,
}) => {
  // The appraiser who asks cannot be the manager who approves (decision 022).
  const admin = await browser.newContext({ storageState: adminState });
  await callApi(admin.request, 'users/save-user', {
    username: 'appraiser.e2e',
    email: 'appraiser.e2e@forecourt.test',
    firstName: 'Ana',
    lastName: 'Tafoya',
    password: 'appraiser-e2e-password-1',
    jobCode: 'INV',
    emailFactor: 1,
    groupWide: 1,
  });
  await admin.close();
  const staff = await signInStaff(browser, adminState, {
    username: 'appraiser.e2e',
    email: 'appraiser.e2e@forecourt.test',
    password: 'appraiser-e2e-password-1',
  });

  // The request: the appraisal chosen by its customer's name.
  await staff.page.goto(LIST);
  await expect(staff.page.getByRole('heading', { name: /^\d+ payments?$/ })).toBeVisible();
  await staff.page.getByRole('button', { name: 'Request payment' }).click();
  const request = staff.page.getByRole('dialog', { name: 'Request payment' });
  await request.getByRole('combobox', { name: 'Appraisal' }).fill('David Chav');
  await staff.page.getByRole('option', { name: /David Chavez · 2021 Toyota Tacoma/ }).click();
  await request.getByRole('button', { name: 'Request payment' }).click();
  await expectNotification(staff.page, 'Approval Request Sent');
  // The new payment's status view opens, with its first step.
  const status = staff.page.getByRole('dialog', { name: /^Payment \d+$/ });
  await expect(status.locator('.payment-state')).toHaveText('Approval Request Sent');
  await expect(status.locator('.payment-events')).toContainText('Approval requested: Approval Request Sent');
  await expect(status.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
  await staff.context.close();

  // The manager (the admin) approves it from the list, after confirming.
  await page.goto(`${LIST}?query=david+chavez`);
  const row = page.getByRole('row', { name: /David Chavez/ });
  await expect(row.locator('.payment-state')).toHaveText('Approval Request Sent');
  await row.getByRole('button', { name: 'Approve: David Chavez' }).click();
  const confirm = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(confirm).toContainText(/Approve the payment of \$[\d,]+\.\d\d to David Chavez\?/);
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expectNotification(page, 'Payment Approved');
  await expect(row.locator('.payment-state')).toHaveText('Payment Approved');

  // Sent through the provider, after confirming; the label moves on, and the buttons with it.
  await row.getByRole('button', { name: 'Send payment: David Chavez' }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Send payment' }).click();
  await expectNotification(page, 'Payment Sent');
  await expect(row.locator('.payment-state')).toHaveText('Payment Sent');
  await expect(row.getByRole('button', { name: 'Change amount: David Chavez' })).toBeVisible();

  // The status view: the steps so far, what the local provider sent, and Check status.
  await row.getByRole('button').first().click();
  const view = page.getByRole('dialog', { name: /^Payment \d+$/ });
  await expect(view.locator('.payment-events')).toContainText('Sent through the provider: Payment Sent');
  await expect(view).toContainText(/key payment-\d+-1/);
  await view.getByRole('button', { name: 'Check status: David Chavez' }).click();
  await expectNotification(page, 'Payment Completed');
  await expect(view.locator('.payment-state')).toHaveText('Payment Completed');
  await expect(view.locator('.payment-events')).toContainText('Status checked: Payment Completed');
});

test("a sent payment's amount is changed in a modal after confirming, waits for approval, then is cancelled", async ({
  page,
}) => {
  // The demo's payment at Denver, sent and out with the provider.
  await page.goto(`${LIST}?state=sent&query=joshua`);
  const row = page.getByRole('row', { name: /Joshua Davis/ });
  await expect(row.locator('.payment-state')).toHaveText('Payment Sent');
  await row.getByRole('button', { name: 'Change amount: Joshua Davis' }).click();
  const modal = page.getByRole('dialog', { name: 'Change the amount' });
  const amount = modal.getByRole('textbox', { name: 'New amount' });
  await amount.fill('12.345');
  await modal.getByRole('button', { name: 'Change amount' }).click();
  await expect(modal.getByRole('alert')).toContainText('Amount must be an amount in dollars, such as 1,234.56.');
  await amount.fill('18,250.50');
  await modal.getByRole('button', { name: 'Change amount' }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Change amount' }).click();
  await expectNotification(page, 'Payment Changed');
  await page.goto(`${LIST}?query=joshua`);
  await expect(row.locator('.payment-state')).toHaveText('Payment Changed');
  await expect(row).toContainText('$18,250.50');
  // The new amount is not sent until another appraisal manager approves it (not the one who changed
  // it: no Approve here); nothing is out to void.
  await expect(row.getByRole('button', { name: 'Approve: Joshua Davis' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Void: Joshua Davis' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Check status: Joshua Davis' })).toHaveCount(0);
  await row.getByRole('button', { name: 'Cancel payment: Joshua Davis' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel the payment' });
  await cancel.getByRole('textbox').fill('Seller kept the car.');
  await cancel.getByRole('button', { name: 'Cancel payment' }).click();
  await expectNotification(page, 'Payment Cancelled');
  await expect(row.locator('.payment-state')).toHaveText('Payment Cancelled');
});

test('a manual payment: started with its method, then recorded as sent with its cheque number', async ({ page }) => {
  await page.goto(`${LIST}?state=approved`);
  const row = page.getByRole('row', { name: /Christopher Lucero/ });
  await row.getByRole('button', { name: 'Pay manually: Christopher Lucero' }).click();
  const start = page.getByRole('dialog', { name: 'Pay manually' });
  await start.getByRole('combobox', { name: 'Method' }).click();
  await page.getByRole('option', { name: 'Company cheque' }).click();
  await start.getByRole('textbox', { name: 'Details' }).fill('Mail to the address on the title.');
  await start.getByRole('button', { name: 'Pay manually' }).click();
  await expectNotification(page, 'Manual Payment Started');
  await page.goto(`${LIST}?query=lucero`);
  await row.getByRole('button', { name: 'Record as sent: Christopher Lucero' }).click();
  const sent = page.getByRole('dialog', { name: 'Record the manual payment as sent' });
  await sent.getByRole('textbox', { name: 'Cheque or wire number' }).fill('CHK 40190');
  await sent.getByRole('button', { name: 'Record as sent' }).click();
  await expectNotification(page, 'Manual Payment Sent');
  await expect(row.locator('.payment-state')).toHaveText('Manual Payment Sent');
});
