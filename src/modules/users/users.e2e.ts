import { callApi, expect, expectNotification, pick, signInStaff, test } from '../../../tests/e2e/fixtures';

test('search users by name, job code, location and lock; the filters stay in the address', async ({ page }) => {
  await page.goto('/users/');
  await page.getByRole('textbox', { name: 'Search' }).fill('archuleta');
  await page.getByRole('textbox', { name: 'Search' }).press('Enter');
  await expect(page.getByRole('heading', { name: '1 user' })).toBeVisible();
  await expect(page).toHaveURL(/query=archuleta/);
  await expect(page.getByRole('row', { name: /sarchuleta33/ })).toContainText('steven.archuleta.10533@forecourt.test');

  await page.getByRole('button', { name: 'Clear' }).click();
  await pick(page, 'Job code', /^GM · General Manager/);
  await expect(page).toHaveURL(/jobCode=GM/);
  await expect(page.getByRole('row', { name: /mgarcia00/ })).toBeVisible();
  const rows = page.locator('.user-manager tbody tr');
  await expect(rows.filter({ hasNotText: 'GM' })).toHaveCount(0);
  await pick(page, 'Location', /Albuquerque Toyota/);
  await expect(page).toHaveURL(/locationId=\d+/);
  await expect(rows.filter({ hasNotText: 'Albuquerque Toyota' })).toHaveCount(0);
  await expect(page.getByRole('row', { name: /mgarcia00/ })).toBeVisible();

  await page.getByRole('button', { name: 'Clear' }).click();
  await pick(page, 'Locked', /^Locked$/);
  await expect(page.getByRole('heading', { name: '1 user' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toContainText('Locked');
});

test('create a user, then edit their flags', async ({ page }) => {
  await page.goto('/users/');
  await page.getByRole('button', { name: 'Add user' }).click();
  await expect(page.locator('.edit-user')).toBeVisible();

  await page.getByRole('textbox', { name: 'First name' }).fill('Rita');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Quintana');
  await page.getByRole('textbox', { name: 'Username' }).fill('rquintana');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('rita.quintana@forecourt.test');
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('505 555 0142');
  await pick(page, 'Job code', /^SALES/);
  await pick(page, 'Location', /Santa Fe Subaru/);
  // A password that is too short is refused before anything is sent.
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('short');
  await page.getByRole('button', { name: 'Add user' }).click();
  await expect(page.locator('.edit-user').getByRole('alert')).toContainText('Password must be at least 10 characters.');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('a-good-long-password');
  await page.getByLabel('Colorado').check();
  await page.getByRole('button', { name: 'Add user' }).click();
  await expectNotification(page, 'User saved.');
  await expect(page).toHaveURL(/\/users\/edit\?id=\d+$/);
  await expect(page.getByRole('heading', { name: 'Edit user: Rita Quintana' })).toBeVisible();
  await expect(page.locator('.user-events')).toContainText('Account created');

  // The job code's permissions show ticked and locked, saying where they come from; the user's own stay free.
  await expect(page.getByText('From job code SALES', { exact: true })).toHaveCount(4);
  const inherited = page.locator('.edit-user input[data-granted]');
  await expect(inherited).toHaveCount(4);
  for (const box of await inherited.all()) {
    await expect(box).toBeChecked();
    await expect(box).toBeDisabled();
  }
  await page.getByLabel('Developer').check();
  await page.getByLabel('CRM manager').check();
  await page.getByRole('button', { name: 'Save user' }).click();
  await expectNotification(page, 'User saved.');
  await expect(page.locator('.user-events')).toContainText('Changed: flags');

  await page.reload();
  await expect(page.getByLabel('Developer')).toBeChecked();
  await expect(page.getByLabel('CRM manager')).toBeChecked();
  await expect(page.getByLabel('Photographer')).not.toBeChecked();
  await expect(page.getByLabel('Colorado')).toBeChecked();
  await expect(page.getByLabel('Email codes')).toBeChecked();
  await expect(page.getByText('Email code', { exact: true })).toBeVisible();

  // A username someone else has is refused and the field is marked.
  await page.getByRole('textbox', { name: 'Username' }).fill('admin');
  await page.getByRole('button', { name: 'Save user' }).click();
  await expect(page.locator('.edit-user').getByRole('alert')).toContainText('Another user already has this username.');
  await expect(page.getByRole('textbox', { name: 'Username' })).toHaveAttribute('aria-invalid', 'true');

  await page.goto('/users/?query=quintana');
  await expect(page.getByRole('row', { name: /rquintana/ })).toContainText('Santa Fe Subaru');
});

test('unlock a locked account after confirming', async ({ page }) => {
  await page.goto('/users/?locked=1');
  await page.getByRole('row').nth(1).click();
  await expect(page.locator('.edit-user')).toBeVisible();
  await page.getByRole('button', { name: 'Unlock account' }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Unlock' }).click();
  await expectNotification(page, 'Account unlocked.');
  await expect(page.getByRole('button', { name: 'Unlock account' })).toBeHidden();
  await expect(page.locator('.user-events')).toContainText('Account unlocked');
  await page.goto('/users/?locked=1');
  await expect(page.getByRole('heading', { name: '0 users' })).toBeVisible();
});

test('a user admin without access admin picks job codes from a searchable list', async ({ browser, adminState }) => {
  const admin = await browser.newContext({ storageState: adminState });
  // Named per attempt: a retry finds the first attempt's user already there.
  const username = `hr.e2e.${test.info().retry}`;
  await callApi(admin.request, 'users/save-user', {
    username,
    email: `${username}@forecourt.test`,
    firstName: 'Hilda',
    lastName: 'Romero',
    password: 'hr-e2e-password-1',
    jobCode: 'HR',
    emailFactor: 1,
    // Human resources works across the group.
    groupWide: 1,
  });
  await admin.close();
  const { context, page } = await signInStaff(browser, adminState, {
    username,
    email: `${username}@forecourt.test`,
    password: 'hr-e2e-password-1',
  });

  await page.goto('/users/');
  await page.getByRole('combobox', { name: 'Job code' }).fill('consult');
  await expect(page.getByRole('listbox').getByRole('option')).toHaveText(['SALES · Sales Consultant']);
  await page.getByRole('listbox').getByRole('option').click();
  await expect(page).toHaveURL(/jobCode=SALES/);
  // The filtered page, not the one it replaces, before a row is opened.
  await expect(page.getByRole('row').nth(1)).toContainText('SALES');

  await page.getByRole('row').nth(1).click();
  await expect(page.locator('.edit-user')).toBeVisible();
  const jobCode = page.getByRole('combobox', { name: 'Job code' });
  await expect(jobCode).toHaveValue('SALES · Sales Consultant');
  await jobCode.fill('service');
  await expect(page.getByRole('listbox').getByRole('option')).toHaveText([
    'ADVISOR · Service Advisor',
    'SVCMGR · Service Manager',
  ]);
  await page.keyboard.press('Escape');
  // A sales consultant holds permissions human resources does not: the screen says so, as the server would.
  await expect(page.getByRole('alert').filter({ hasText: 'You can look, not change' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save user' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Reset two-factor' })).toBeHidden();
  await expect(page.getByRole('checkbox', { name: 'Phone admin' })).toBeDisabled();
  await expect(page.getByRole('checkbox', { name: 'Career path editor' })).toBeEnabled();
  await context.close();
});
