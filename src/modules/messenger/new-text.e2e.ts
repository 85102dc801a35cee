import { callApi, expect, expectNotification, test } from '../../../tests/e2e/fixtures';

test('a new text to a number pasted in any format: the number becomes a contact and its conversation opens', async ({
  page,
}) => {
  // A number of its own each run: the last four digits from the clock.
  const last4 = String(Date.now() % 10_000).padStart(4, '0');
  await page.goto('/messenger/');
  await page.getByRole('button', { name: 'New text' }).click();
  const dialog = page.getByRole('dialog', { name: 'New text' });
  await expect(dialog.getByRole('combobox', { name: 'Location' })).toHaveValue('Albuquerque Toyota (ABG)');
  const send = dialog.getByRole('button', { name: 'Send', exact: true });

  // Nothing typed: each field says so, as labelled.
  await send.click();
  await expect(dialog.getByRole('alert')).toContainText('Mobile phone is required.');
  await expect(dialog.getByRole('textbox', { name: 'Mobile phone' })).toBeFocused();
  // Pasted from a web page: a non-breaking space and a non-breaking hyphen.
  await dialog.getByRole('textbox', { name: 'Mobile phone' }).fill(`+1 505\u00a0555\u2011${last4}`);
  await dialog.getByRole('textbox', { name: 'First name' }).fill('Marisol');
  await dialog.getByRole('textbox', { name: 'Last name' }).fill('Quintana');
  const message = `Hi Marisol, your Camry is ready for pickup. (${last4})`;
  await dialog.getByRole('textbox', { name: 'Message' }).fill(message);
  await expect(dialog).toContainText(`${message.length} characters · 1 segment`);
  await send.click();
  await expectNotification(page, 'Text sent! Marisol Quintana is now a contact.');
  await expect(dialog).toBeHidden();

  // The conversation opens under the contact's name, with the text sent.
  await expect(page).toHaveURL(new RegExp(`[?&]p=505555${last4}(&|$)`));
  const conversation = page.locator('.conversation');
  await expect(conversation.getByRole('heading', { name: 'Marisol Quintana' })).toBeVisible();
  await expect(conversation.getByRole('log').locator('li.message.outbound').last()).toContainText(message);

  // The same number again goes to the same contact: no second one is made.
  await page.getByRole('button', { name: 'New text' }).click();
  await dialog.getByRole('textbox', { name: 'Mobile phone' }).fill(`(505) 555-${last4}`);
  await dialog.getByRole('textbox', { name: 'Message' }).fill(`We close at 7 tonight. (${last4})`);
  await send.click();
  await expectNotification(page, 'Text sent!');
  const { rows } = await callApi<{ rows: { firstName: string; mobilePhone: string }[] }>(
    page.request,
    'messenger/load-mailing-list',
    { query: 'Quintana', view: 'rows' },
  );
  expect(rows.filter((r) => r.mobilePhone === `+1505555${last4}`)).toHaveLength(1);
});

test("a mass text to a store's contacts names, before sending, how many people get it", async ({ page }) => {
  await page.goto('/messenger/');
  await page.getByRole('button', { name: 'Mass text' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mass text' });
  await dialog.getByText("The store's contacts").click();
  await dialog.getByRole('combobox', { name: 'Location' }).click();
  await page.getByRole('option', { name: /\(ABH\)/ }).click();
  await dialog.getByRole('textbox', { name: 'Message' }).fill('Our service lane is open Saturdays now.');
  await dialog.getByRole('checkbox', { name: /^I confirm this marketing text/ }).check();
  // What the server counts: the store's contacts a text reaches (a mobile number, not opted out).
  const store = await callApi<{ locations: { id: number; code: string }[] }>(
    page.request,
    'locations/list-options',
    {},
  );
  const abh = store.locations.find((l) => l.code === 'ABH')!;
  const { contactCount } = await callApi<{ contactCount: number }>(page.request, 'messenger/load-mailing-list', {
    locationId: abh.id,
    reach: 'text',
    limit: 1,
  });
  const people = `${contactCount.toLocaleString('en-US')} ${contactCount === 1 ? 'person' : 'people'}`;
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  const question = page.getByRole('dialog', { name: `Send this text to ${people}?` });
  await expect(question).toContainText('with a mobile number who have not opted out');
  // Cancelled, nothing is sent and the form stays as it was.
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  await expect(dialog.getByRole('textbox', { name: 'Message' })).toHaveValue('Our service lane is open Saturdays now.');
});
