import { callApi, expect, pick, test } from '../../../tests/e2e/fixtures';

const statValue = (page: import('@playwright/test').Page, label: string) =>
  page
    .locator('.stat-card')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('p')
    .last();

test('a report for a store, carried to the next report in the address; Back restores each step', async ({ page }) => {
  await page.goto('/reports/service-appointments/sources');
  await expect(page).toHaveTitle('Appointment reports · Forecourt');
  const root = page.locator('.appointment-source-manager');
  await expect(root.getByRole('heading', { name: /^\d+ sources, \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d$/ })).toBeVisible();

  await pick(page, 'Location', 'Albuquerque Toyota (ABG)');
  await expect(page).toHaveURL(/[?&]locationId=\d+/);
  const locationId = new URL(page.url()).searchParams.get('locationId');
  // The figures are the server's for the same store and days.
  const expected = await callApi<{ appointmentCount: number; rows: { name: string; appointments: number }[] }>(
    page.request,
    'service/load-sources',
    { locationId },
  );
  await expect(statValue(page, 'Appointments')).toHaveText(expected.appointmentCount.toLocaleString('en-US'));
  await expect(
    root.getByRole('row', { name: new RegExp(`^${expected.rows[0].name} ${expected.rows[0].appointments} `) }),
  ).toBeVisible();
  await expect(root.getByRole('figure', { name: 'Appointment sources chart' })).toContainText('Week of');

  // The days-out report keeps the store; its rows become services.
  await page.getByRole('tab', { name: 'Days out' }).click();
  await expect(page).toHaveURL(new RegExp(`/reports/service-appointments/days-out\\?locationId=${locationId}$`));
  const daysOut = page.locator('.service-days-out-report');
  await expect(daysOut.getByRole('row').nth(1)).toContainText('Albuquerque Toyota');
  await expect(daysOut.getByRole('row')).toHaveCount(2);
  await pick(page, 'Rows', 'Services');
  await expect(page).toHaveURL(/groupBy=service/);
  await expect(daysOut.getByRole('columnheader', { name: 'Service' })).toBeVisible();
  await expect(daysOut.getByRole('row', { name: /^Oil and filter change \d+/ })).toBeVisible();

  await page.goBack();
  await expect(page).not.toHaveURL(/groupBy/);
  await expect(daysOut.getByRole('columnheader', { name: 'Location' })).toBeVisible();
  await page.goBack();
  await expect(root).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Location' })).toHaveValue('Albuquerque Toyota (ABG)');
  await page.goBack();
  await expect(page.getByRole('combobox', { name: 'Location' })).toHaveValue('');
});

test("the appointments of a status, and a scheduler session's booking found from its link", async ({ page }) => {
  await page.goto('/reports/service-appointments/');
  const root = page.locator('.appointment-data-manager');
  await expect(root.getByRole('heading', { name: /^(about )?[\d,]+ appointments$/ })).toBeVisible();
  await pick(page, 'Status', 'No-show');
  await expect(page).toHaveURL(/status=no-show/);
  const rows = root.locator('tbody tr');
  // The address changes before the narrowed page arrives: wait until every row shown is a no-show.
  await expect(rows.first()).toContainText('No-show');
  await expect.poll(async () => (await rows.allTextContents()).every((text) => text.includes('No-show'))).toBe(true);

  await page.getByRole('tab', { name: 'Scheduler sessions' }).click();
  const sessions = page.locator('.service-scheduler-sessions');
  await pick(page, 'Outcome', 'Booked');
  const link = sessions.getByRole('link', { name: /^No\. \d+$/ }).first();
  const number = (await link.textContent())!.replace('No. ', '');
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/reports/service-appointments/\\?query=%23${number}$`));
  await expect(root.getByRole('heading', { name: /^1 appointment$/ })).toBeVisible();
});

test('an appointment opens on its own page, titled by its customer; its way back returns to the list as it was', async ({
  page,
  request,
}) => {
  const [expected] = (
    await callApi<{
      rows: { appointmentId: number; customerName: string; vehicle: string; services: string[]; sourceName: string }[];
    }>(request, 'service/load-appointments', { status: 'no-show', view: 'rows', limit: 1 })
  ).rows;
  await page.goto('/reports/service-appointments/?status=no-show');
  const root = page.locator('.appointment-data-manager');
  await expect(root.locator('tbody tr').first()).toContainText('No-show');
  await root.locator('.row-open').first().focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/reports/service-appointments/appointment\\?id=${expected.appointmentId}$`));
  await expect(page).toHaveTitle(`Appointment · ${expected.customerName} · Forecourt`);
  const view = page.locator('.appointment-page');
  await expect(view.getByRole('heading', { level: 1, name: expected.customerName })).toBeVisible();
  await expect(view).toContainText(`Service appointment ${expected.appointmentId}`);
  for (const text of ['No-show', expected.vehicle, expected.services.join(', '), expected.sourceName])
    await expect(view).toContainText(text);

  await view.getByRole('link', { name: 'Service appointments' }).click();
  await expect(page).toHaveURL(/\/reports\/service-appointments\/\?status=no-show$/);
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('No-show');

  await page.goto('/reports/service-appointments/appointment?id=999999999');
  await expect(page.getByRole('alert')).toContainText('That appointment does not exist.');
});
