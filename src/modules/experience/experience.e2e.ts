import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { callApi, expect, expectNotification, pick, test } from '../../../tests/e2e/fixtures';

/** The accessibility walk sees the screen as it opens; the results it shows are checked here. */
async function expectNoSeriousFaults(page: Page) {
  const { violations } = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  expect(violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => v.id)).toEqual([]);
}

type Contact = { firstName: string; lastName: string; mobilePhone: string | null; email: string; sourceLabel: string };
const contactsOf = async (request: Parameters<typeof callApi>[0], filters: Record<string, unknown>) =>
  (await callApi<{ rows: Contact[] }>(request, 'messenger/load-mailing-list', { ...filters, view: 'rows', limit: 500 }))
    .rows;
const storeId = async (request: Parameters<typeof callApi>[0]) =>
  (await callApi<{ locations: { id: number; code: string }[] }>(request, 'locations/list-options')).locations.find(
    (l) => l.code === 'ABG',
  )!.id;
/** A fictional number of the 505 area no demo contact has (555-03xx to 555-09xx). */
const freshNumber = () => `505555${String(300 + Math.floor(Math.random() * 700)).padStart(4, '0')}`;

// Times show in the browser's zone: here the store's (Albuquerque), as at the store.
test.use({ timezoneId: 'America/Denver' });

test("clean a sold list: a store's buyers come off a pasted list, shown by name, and the rest is downloaded", async ({
  page,
}) => {
  const abg = await storeId(page.request);
  // Two buyers: one matched by phone, one by email (a purchase's buyer may have given no email).
  const sold = (await contactsOf(page.request, { locationId: abg, sold: '1' })).filter((c) => c.mobilePhone);
  const a = sold[0];
  const b = sold.find((c) => c !== a && c.email)!;
  expect(b).toBeDefined();
  const keep = `+1${freshNumber()}`;
  const pasted = [
    `(${a.mobilePhone!.slice(2, 5)}) ${a.mobilePhone!.slice(5, 8)}-${a.mobilePhone!.slice(8)}`,
    keep,
    b.email.toUpperCase(),
    keep,
    'not-a-number',
  ].join('\n');

  await page.goto('/experience/clean-sold-list');
  await expect(page.locator('.clean-sold-list')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Clean a sold list' })).toHaveAttribute('aria-selected', 'true');
  await pick(page, 'Location', /\(ABG\)/);
  await page.getByRole('textbox', { name: 'List', exact: true }).fill(pasted);
  await page.getByRole('button', { name: 'Clean the list' }).click();

  await expect(page.getByRole('heading', { name: '2 sold customers removed' })).toBeVisible();
  const removed = page.getByRole('table', { name: 'Sold customers removed' });
  await expect(removed.locator('tbody tr')).toHaveCount(2);
  await expect(removed.locator('tbody tr').first()).toContainText(`${a.firstName} ${a.lastName}`);
  await expect(removed.locator('tbody tr').nth(1)).toContainText(b.email);
  await expect(page.getByText('1 entry left on the list (1 duplicate removed)')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Clean list' })).toHaveValue(keep);
  await expect(page.getByRole('table', { name: 'Entries left out' })).toContainText('not-a-number');
  await expectNoSeriousFaults(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('clean-list.csv');
  const { readFile } = await import('node:fs/promises');
  expect(await readFile((await download.path())!, 'utf8')).toBe(`Phone or email\n${keep}\n`);

  // An empty list names its field.
  await page.getByRole('textbox', { name: 'List', exact: true }).fill('');
  await page.getByRole('button', { name: 'Clean the list' }).click();
  await expect(page.getByText('List is required: paste it or choose a CSV file.').first()).toBeVisible();
});

test("import chat leads: a CSV file previewed with its columns and a bad row, then imported as the store's contacts", async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const one = freshNumber();
  const two = `${one.slice(0, -1)}${(Number(one.at(-1)) + 1) % 10}`;
  const csv = [
    'Lead ID,Date,Visitor Name,Phone,Email,Chat Transcript',
    `1,3/14/2026 3:22 PM,Rita Vigil${stamp},${one},rita.${stamp}@example.com,Is the blue RAV4 still there?`,
    `2,2026-03-15 09:05,Sam Ortiz${stamp},${two},,Trade-in value for my Civic?`,
    `3,2026-03-15 10:00,Al Bad${stamp},555-12,,Hello`,
  ].join('\n');

  await page.goto('/experience/clean-sold-list');
  await page.getByRole('tab', { name: 'Import chat leads' }).click();
  await expect(page).toHaveURL(/tab=import/);
  await expect(page.getByRole('combobox', { name: 'Location' })).toHaveValue(/\(ABG\)/);
  await page
    .locator('.clean-sold-list input[type="file"]')
    .setInputFiles({ name: 'chats.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByRole('textbox', { name: 'Leads' })).toBeDisabled();
  await page.getByRole('button', { name: 'Preview' }).click();

  await expect(page.getByRole('heading', { name: 'Preview: 2 leads of 3 rows can be imported' })).toBeVisible();
  const columns = page.getByLabel('Columns read');
  await expect(columns).toContainText('Visitor Name → Name');
  await expect(columns).toContainText('Chat Transcript → Message');
  await expect(columns).toContainText('Lead ID → not read');
  const leads = page.getByRole('table', { name: 'Leads to import' });
  await expect(leads.locator('tbody tr')).toHaveCount(2);
  await expect(leads.locator('tbody tr').first()).toContainText(`Rita Vigil${stamp}`);
  await expect(leads.locator('tbody tr').first()).toContainText('2026-03-14 15:22');
  await expect(leads.locator('tbody tr').first()).toContainText('New');
  await expect(page.getByRole('table', { name: 'Rows skipped' })).toContainText(
    'Phone "555-12" is not a phone number.',
  );
  await expectNoSeriousFaults(page);

  await page.getByRole('button', { name: 'Import 2 leads' }).click();
  await expectNotification(page, '2 chat leads imported.');
  await expect(page.getByText('2 new contacts, 0 existing contacts; 1 row skipped.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Leads imported' }).locator('tbody tr')).toHaveCount(2);

  const stored = await contactsOf(page.request, { locationId: await storeId(page.request), query: stamp });
  expect(stored.map((c) => `${c.firstName} ${c.lastName} ${c.mobilePhone} ${c.sourceLabel}`).sort()).toEqual([
    `Rita Vigil${stamp} +1${one} Website chat`,
    `Sam Ortiz${stamp} +1${two} Website chat`,
  ]);
});
