import { callApi, expect, expectNotification, pick, test } from '../../../tests/e2e/fixtures';

/** Marketing texts go out from 8:00 to 21:00 in the recipient's time zone (505: America/Denver). */
const denverHour = () =>
  Number(
    new Intl.DateTimeFormat('en-US', { timeZone: 'America/Denver', hour: 'numeric', hourCycle: 'h23' }).format(
      new Date(),
    ),
  );

test('a conversation: opened from the list, a new text arrives without a reload, a reply goes out and is in the outbox', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  await page.goto('/messenger/');
  await expect(page.locator('.messenger')).toBeVisible();
  await expect(page.getByText('Choose a conversation to read it and reply.')).toBeVisible();

  // Awaiting a reply, at ABG: both in the address.
  await page.getByRole('radiogroup', { name: 'Show' }).getByText('Awaiting reply').click();
  await expect(page).toHaveURL(/direction=inbound/);
  await pick(page, 'Location', /\(ABG\)/);
  await expect(page).toHaveURL(/locationId=\d+/);
  const rows = page.locator('.messenger .conversation-row');
  await expect(rows.first()).toContainText('Albuquerque Toyota');

  // Opening one puts its number (10 digits, no +1) and its store in the address.
  await rows.first().click();
  await expect(page).toHaveURL(/[?&]p=\d{10}(&|$)/);
  await expect(page).toHaveURL(/[?&]l=\d+(&|$)/);
  const url = new URL(page.url());
  const p = url.searchParams.get('p')!;
  const l = Number(url.searchParams.get('l'));
  const texts = page.getByRole('log');
  await expect(texts.locator('li.message').first()).toBeVisible();
  const openRow = page.locator('.messenger .conversation-row[aria-current="true"]');
  await expect(openRow).toContainText('Albuquerque Toyota');
  // Opened, it is read: the list says so on its next answer.
  await expect(openRow.getByText('unread')).toHaveCount(0);

  // The customer texts the store's line: the open conversation shows it within a few seconds, with no reload.
  const { rows: lines } = await callApi<{ rows: { phoneNumber: string; phoneType: string }[] }>(
    page.request,
    'phones/load-phones',
    { locationId: l, view: 'rows' },
  );
  const line = lines.find((x) => x.phoneType === 'main') ?? lines[0];
  const inbound = `Are you open late tonight? (${stamp})`;
  await callApi(page.request, 'outbox/simulate-inbound-text', { from: `+1${p}`, to: line.phoneNumber, body: inbound });
  await expect(texts.locator('li.message.inbound').last()).toContainText(inbound, { timeout: 8000 });

  // An empty reply is not sent; a shortcut fills it; the count follows what is typed.
  const reply = page.getByRole('textbox', { name: 'Reply' });
  const send = page.getByRole('button', { name: 'Send', exact: true });
  await send.click();
  await expect(page.getByText('Reply is required.')).toBeVisible();
  await expect(reply).toBeFocused();
  await page.getByRole('button', { name: 'Shortcuts' }).click();
  await page.getByRole('menuitem', { name: /^thanks/ }).click();
  await expect(reply).toHaveValue(/^Thank you for choosing .+!$/);
  await expect(reply).toBeFocused();
  const answer = `Yes, until 8 tonight. See you soon! (${stamp})`;
  await reply.fill(answer);
  await expect(page.locator('.reply-count')).toHaveText(`${answer.length} characters · 1 segment`);
  await send.click();
  await expectNotification(page, 'Text sent!');
  await expect(reply).toHaveValue('');
  await expect(texts.locator('li.message.outbound').last()).toContainText(answer);
  await expect(texts.locator('li.message.outbound').last()).toContainText('Group Administrator');
  // Answered, it leaves the list of those awaiting a reply; it heads the answered ones.
  await expect(openRow).toHaveCount(0);
  await page.getByRole('radiogroup', { name: 'Show' }).getByText('Answered').click();
  await expect(openRow).toContainText(`You: ${answer}`);

  // Autopilot: the switch shows what the server answers.
  const autopilot = page.getByRole('switch', { name: 'Autopilot' });
  await expect(autopilot).not.toBeChecked();
  await autopilot.click({ force: true });
  await expect(autopilot).toBeChecked();
  await autopilot.click({ force: true });
  await expect(autopilot).not.toBeChecked();

  // Close leaves the conversation, and the address with it.
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page).not.toHaveURL(/[?&]p=/);
  await expect(page.getByText('Choose a conversation to read it and reply.')).toBeVisible();

  // The reply went out through the local driver: it is in the outbox.
  await page.goto(`/outbox?channel=sms&query=${encodeURIComponent(stamp)}`);
  const sent = page.getByRole('row', { name: new RegExp(`See you soon! \\(${stamp}\\)`) });
  await expect(sent).toContainText(`(${p.slice(0, 3)}) ${p.slice(3, 6)}-${p.slice(6)}`);
});

