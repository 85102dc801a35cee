import { callApi, expect, test } from '../../../tests/e2e/fixtures';
import { formatPhone } from '../../shared/format';

test("a call opens on its own page from the call log, titled by the customer's number; Call back offers that number", async ({
  page,
  request,
}) => {
  const [call] = (
    await callApi<{ rows: { callSid: string; from: string; phoneDescription: string | null; duration: string }[] }>(
      request,
      'phones/calls/load-calls',
      { direction: 'inbound', status: 'completed', view: 'rows', limit: 1 },
    )
  ).rows;
  await page.goto('/phones/calls/?direction=inbound&status=completed');
  await page.locator('.call-manager .row-open').first().click();
  await expect(page).toHaveURL(new RegExp(`/phones/calls/call\\?sid=${call.callSid}$`));
  await expect(page).toHaveTitle(`Call · ${formatPhone(call.from)} · Forecourt`);
  const view = page.locator('.call-page');
  await expect(view.getByRole('heading', { level: 1, name: formatPhone(call.from) })).toBeVisible();
  for (const text of ['Completed', 'Inbound', call.duration, call.callSid, call.phoneDescription ?? ''])
    await expect(view).toContainText(text);

  await view.getByRole('button', { name: 'Call back' }).click();
  const dialog = page.getByRole('dialog', { name: 'Make a call' });
  await expect(dialog.getByRole('textbox', { name: 'Number to call' })).toHaveValue(call.from);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Back returns to the log as it was filtered.
  await page.goBack();
  await expect(page).toHaveURL(/\/phones\/calls\/\?direction=inbound&status=completed$/);
  await expect(page.locator('.call-manager')).toBeVisible();

  await page.goto('/phones/calls/call?sid=CA00000000000000000000000000000000');
  await expect(page.getByRole('alert')).toContainText('This address names no call within your stores.');
});
