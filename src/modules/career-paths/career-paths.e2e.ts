import { callApi, expect, signInStaff, test } from '../../../tests/e2e/fixtures';

test('an employee starts a path and checks a task; their manager approves it; the employee can no longer uncheck it', async ({
  browser,
  adminState,
  page,
}) => {
  const stamp = Date.now();
  const admin = await browser.newContext({ storageState: adminState });
  await callApi(admin.request, 'users/save-user', {
    username: `path.e2e.${stamp}`,
    email: `path.e2e.${stamp}@forecourt.test`,
    firstName: 'Pat',
    lastName: `Lucero ${stamp}`,
    password: 'path-e2e-password-1',
    jobCode: 'ADVISOR',
    emailFactor: 1,
    groupWide: 1,
  });
  await admin.close();
  const staff = await signInStaff(browser, adminState, {
    username: `path.e2e.${stamp}`,
    email: `path.e2e.${stamp}@forecourt.test`,
    password: 'path-e2e-password-1',
  });

  await staff.page.goto('/employees/career-paths/');
  const position = staff.page.getByRole('region', { name: 'Finance Manager' });
  await position.getByRole('button', { name: 'Start this path' }).click();
  await expect(staff.page).toHaveURL(/\/employees\/career-paths\/paths\?added=\d+/);
  const path = staff.page.getByRole('region', { name: /Finance Manager/ });
  // The box shows what was saved: it turns checked once save-goals has answered.
  await path.getByLabel('F&I certification').click();
  await expect(path.getByLabel('F&I certification')).toBeChecked();
  await expect(path.getByText('Checked: 33.3%')).toBeVisible();
  await expect(path.getByText('Approved: 0%')).toBeVisible();

  // The manager (the admin) sees it waiting and approves it.
  await page.goto('/employees/career-paths/approvals');
  const waiting = page.getByRole('region', { name: `Pat Lucero ${stamp}: Finance Manager` });
  await expect(waiting.getByText('Checked', { exact: true })).toBeVisible();
  await waiting.getByLabel('F&I certification').click();
  // Nothing of the path waits any more: it leaves the waiting list, and shows approved among all paths.
  await expect(waiting).toBeHidden();
  await page.getByLabel('Only paths with tasks waiting for approval').click();
  const approved = page.getByRole('region', { name: `Pat Lucero ${stamp}: Finance Manager` });
  await expect(approved.getByLabel('F&I certification')).toBeChecked();
  await expect(approved.getByText('Approved: 33.3%')).toBeVisible();

  await staff.page.reload();
  const after = staff.page.getByRole('region', { name: /Finance Manager/ });
  await expect(after.getByText('Approved: 33.3%')).toBeVisible();
  await expect(after.getByLabel('F&I certification')).toBeDisabled();
  await expect(after.getByLabel('F&I certification')).toBeChecked();
  await staff.context.close();
});
