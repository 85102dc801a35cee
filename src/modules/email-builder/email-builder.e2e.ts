import { callApi, expect, expectNotification, test } from '../../../tests/e2e/fixtures';

type Template = { name: string; pieces: { type: string; name?: string; vehicles: { model: string }[] }[] };
const templateOf = async (request: Parameters<typeof callApi>[0], templateId: string) =>
  (await callApi<{ template: Template }>(request, 'marketing/email-builder/load-template', { templateId })).template;

test('builds a template from the plan: imports, reorders pieces by keyboard, previews at phone width and sends a test', async ({
  page,
}) => {
  await page.goto('/marketing/email-builder/builder');
  await expect(page.getByText('The preview appears once the template is first saved')).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill('E2E plan email');
  // The first save puts the id in the address and enables the preview actions.
  await expect(page).toHaveURL(/templateId=\d+/);
  const templateId = new URL(page.url()).searchParams.get('templateId')!;
  await expect(page.getByRole('button', { name: 'Send test' })).toBeEnabled();

  await page.getByRole('button', { name: 'Add piece' }).click();
  await page.getByRole('menuitem', { name: 'Text', exact: true }).click();
  await page.getByRole('button', { name: 'Add piece' }).click();
  await page.getByRole('menuitem', { name: 'Vehicles' }).click();
  await page.getByRole('button', { name: 'Edit Vehicles' }).click();
  await page.getByRole('button', { name: 'Import vehicles from plan' }).click();
  const dialog = page.getByRole('dialog', { name: /Import vehicles from .* plan/ });
  await expect(dialog.getByRole('checkbox')).toHaveCount(4);
  await dialog.getByRole('button', { name: 'Import 4' }).click();
  await expect(page.locator('.email-vehicle')).toHaveCount(4);
  await expect(page.locator('.email-vehicle').first()).toContainText('2026 Toyota RAV4 XLE');
  await expect(page.getByText('All changes saved')).toBeVisible();

  // Keyboard drag: Space picks the vehicles piece up, the arrow moves it above the text, Space drops it.
  await page.getByRole('button', { name: 'Close Vehicles' }).click();
  const handle = page.getByRole('button', { name: 'Move piece Vehicles' });
  await handle.focus();
  // dnd-kit measures the list between steps: each key waits for the one before to take effect.
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowUp');
  await page.waitForTimeout(300);
  await page.keyboard.press('Space');
  await expect(page.locator('.email-piece .piece-title').first()).toHaveText('Vehicles');
  await expect(page.getByText('All changes saved')).toBeVisible();
  await expect
    .poll(async () => (await templateOf(page.request, templateId)).pieces.map((p) => p.type))
    .toEqual(['vehicles', 'text']);
  expect((await templateOf(page.request, templateId)).pieces[0].vehicles.map((v) => v.model)).toContain('RAV4 XLE');

  // The preview shows the compiled email, at phone width on request.
  const preview = page.frameLocator('iframe[title="Email preview"]');
  await expect(preview.getByText('2026 Toyota RAV4 XLE').first()).toBeVisible();
  await page.locator('.template-preview label').filter({ hasText: 'Phone' }).click();
  await expect(page.locator('iframe.email-preview')).toHaveCSS('width', '375px');
  await expect(preview.getByRole('img', { name: '2026 Toyota RAV4 XLE' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Preview link' })).toHaveValue(
    new RegExp(`/marketing/email-builder/emails/render\\?templateId=${templateId}$`),
  );
  await page.getByRole('button', { name: 'Compile' }).click();
  await expect(page.locator('.email-size')).toHaveText(/\d+\.\d KB/);

  // The test form marks what is empty and sends nothing; filled, it sends through the mail provider.
  await page.getByRole('button', { name: 'Send test' }).click();
  const send = page.getByRole('dialog', { name: 'Send a test email' });
  await send.getByRole('textbox', { name: 'Subject' }).fill('');
  await send.getByRole('button', { name: 'Send test' }).click();
  await expect(send.getByText('Fill this in.')).toHaveCount(2);
  await send.getByRole('textbox', { name: 'To' }).fill('e2e.builder@example.test');
  await send.getByRole('textbox', { name: 'Subject' }).fill('E2E plan email');
  await send.getByRole('button', { name: 'Send test' }).click();
  await expectNotification(page, 'Test email sent to e2e.builder@example.test!');
  await page.goto('/outbox?channel=email&query=e2e.builder');
  await expect(page.getByRole('row', { name: /\[Test\] E2E plan email/ })).toBeVisible();
});

test('lists templates with a count, shortens the search shown, and deletes chosen ones after asking', async ({
  page,
}) => {
  const made = await Promise.all(
    ['E2E delete me one', 'E2E delete me two'].map((name) =>
      callApi<{ templateId: number }>(page.request, 'marketing/email-builder/save-template', {
        name,
        locationId: 1,
        themeType: 'light',
        inventoryUrlType: 'location',
        serviceUrlType: 'location',
        pieces: [],
      }),
    ),
  );
  await page.goto('/marketing/email-builder/?query=E2E%20delete%20me%20with%20a%20long%20search');
  await expect(page.locator('.search-shown')).toHaveText('Templates named like “E2E delete me with a long…”');
  await page.goto('/marketing/email-builder/?query=E2E%20delete%20me');
  await expect(page.getByRole('heading', { name: '2 templates' })).toBeVisible();
  for (const name of ['E2E delete me one', 'E2E delete me two'])
    await page
      .getByRole('row', { name: new RegExp(name) })
      .getByRole('checkbox')
      .check();
  await page.getByRole('button', { name: /Delete templates/ }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Confirm|Delete/ })
    .click();
  await expect(page.getByRole('row', { name: /E2E delete me/ })).toHaveCount(0);
  expect(made).toHaveLength(2);
});

test('the compiler compiles each chosen email, then says all are done', async ({ page }) => {
  const { rows } = await callApi<{ rows: { templateId: number }[] }>(
    page.request,
    'marketing/email-builder/load-templates',
    { limit: 2 },
  );
  await page.goto(`/marketing/email-builder/compiler?templateId=${rows.map((r) => r.templateId).join(',')},99999999`);
  await expect(page.locator('.compiled-email.done')).toHaveCount(2);
  await expect(page.locator('.compiled-email.failed')).toContainText('That email template does not exist.');
  await expect(page.locator('.compile-done')).toHaveText('All emails compiled: 2 of 3 succeeded.');
});

test('a template opened again from the list shows what its autosaves stored, not what it first opened with', async ({
  page,
}) => {
  const name = `E2E reopened ${Date.now()}`;
  await page.goto('/marketing/email-builder/builder');
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await expect(page).toHaveURL(/templateId=\d+/);
  await expect(page.getByText('All changes saved')).toBeVisible();
  const reopen = async (shown: string) => {
    await page.getByRole('link', { name: 'All templates' }).click();
    await page.getByRole('row', { name: new RegExp(shown) }).click();
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(shown);
  };
  await reopen(name);
  await page.getByRole('textbox', { name: 'Name' }).fill(`${name} renamed`);
  await expect(page.getByText('All changes saved')).toBeVisible();
  await reopen(`${name} renamed`);
});
