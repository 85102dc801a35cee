import { authenticator } from 'otplib';
import { ADMIN, enterPassword, expect, freshTotp, STAFF_PASSWORD, test } from '../../../tests/e2e/fixtures';

test.describe('signed out', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('a signed-out visit goes to sign-in and comes back after password and authenticator code', async ({ page }) => {
    await page.goto('/users/');
    await expect(page).toHaveURL(/\/login\?p=%2Fusers%2F$/);
    await expect(page.locator('.user-login')).toBeVisible();

    // A wrong password shows the server's sentence in the form's error area, not in a dialog.
    await enterPassword(page, ADMIN.username, 'not-the-password');
    await expect(page.locator('.user-login').getByRole('alert')).toHaveText('The username or password is not correct.');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/login/);

    await enterPassword(page, ADMIN.username, ADMIN.password);
    await expect(page).toHaveURL(/\/2fa\?p=%2Fusers%2F$/);
    // A reload asks the server for the sign-in methods again: nothing is kept in the browser's storage.
    await page.reload();
    await expect(page.getByRole('button', { name: /Authenticator app/ })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    await page.getByRole('button', { name: /Authenticator app/ }).click();

    // A wrong code is an inline error too; Enter submits the code form.
    await page.getByLabel('Code').fill('000000');
    await page.getByLabel('Code').press('Enter');
    await expect(page.locator('.two-factor-check').getByRole('alert')).toHaveText(
      'That code is not correct or has expired.',
    );

    await page.getByLabel('Code').fill(await freshTotp(ADMIN.totpSecret));
    await page.getByLabel('Code').press('Enter');
    await expect(page).toHaveURL(/\/users\/$/);
    await expect(page.locator('.user-manager')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Your account' })).toContainText(ADMIN.name);
  });

  test('a staff member signs in with an emailed code read from the outbox, and sees only their tools', async ({
    page,
    browser,
    adminState,
  }) => {
    await page.goto('/login');
    await enterPassword(page, 'mgarcia00', STAFF_PASSWORD);
    await page.getByRole('button', { name: /Email code/ }).click();
    await expect(page.getByText(/We emailed a code to m•••@forecourt.test/)).toBeVisible();

    // The admin reads the code from the outbox, where the local mail driver put it.
    const admin = await browser.newContext({ storageState: adminState });
    const adminPage = await admin.newPage();
    await adminPage.goto('/outbox?channel=email&query=maria.garcia.10400');
    const code = (await adminPage.locator('.outbox .sign-in-code').first().textContent())!.trim();
    expect(code).toMatch(/^\d{6}$/);
    await admin.close();

    await page.getByLabel('Code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Maria');

    // A general manager has no user or access admin flag: those tools are not offered. Phone lookup
    // shows the phone screens, without the changes a phone admin may make.
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link')).toHaveText(['Locations']);
    await expect(nav.getByRole('button')).toHaveText([
      'People',
      'Phones',
      'Stock',
      'Trade-ins',
      'ClickLane',
      'Service',
      'Marketing',
      'Sales',
      'Tools',
    ]);
    // A stock number manager, neither its admin (the catalogue) nor its user admin (the report); a
    // service manager's reports, not an advisor's repair orders and parts. Messenger and marketing:
    // the conversations, the sends, the list tools, the lane's testimonials, leads and quotes. Sales,
    // the trade-in desk and the lane's deliveries and vehicles: every tool, questionnaire leads included.
    // Career paths, as every employee; marketing's content, SEO, plans, coupons, reviews and ads, and
    // its CDN uploads and landing pages.
    await expect(page.locator('.tool-card')).toHaveText([
      /Employees/,
      /Notification groups/,
      /Career paths/,
      /Career leaderboard/,
      /Locations/,
      /Phones/,
      /Calls/,
      /Live calls/,
      /Call activity/,
      /Call plans/,
      /Messenger/,
      /Messenger shortcuts/,
      /Bulk sends/,
      /SMS list cleaning/,
      /Opt-out adding/,
      /Mailing list/,
      /Clean sold list/,
      /Mailing-list report/,
      /Stock numbers/,
      /Generate stock number/,
      /Stock number reader/,
      /Acquisition vehicles/,
      /Shipments/,
      /Ship a vehicle/,
      /Store inventory/,
      /Vehicle search/,
      /Appraisals/,
      /Appraisal locations/,
      /Appraisal rules/,
      /Vehicle questionnaires/,
      /Payments to sellers/,
      /ClickLane leads/,
      /ClickLane leads by store/,
      /Deliveries/,
      /Lane vehicles/,
      /Insurance quotes/,
      /Testimonials/,
      /Service appointments/,
      /Appointment reports/,
      /Scheduler sessions/,
      /Content engine/,
      /SEO pages/,
      /Marketing plans/,
      /SEO planner/,
      /Coupon locator/,
      /SEO page builder/,
      /Reputation/,
      /Facebook ads/,
      /Desking/,
      /Price builder/,
      /Quotes/,
      /Incentives/,
      /Purchases/,
      /Marketplace lead/,
      /CDN uploads/,
      /Landing pages/,
      /Profile/,
    ]);
    await page.goto('/phones/');
    await expect(page.getByRole('row', { name: /Albuquerque Toyota main line/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add phone' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Buy a number' })).toHaveCount(0);

    // Opening a tool by its address says the user lacks access.
    await page.goto('/users/');
    await expect(page.getByText('You do not have access to this page')).toBeVisible();

    // Sign out ends the session: the next visit asks to sign in again.
    await page.getByRole('button', { name: 'Your account' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/employees/');
    await expect(page).toHaveURL(/\/login\?p=%2Femployees%2F$/);
  });

  test('a user with no sign-in method yet sets up an authenticator app from the QR code', async ({
    page,
    browser,
    adminState,
  }) => {
    // The admin creates the account with neither text nor email codes.
    const admin = await browser.newContext({ storageState: adminState });
    const session = await (await admin.request.get('/api/session')).json();
    const created = await admin.request.post('/api/actions/users/save-user', {
      headers: { 'x-csrf-token': session.data.csrfToken },
      data: {
        username: 'enrol.e2e',
        email: 'enrol.e2e@forecourt.test',
        firstName: 'Eva',
        lastName: 'Enrol',
        password: 'enrol-e2e-password',
        emailFactor: 0,
        smsFactor: 0,
      },
    });
    expect(created.ok()).toBe(true);
    await admin.close();

    await page.goto('/login');
    await enterPassword(page, 'enrol.e2e', 'enrol-e2e-password');
    await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = (await page.locator('.totp-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await page.getByLabel('Code').fill(authenticator.generate(secret));
    await page.getByLabel('Code').press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Eva');
  });
});