test('a mass text: its cost as it is written, a confirmation naming the recipients, then its progress to the end', async ({
  page,
}) => {
  await page.goto('/messenger/');
  await page.getByRole('button', { name: 'Mass text' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mass text' });
  await expect(dialog.getByRole('combobox', { name: 'Location' })).toHaveValue('Albuquerque Toyota (ABG)');
  await dialog
    .getByRole('textbox', { name: 'Message' })
    .fill('Spring service special: 20% off brakes this week at Albuquerque Toyota.');
  await dialog.getByRole('textbox', { name: 'Numbers' }).fill('(505) 555-0181\n505-555-0182, +1 505 555 0183');
  await expect(dialog.locator('.mass-text-count')).toContainText('71 characters · 1 segment');
  await expect(dialog.locator('.mass-text-count')).toContainText('Cost: 1 segment × 3 recipients = 3 segments');

  // Outside 8:00–21:00 in Albuquerque the send would wait for the morning: skip them then, so it ends now.
  const open = denverHour() >= 8 && denverHour() < 21;
  if (!open) await dialog.getByRole('radio', { name: 'Skip them' }).check();
  const send = dialog.getByRole('button', { name: 'Send', exact: true });
  await expect(send).toBeDisabled();
  await dialog.getByRole('checkbox', { name: 'I confirm this marketing text may be sent to these numbers' }).check();
  await expect(send).toBeEnabled();
  await send.click();
  // The question names the people it goes to, as the server counts them (none of these opted out).
  const question = page.getByRole('dialog', { name: 'Send this text to 3 people?' });
  await expect(question).toContainText('This marketing text goes out from Albuquerque Toyota: 3 segments in all.');
  await question.getByRole('button', { name: 'Send to 3 people' }).click();

  // The modal follows the send to its end.
  await expect(dialog.locator('.send-state')).toHaveText('Done', { timeout: 20_000 });
  const bar = dialog.getByRole('progressbar');
  await expect(bar).toHaveAccessibleName(/^Sent [0-3] of 3$/);
  const count = async (label: string) =>
    Number(
      await dialog
        .locator('.stat-card')
        .filter({ hasText: new RegExp(`^${label}`) })
        .locator('p')
        .last()
        .textContent(),
    );
  const [sent, waiting, refused] = [await count('Sent'), await count('Waiting'), await count('Refused')];
  expect(sent + waiting + refused).toBe(3);
  if (open) {
    expect(sent).toBe(3);
    await expect(bar).toHaveAccessibleName('Sent 3 of 3');
  } else {
    expect(refused).toBe(3);
    await expect(dialog.locator('.send-reasons')).toContainText('may only go out from');
  }
  await expect(dialog.getByRole('button', { name: 'Cancel send' })).toHaveCount(0);

  // The send is in the list of bulk sends, and opens on its progress.
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await page.goto('/messenger/sends');
  const row = page.getByRole('row', { name: /Spring service special/ }).first();
  await expect(row).toContainText('Albuquerque Toyota');
  await expect(row).toContainText('Done');
  await row.locator('.row-open').click();
  await expect(
    page.getByRole('dialog', { name: 'Mass text from Albuquerque Toyota' }).getByRole('progressbar'),
  ).toHaveAccessibleName(`Sent ${sent} of 3`);
});

test('a pasted list comes back clean to copy, and numbers go on the opt-out list', async ({ page }) => {
  // 10 to 89: the demo's +15755550199 replied STOP already.
  const stamp = String((Date.now() % 80) + 10);
  await page.goto('/messenger/clean-list');
  await page
    .getByRole('textbox', { name: 'Numbers' })
    .first()
    .fill(`(505) 555-01${stamp}\n505-555-01${stamp}, 1-800-555-0123\nhello`);
  await page.getByRole('button', { name: 'Clean the list' }).click();
  await expect(page.getByRole('heading', { name: '1 number a text reaches (1 duplicate removed)' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Clean list' })).toHaveValue(`+150555501${stamp}`);
  const left = page.getByRole('table', { name: 'Numbers left out' });
  await expect(left).toContainText('a toll-free number');
  await expect(left).toContainText('not a phone number');

  await page.goto('/messenger/opt-outs');
  const add = page.getByRole('button', { name: 'Add to the opt-out list' });
  await page.getByRole('textbox', { name: 'Numbers' }).fill(`575-555-01${stamp}`);
  await add.click();
  await expect(page.getByText('Confirm must be ticked to add the numbers.').first()).toBeVisible();
  await page.getByRole('checkbox', { name: 'These customers asked not to be texted or called' }).check();
  await add.click();
  await expectNotification(page, 'Numbers added to the opt-out list.');
  await expect(page.getByText(/^(1 number added|0 numbers added; 1 was on the list already)$/)).toBeVisible();

  // The cleaning now leaves it out, saying why.
  await page.goto('/messenger/clean-list');
  await page.getByRole('textbox', { name: 'Numbers' }).first().fill(`575-555-01${stamp}`);
  await page.getByRole('button', { name: 'Clean the list' }).click();
  await expect(page.getByRole('table', { name: 'Numbers left out' })).toContainText(
    /opted out \(STAFF on \d{4}-\d{2}-\d{2}\)/,
  );
});

test('a mass call and a list email from the bulk sends, each confirmed, followed to the end', async ({ page }) => {
  await page.goto('/messenger/sends');
  await page.getByRole('button', { name: 'Mass call' }).click();
  const call = page.getByRole('dialog', { name: 'Mass call' });
  await call
    .getByRole('textbox', { name: 'Message' })
    .fill('Albuquerque Toyota here: your vehicle is due for service. Call us to book.');
  await expect(call.locator('.mass-text-count')).toHaveText('About 6 seconds to say.');
  await call.getByRole('textbox', { name: 'Numbers' }).fill('(505) 555-0191\n505-555-0192');
  const open = denverHour() >= 8 && denverHour() < 21;
  if (!open) await call.getByRole('radio', { name: 'Skip them' }).check();
  await call.getByRole('checkbox', { name: 'I confirm this marketing call may be sent to these numbers' }).check();
  await call.getByRole('button', { name: 'Call', exact: true }).click();
  const question = page.getByRole('dialog', { name: 'Place the mass call?' });
  await expect(question).toContainText(
    'This marketing message is called to 2 recipients from Albuquerque Toyota; each call lasts about 6 seconds.',
  );
  await question.getByRole('button', { name: 'Call 2 numbers' }).click();
  await expect(call.locator('.send-state')).toHaveText('Done', { timeout: 20_000 });
  await expect(call.getByRole('progressbar')).toHaveAccessibleName(open ? 'Placed 2 of 2' : 'Placed 0 of 2');
  await call.getByRole('button', { name: 'Close', exact: true }).last().click();

  await page.getByRole('button', { name: 'List email' }).click();
  const email = page.getByRole('dialog', { name: 'List email' });
  await email.getByRole('combobox', { name: 'Location' }).click();
  await page.getByRole('option', { name: /Santa Fe Subaru/ }).click();
  await email.getByRole('textbox', { name: 'Subject' }).fill('Santa Fe Subaru spring event');
  await email
    .getByRole('textbox', { name: 'Message' })
    .fill('<h1>Spring event</h1><p>Test drives and coffee all Saturday.</p>');
  await email.getByRole('tab', { name: 'Preview' }).click();
  await expect(
    email.frameLocator('iframe[title="Preview of the email"]').getByRole('heading', { name: 'Spring event' }),
  ).toBeVisible();
  await email.getByRole('button', { name: 'Send', exact: true }).click();
  const ask = page.getByRole('dialog', { name: 'Send the list email?' });
  await expect(ask).toContainText(
    '"Santa Fe Subaru spring event" goes to every contact of Santa Fe Subaru with an email address',
  );
  await ask.getByRole('button', { name: 'Send the email' }).click();
  await expect(email.locator('.send-state')).toHaveText('Done', { timeout: 20_000 });
  await expect(email.getByRole('progressbar')).toHaveAccessibleName(/^Sent ([1-9]\d*) of \1$/);

  // Each email is in the outbox with its unsubscribe link, which works without signing in.
  const { rows } = await callApi<{ rows: { subject: string; body: string }[] }>(page.request, 'outbox/load-messages', {
    channel: 'email',
    limit: 5,
  });
  const sent = rows.find((r) => r.subject === 'Santa Fe Subaru spring event')!;
  const link = /\/unsubscribe\?t=[\w.-]+/.exec(sent.body)![0];
  const customer = await page.context().browser()!.newPage();
  await customer.goto(link);
  await customer.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(customer.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  await customer.close();
});
