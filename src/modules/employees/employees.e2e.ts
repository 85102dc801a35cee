import { expect, test } from '../../../tests/e2e/fixtures';

test('employees: pages, search and the detail modal with an initials fallback', async ({ page }) => {
  await page.goto('/employees/');
  await expect(page.getByRole('heading', { name: '60 employees' })).toBeVisible();
  await expect(page.getByText('1–50 of 60')).toBeVisible();
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText('51–60 of 60')).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(11);
  // The server counts on the first page only; the header keeps that count on later pages.
  await expect(page.getByRole('heading', { name: '60 employees' })).toBeVisible();
  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(page.getByText('1–50 of 60')).toBeVisible();

  await page.getByRole('textbox', { name: 'Search' }).fill('10400');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('heading', { name: '1 employee' })).toBeVisible();
  await page.getByRole('row', { name: /Garcia/ }).click();

  const detail = page.getByRole('dialog', { name: 'Maria Garcia' });
  await expect(detail).toContainText('General Manager');
  await expect(detail).toContainText('Albuquerque Toyota');
  await expect(detail).toContainText('(505) 555-1000');
  await expect(detail.getByRole('link', { name: 'maria.garcia.10400@forecourt.test' })).toHaveAttribute(
    'href',
    'mailto:maria.garcia.10400@forecourt.test',
  );
  // The demo has no photo files: the avatar falls back to the initials.
  await expect(detail.locator('.mantine-Avatar-root').first()).toHaveText('MG');
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
});

test("employees: the department filter is a list of the directory's departments", async ({ page }) => {
  await page.goto('/employees/');
  await page.getByRole('combobox', { name: 'Department' }).click();
  await expect(page.getByRole('listbox').getByRole('option')).toHaveText([
    'BDC',
    'Finance',
    'Management',
    'Marketing',
    'Parts',
    'Sales',
    'Service',
  ]);
  await page.getByRole('option', { name: 'Service' }).click();
  await expect(page).toHaveURL(/department=Service/);
  await expect(page.getByRole('heading', { name: /^\d+ employees$/ })).not.toHaveText('60 employees');
  const rows = page.locator('.employee-manager tbody tr');
  await expect(rows.first()).toBeVisible();
  await expect(rows.filter({ hasNotText: 'Service' })).toHaveCount(0);
});
