import type { Page } from '@playwright/test';
import { callApi, expect, expectNotification, test } from '../../../tests/e2e/fixtures';
import { formatNumber } from '../../shared/format';
import { PHONE_ADDED, PHONE_DELETED, PHONE_UPDATED } from './phones.contract';
import { lastDays } from '../../shared/format';

/** Picks an option of a searchable select inside a dialog (the screen behind has selects with the same labels). */
async function pickIn(page: Page, dialog: ReturnType<Page['getByRole']>, label: string, option: string | RegExp) {
  await dialog.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

test("add, edit and delete a phone with the spec's messages", async ({ page }) => {
  await page.goto('/phones/');
  await expect(page.locator('.phone-manager')).toBeVisible();
  await expect(page.getByRole('heading', { name: /^\d+ phones$/ })).toBeVisible();

  await page.getByRole('button', { name: 'Add phone' }).click();
  const add = page.getByRole('dialog', { name: 'Add phone' });
  // Required fields are checked before anything is sent.
  await add.getByRole('button', { name: 'Add phone' }).click();
  await expect(add.getByRole('alert')).toContainText('Description is required.');
  await add.getByRole('textbox', { name: 'Description' }).fill('Santa Fe Subaru e2e line');
  await add.getByRole('textbox', { name: 'Phone number' }).fill('(505) 555-0177');
  await pickIn(page, add, 'Location', /Santa Fe Subaru/);
  await pickIn(page, add, 'Phone type', 'Sales');
  await add.getByRole('textbox', { name: 'Bridge' }).fill('505 471 0300');
  await add.getByLabel('Autopilot').check();
  const sent = page.waitForRequest('**/api/actions/phones/add-phone');
  await add.getByRole('button', { name: 'Add phone' }).click();
  await expectNotification(page, PHONE_ADDED);
  await expect(add).toBeHidden();
  // Checkboxes go as 1 or 0.
  expect((await sent).postDataJSON()).toMatchObject({ autopilot: 1, squad: 0, directRing: 0, active: 1, buy: 0 });

  await page.getByRole('textbox', { name: 'Search' }).fill('e2e');
  await page.getByRole('textbox', { name: 'Search' }).press('Enter');
  await expect(page).toHaveURL(/query=e2e/);
  const row = page.getByRole('row', { name: /Santa Fe Subaru e2e line/ });
  await expect(row).toContainText('(505) 555-0177');
  await expect(row).toContainText('Sales');
  await expect(row).toContainText('(505) 471-0300');

  await row.click();
  const edit = page.getByRole('dialog', { name: 'Edit phone: Santa Fe Subaru e2e line' });
  await expect(edit.getByRole('textbox', { name: 'Phone number' })).toHaveValue('(505) 555-0177');
  await expect(edit.getByLabel('Autopilot')).toBeChecked();
  await edit.getByRole('textbox', { name: 'Description' }).fill('Santa Fe Subaru e2e sales line');
  await edit.getByLabel('Squad').check();
  await edit.getByRole('button', { name: 'Save phone' }).click();
  await expectNotification(page, PHONE_UPDATED);
  await expect(edit).toBeHidden();
  await expect(page.getByRole('row', { name: /Santa Fe Subaru e2e sales line/ })).toBeVisible();

  // A phone that fails to load alerts and closes its modal.
  await page.route('**/api/actions/phones/load-phone', (route) =>
    route.fulfill({
      status: 404,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, data: {}, errors: ['There is no such phone.'] }),
    }),
  );
  await page.getByRole('row', { name: /Santa Fe Subaru e2e sales line/ }).click();
  const alert = page.getByRole('dialog', { name: 'This record could not be loaded' });
  await expect(alert).toContainText('There is no such phone.');
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.unroute('**/api/actions/phones/load-phone');

  await page.getByRole('button', { name: 'Actions for Santa Fe Subaru e2e sales line' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirmation = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(confirmation).toContainText('Are you sure you want to delete this phone?');
  await confirmation.getByRole('button', { name: 'Delete' }).click();
  await expectNotification(page, PHONE_DELETED);
  await expect(page.getByRole('heading', { name: '0 phones' })).toBeVisible();
});

test('buying a number: a local-numbers search fills the add modal, and the purchase gives the provider id', async ({
  page,
}) => {
  await page.goto('/phones/');
  await page.getByRole('button', { name: 'Buy a number' }).click();
  const search = page.getByRole('dialog', { name: 'Buy a number' });
  await search.getByRole('textbox', { name: 'Area code' }).fill('50');
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(search.getByRole('alert')).toContainText('Area code must be a three-digit area code.');
  await search.getByRole('textbox', { name: 'Area code' }).fill('505');
  await search.getByRole('textbox', { name: 'Contains' }).fill('0123');
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(search).toContainText('1 number for sale');
  await search.getByRole('button', { name: 'Choose (505) 555-0123' }).click();

  const add = page.getByRole('dialog', { name: 'Add phone (505) 555-0123' });
  await expect(search).toBeHidden();
  await expect(add.getByRole('textbox', { name: 'Phone number' })).toHaveValue('(505) 555-0123');
  await expect(add.getByRole('textbox', { name: 'Phone number' })).toHaveAttribute('readonly', '');
  await expect(add).toContainText('The number is bought from the telephony provider when you add the phone.');
  await add.getByRole('textbox', { name: 'Description' }).fill('Albuquerque Toyota bought line');
  await pickIn(page, add, 'Location', /Albuquerque Toyota/);
  const sent = page.waitForRequest('**/api/actions/phones/add-phone');
  await add.getByRole('button', { name: 'Buy and add phone' }).click();
  await expectNotification(page, PHONE_ADDED);
  expect((await sent).postDataJSON()).toMatchObject({ phoneNumber: '(505) 555-0123', buy: 1 });

  await page.goto('/phones/?query=bought');
  await page.getByRole('row', { name: /Albuquerque Toyota bought line/ }).click();
  const edit = page.getByRole('dialog', { name: /Edit phone/ });
  await expect(edit.getByRole('textbox', { name: 'Provider id' })).toHaveValue(/^PN[0-9a-f]{32}$/);
  await expect(edit.getByRole('textbox', { name: 'Phone number' })).toHaveAttribute('readonly', '');
});

test('a simulated inbound call shows on live calls; it can be transferred, and ending it, after confirming, completes it', async ({
  page,
}) => {
  await page.goto('/outbox');
  await page.getByRole('button', { name: 'Simulate' }).click();
  await page.getByRole('menuitem', { name: 'Simulate inbound call' }).click();
  const form = page.getByRole('dialog', { name: 'Simulate inbound call' });
  await form.getByRole('textbox', { name: 'From (the customer)' }).fill('(480) 555-0161');
  await form.getByRole('combobox', { name: 'To (our line)' }).fill('Albuquerque Toyota main');
  await page.getByRole('option', { name: /Albuquerque Toyota main line/ }).click();
  await form.getByRole('button', { name: 'Receive call' }).click();
  await expectNotification(page, /Call received: .*it is live on the Live calls screen\./);

  await page.goto('/phones/calls/twilio');
  await expect(page.locator('.live-calls')).toBeVisible();
  const call = page.getByRole('row', { name: /\(480\) 555-0161/ });
  await expect(call).toContainText('In progress');
  await expect(call).toContainText('Albuquerque Toyota main line');
  await expect(page.getByRole('heading', { name: /^\d+ live calls? of \d+ recent$/ })).not.toHaveText(/^0 live/);
  // Its duration counts up while it is watched.
  const duration = call.locator('.live-duration');
  const before = await duration.textContent();
  await expect(duration).not.toHaveText(before!, { timeout: 3000 });
  await expect(duration).toHaveText(/^\d+:\d{2}$/);

  // Transfer asks for the line or number, then for a confirmation.
  await call.getByRole('button', { name: 'Transfer' }).click();
  const transfer = page.getByRole('dialog', { name: 'Transfer call' });
  await transfer.getByRole('combobox', { name: 'Transfer to' }).fill('Albuquerque Toyota service');
  await page.getByRole('option', { name: /Albuquerque Toyota service/ }).click();
  await transfer.getByRole('button', { name: 'Transfer' }).click();
  const confirmTransfer = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(confirmTransfer).toContainText('Are you sure you want to transfer this call to (505) 265-0150?');
  await confirmTransfer.getByRole('button', { name: 'Transfer' }).click();
  await expectNotification(page, 'The call has been transferred to (505) 265-0150.');
  await expect(transfer).toBeHidden();

  await call.getByRole('button', { name: 'End' }).click();
  const confirmation = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(confirmation).toContainText('Are you sure you want to end this call with (480) 555-0161?');
  await confirmation.getByRole('button', { name: 'End call' }).click();
  await expectNotification(page, 'The call has been ended.');
  await expect(call).toContainText('Completed');
  await expect(call.getByRole('button', { name: 'End' })).toHaveCount(0);

  // The call is in the group's call list too, found by the caller's number.
  await page.goto('/phones/calls/?query=4805550161');
  await expect(page.getByRole('row', { name: /\(480\) 555-0161/ })).toContainText('Completed');
});

test('a STOP text simulated from the outbox gets the opt-out confirmation, shown in the outbox', async ({ page }) => {
  await page.goto('/outbox');
  await page.getByRole('button', { name: 'Simulate' }).click();
  await page.getByRole('menuitem', { name: 'Simulate inbound text' }).click();
  const form = page.getByRole('dialog', { name: 'Simulate inbound text' });
  await form.getByRole('textbox', { name: 'From (the customer)' }).fill('(480) 555-0162');
  // A whole number stands for itself; the suggestions close when the field is left.
  await form.getByRole('combobox', { name: 'To (our line)' }).fill('(505) 265-0110');
  await form.getByRole('combobox', { name: 'To (our line)' }).press('Tab');
  await form.getByRole('button', { name: 'STOP' }).click();
  await expect(form.getByRole('textbox', { name: 'Body' })).toHaveValue('STOP');
  await form.getByRole('button', { name: 'Receive text' }).click();
  await expectNotification(page, 'Text received (one reply); the number is opted out.');

  const reply = page.getByRole('row', { name: /You have been unsubscribed/ });
  await expect(reply).toContainText('(480) 555-0162');
  await expect(reply).toContainText('Reply START to resubscribe.');
  await expect(page.getByRole('row').nth(1)).toContainText('You have been unsubscribed');
});

test("call activity shows the demo data's real figures, per report", async ({ page }) => {
  const { from, to } = lastDays(7);
  const expected = await callApi<{
    rows: { name: string; calls: number }[];
    totals: { calls: number; answered: number; missed: number; totalDuration: string };
  }>(page.request, 'phones/calls/locations', { minCreatedAt: from, maxCreatedAt: to });
  expect(expected.totals.calls).toBeGreaterThan(0);

  await page.goto('/phones/activity?report=locations');
  await expect(page.locator('.call-activity')).toBeVisible();
  // The range defaults to the last seven days, today included.
  await expect(page.locator('.call-activity .search-form')).toContainText(from);
  await expect(page.locator('.call-activity .search-form')).toContainText(to);
  const stat = (label: string) => page.locator('.stat-card').filter({ hasText: label });
  await expect(stat('Calls')).toContainText(formatNumber(expected.totals.calls));
  await expect(stat('Answered')).toContainText(formatNumber(expected.totals.answered));
  await expect(stat('Talk time')).toContainText(expected.totals.totalDuration);
  const top = expected.rows[0];
  await expect(
    page
      .getByRole('row', { name: new RegExp(top.name) })
      .getByRole('cell')
      .nth(1),
  ).toHaveText(formatNumber(top.calls));
  // The chart draws the busiest location first, with its total.
  await expect(page.locator('.stacked-bars-row').first()).toContainText(top.name);
  await expect(page.locator('.stacked-bars-row').first()).toContainText(formatNumber(top.calls));

  const texts = await callApi<{ totals: { messages: number } }>(page.request, 'phones/messages/locations', {
    minCreatedAt: from,
    maxCreatedAt: to,
  });
  await page.getByRole('tab', { name: 'Texts' }).click();
  await expect(page).toHaveURL(/report=texts/);
  await expect(stat('Texts')).toContainText(formatNumber(texts.totals.messages));

  // GEC users: every BDC user has a row, with zeros for those without calls.
  await page.getByRole('tab', { name: 'GEC users' }).click();
  await expect(page.getByRole('heading', { name: /^\d+ GEC users?, / })).toBeVisible();
});

test("a line's call plan: add a forward step, move it first, then delete it", async ({ page }) => {
  await page.goto('/phones/actions/');
  await page.getByRole('row', { name: /Albuquerque Toyota main line/ }).click();
  await expect(page).toHaveURL(/phoneId=\d+/);
  const plan = page.locator('.call-plan');
  await expect(plan.locator('.call-plan-step')).toHaveCount(3);
  await expect(plan.locator('.call-plan-step').first()).toContainText('Opening hours');

  await plan.getByRole('button', { name: 'Add step' }).click();
  const add = page.getByRole('dialog', { name: /Add a step/ });
  await add.getByText('Forward', { exact: true }).click();
  await add.getByRole('textbox', { name: 'Label' }).fill('Manager cell');
  await add.getByRole('textbox', { name: 'Forward to' }).fill('(505) 555-0190');
  await add.getByRole('button', { name: 'Add step' }).click();
  await expectNotification(page, 'Phone action added.');
  await expect(plan.locator('.call-plan-step')).toHaveCount(4);
  // The plan ends at its voicemail, which ends the call: the new step goes just before it.
  await expect(plan.locator('.call-plan-step').nth(2)).toContainText('Forwards to (505) 555-0190 for 20 s');
  await expect(plan.locator('.call-plan-step').last()).toContainText('Voicemail');
  await expect(plan.getByRole('button', { name: 'Move Manager cell down' })).toBeDisabled();

  const steps = plan.locator('.call-plan-step');
  for (const index of [1, 0]) {
    await plan.getByRole('button', { name: 'Move Manager cell up' }).click();
    await expect(steps.nth(index)).toContainText('Manager cell');
  }
  await expect(plan.locator('.call-plan-step').first()).toContainText('Manager cell');

  await plan.getByRole('button', { name: 'Actions for Manager cell' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Delete' }).click();
  await expectNotification(page, 'Phone action deleted.');
  await expect(plan.locator('.call-plan-step')).toHaveCount(3);
  await expect(plan.locator('.call-plan-step').first()).toContainText('Opening hours');
});

test("a ring group's member is picked by typing a name; the step and the plan say so in words", async ({ page }) => {
  await page.goto('/phones/actions/');
  await page.getByRole('row', { name: /Albuquerque Honda sales/ }).click();
  const plan = page.locator('.call-plan');
  await expect(plan.locator('.call-plan-step')).toHaveCount(0);
  await expect(plan.locator('.call-plan-summary')).toHaveText('Rings the bridge (505) 265-0200.');

  await plan.getByRole('button', { name: 'Add step' }).click();
  const add = page.getByRole('dialog', { name: /Add a step/ });
  await add.getByRole('textbox', { name: 'Label' }).fill('Sales desk');
  // The choices come from the server as the name is typed (users/list-options).
  const found = page.waitForRequest(
    (r) => r.url().endsWith('/api/actions/users/list-options') && r.postDataJSON()?.search === 'garc',
  );
  await add.getByRole('combobox', { name: 'Users to ring' }).pressSequentially('garc');
  await found;
  await page.getByRole('option', { name: 'Maria Garcia · Albuquerque Toyota' }).click();
  // The choices stay open for another pick; moving on to the next field closes them.
  await add.getByRole('combobox', { name: 'Users to ring' }).press('Tab');
  await add.getByRole('button', { name: 'Add step' }).click();
  await expectNotification(page, 'Phone action added.');
  await expect(plan.locator('.call-plan-step')).toHaveCount(1);
  await expect(plan.locator('.call-plan-step')).toContainText('Rings Maria Garcia for 20 s');
  await expect(plan.locator('.call-plan-summary')).toHaveText(
    'Rings 1 user for 20 s, then rings the bridge (505) 265-0200.',
  );

  // Editing names the member chosen before, asked for by id.
  await plan.getByRole('button', { name: 'Actions for Sales desk' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit step' });
  await expect(edit.locator('.mantine-Pill-root')).toHaveText(['Maria Garcia · Albuquerque Toyota']);
  await edit.getByRole('button', { name: 'Cancel' }).click();

  await plan.getByRole('button', { name: 'Actions for Sales desk' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Delete' }).click();
  await expectNotification(page, 'Phone action deleted.');
  await expect(plan.locator('.call-plan-step')).toHaveCount(0);
});

test("make a call: the line to call from is picked by typing; the demo admin's phone takes the call", async ({
  page,
}) => {
  await page.goto('/phones/calls/');
  await page.getByRole('button', { name: 'Make a call' }).click();
  const dialog = page.getByRole('dialog', { name: 'Make a call' });
  await dialog.getByRole('textbox', { name: 'Number to call' }).fill('(505) 555-0643');
  const found = page.waitForRequest(
    (r) => r.url().endsWith('/api/actions/phones/list-options') && r.postDataJSON()?.search === 'Santa Fe Subaru s',
  );
  await dialog.getByRole('combobox', { name: 'Call from' }).pressSequentially('Santa Fe Subaru s');
  await found;
  await expect(page.getByRole('listbox', { name: 'Call from' }).getByRole('option')).toHaveText([
    'Santa Fe Subaru sales · (505) 471-0310',
    'Santa Fe Subaru service · (505) 471-0350',
  ]);
  await page.getByRole('option', { name: 'Santa Fe Subaru sales · (505) 471-0310' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Call from' })).toHaveValue(
    'Santa Fe Subaru sales · (505) 471-0310',
  );
  const sent = page.waitForRequest('**/api/actions/phones/calls/make-call');
  await dialog.getByRole('button', { name: 'Call' }).click();
  await expectNotification(page, 'Calling (505) 555-0643 from (505) 471-0310.');
  const lines = await callApi<{ phones: { phoneId: number }[] }>(page.request, 'phones/list-options', {
    search: '(505) 471-0310',
  });
  expect((await sent).postDataJSON()).toMatchObject({ to: '(505) 555-0643', phoneId: String(lines.phones[0].phoneId) });

  const call = page.getByRole('row', { name: /\(505\) 555-0643/ });
  await expect(call).toContainText('Santa Fe Subaru sales');
  await expect(call).toContainText('Group Administrator');
  // Hang up, so the call does not stay live for the other tests.
  const calls = await callApi<{ rows: { callSid: string }[] }>(page.request, 'phones/calls/load-calls', {
    query: '5055550643',
  });
  await callApi(page.request, 'phones/calls/end-call', { callSid: calls.rows[0].callSid });
});

test("replace outbound number names the current outbound line and offers the location's other active lines", async ({
  page,
}) => {
  await page.goto('/phones/?query=Albuquerque%20Toyota');
  await page.getByRole('button', { name: 'Actions for Albuquerque Toyota sales' }).click();
  await page.getByRole('menuitem', { name: 'Replace outbound number' }).click();
  const dialog = page.getByRole('dialog', { name: 'Replace outbound number' });
  await expect(dialog).toContainText(
    'Outbound calls of Albuquerque Toyota show Albuquerque Toyota main line · (505) 265-0100.',
  );
  // The line the menu was opened on is chosen, and named.
  const picker = dialog.getByRole('combobox', { name: 'New outbound line' });
  await expect(picker).toHaveValue('Albuquerque Toyota sales · (505) 265-0110');
  await picker.clear();
  await picker.pressSequentially('serv');
  await expect(page.getByRole('listbox', { name: 'New outbound line' }).getByRole('option')).toHaveText([
    'Albuquerque Toyota service · (505) 265-0150',
  ]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('the calls list narrows to a line picked by typing part of its name; the address keeps it', async ({ page }) => {
  const { phones } = await callApi<{
    phones: { phoneId: number; description: string; phoneNumberFormatted: string }[];
  }>(page.request, 'phones/list-options', { search: 'honda sales' });
  const line = phones[0];
  const { callCount } = await callApi<{ callCount: number }>(page.request, 'phones/calls/load-calls', {
    phoneId: line.phoneId,
  });
  expect(callCount).toBeGreaterThan(0);

  await page.goto('/phones/calls/');
  const found = page.waitForRequest(
    (r) => r.url().endsWith('/api/actions/phones/list-options') && r.postDataJSON()?.search === 'honda sales',
  );
  await page.getByRole('combobox', { name: 'Line' }).pressSequentially('honda sales');
  await found;
  await page.getByRole('option', { name: `${line.description} · ${line.phoneNumberFormatted}` }).click();
  await expect(page).toHaveURL(new RegExp(`phoneId=${line.phoneId}`));
  await expect(page.locator('.list-count')).toHaveText(
    `${formatNumber(callCount)} ${callCount === 1 ? 'call' : 'calls'}`,
  );
  const lines = page.getByRole('table').locator('tbody tr td:nth-child(8)');
  await expect(lines.first()).toHaveText(line.description);
  expect(new Set(await lines.allTextContents())).toEqual(new Set([line.description]));
});

test('a plan that ends at its voicemail says so, and draws nothing after it', async ({ page, request }) => {
  const { locations } = await callApi<{ locations: { id: number; code: string }[] }>(request, 'locations/list-options');
  const suffix = String(Date.now()).slice(-4);
  const { phoneId } = await callApi<{ phoneId: number }>(request, 'phones/add-phone', {
    description: `Voicemail line ${suffix}`,
    phoneNumber: `(505) 266-${suffix}`,
    locationId: locations.find((l) => l.code === 'ABG')!.id,
    bridge: '(505) 265-0100',
    phoneType: 'sales',
    active: 1,
  });
  await callApi(request, 'phones/actions/add-action', {
    phoneId,
    kind: 'voicemail',
    label: 'After hours',
    greeting: 'Leave a message.',
  });
  await page.goto(`/phones/actions/?phoneId=${phoneId}`);
  const plan = page.locator('.call-plan');
  await expect(plan.locator('.plan-ends-note')).toHaveText(
    'The voicemail ends the call, so nothing can follow it: new steps go just before it.',
  );
  await expect(plan.getByRole('button', { name: 'Move After hours up' })).toBeDisabled();
  await expect(plan).toContainText('The voicemail ends the call; the bridge is not rung.');
  await expect(plan.locator('.call-plan-summary')).toHaveText('Voicemail.');
});

test('a call log asked for dates the wrong way round says so, naming the fields', async ({ page }) => {
  await page.goto('/phones/calls?minCreatedAt=2026-11-03&maxCreatedAt=2026-11-01');
  await expect(page.getByRole('alert')).toContainText('To must be on or after From.');
  await expect(page.getByRole('heading', { name: /^0 calls$|^Loading calls/ })).toHaveCount(0);
  await expect(page.getByText('No calls match these filters.', { exact: false })).toHaveCount(0);
});
