import { callApi, expect, test } from '../../../tests/e2e/fixtures';

test('the outbox lists what was sent, newest first, filtered by kind', async ({ page, browser }) => {
  // Ask for a code as a staff member, so the outbox has a fresh email.
  const staff = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const staffPage = await staff.newPage();
  await staffPage.goto('/login');
  await staffPage.getByLabel('Username or email').fill('rbaca84');
  await staffPage.getByLabel('Password', { exact: true }).fill('forecourt-demo');
  await staffPage.getByRole('button', { name: 'Sign in' }).click();
  await staffPage.getByRole('button', { name: /Email code/ }).click();
  await expect(staffPage.getByLabel('Code')).toBeVisible();
  await staff.close();

  // Narrowed to her address: other tests send at the same time (a list email's recipients among them).
  await page.goto('/outbox?query=rosa.baca.10484');
  const newest = page.getByRole('row').nth(1);
  await expect(newest).toContainText('rosa.baca.10484@forecourt.test');
  await expect(newest).toContainText('Your Forecourt sign-in code');
  await expect(newest.locator('.sign-in-code')).toHaveText(/^\d{6}$/);

  await page.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'Text' }).click();
  await expect(page).toHaveURL(/channel=sms/);
  // The CSV download takes the same filters as the list.
  await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
    'href',
    '/tools/outbox/export?channel=sms&query=rosa.baca.10484',
  );
  const csv = await page.request.get('/tools/outbox/export?channel=email&query=rosa.baca');
  expect(csv.headers()['content-type']).toContain('text/csv');
  expect(await csv.text()).toContain('rosa.baca.10484@forecourt.test');
  await expect(page.getByRole('row', { name: /rosa\.baca/ })).toHaveCount(0);
});

test('a call in the outbox reads as words: its kind, formatted numbers, what it does and its status', async ({
  page,
  request,
}) => {
  const { rows } = await callApi<{ rows: { phoneId: number }[] }>(request, 'phones/load-phones', {
    query: '(505) 265-0100',
    view: 'rows',
  });
  await callApi(request, 'phones/calls/make-call', { phoneId: rows[0].phoneId, to: '(505) 555-0651' });
  await page.goto('/outbox?channel=call&query=5550651');
  const call = page.getByRole('row', { name: /\(505\) 555-0651/ }).first();
  await expect(call.locator('.outbox-kind')).toHaveText('Call');
  await expect(call).toContainText('(505) 265-0100');
  await expect(call).toContainText(/Says "|Dials \(\d{3}\) \d{3}-\d{4}/);
  await expect(call).not.toContainText('http');
  await expect(call).not.toContainText('<Response>');
  await expect(call.getByRole('cell').last()).toHaveText(/^(Queued|Dialling|Ringing|In progress|Completed|No answer)$/);
});
