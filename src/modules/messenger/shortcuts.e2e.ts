import { expect, expectNotification, test } from '../../../tests/e2e/fixtures';

test("the shortcuts editor: a store's shortcut added and edited as a draft, deployed behind a confirm, its version shown", async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const name = `parts-${stamp}`;
  await page.goto('/messenger/shortcuts/');
  const screen = page.locator('.messenger-shortcuts');
  await expect(screen).toBeVisible();
  const stores = screen.getByRole('table', { name: 'Stores' });
  const santaFe = stores.getByRole('row', { name: /Santa Fe Subaru \(SFS\)/ });
  await expect(santaFe).toContainText('Up to date');
  await expect(santaFe).toContainText('Version 1 · 5 shortcuts');
  // Albuquerque Honda's demo draft is waiting to be deployed.
  await expect(stores.getByRole('row', { name: /Albuquerque Honda/ })).toContainText('Draft changes not deployed');

  // The store's shortcuts: the group's five, filled with its details.
  await santaFe.getByRole('link', { name: 'Santa Fe Subaru (SFS)' }).click();
  await expect(page).toHaveURL(/locationId=\d+/);
  const shortcuts = screen.getByRole('table', { name: 'Shortcuts of Santa Fe Subaru' });
  await expect(shortcuts.getByRole('row', { name: /^address/ })).toContainText(
    'We are at 3965 Cerrillos Rd Santa Fe, NM 87507.',
  );
  await expect(shortcuts.getByRole('row', { name: /^address/ })).toContainText('Group default');

  // Added: a misspelt shortcode is refused, naming the field; a shortcode button puts it in.
  await screen.getByRole('button', { name: 'Add shortcut' }).click();
  const modal = page.getByRole('dialog', { name: 'Add a shortcut to Santa Fe Subaru' });
  await modal.getByRole('textbox', { name: 'Shortcut', exact: true }).fill(name);
  await modal.getByRole('textbox', { name: 'Message' }).fill('Parts counter at [locaton_name]');
  await modal.getByLabel('Keywords').fill('parts');
  await modal.getByLabel('Keywords').press('Enter');
  await modal.getByRole('button', { name: 'Add shortcut' }).click();
  await expect(modal.getByText('Message names [locaton_name], which is not a shortcode.').first()).toBeVisible();
  await modal.getByRole('textbox', { name: 'Message' }).fill('Parts counter: ');
  await modal.getByRole('button', { name: /^Put in \[location_phone\]/ }).click();
  await expect(modal.getByRole('textbox', { name: 'Message' })).toHaveValue('Parts counter: [location_phone]');
  await modal.getByRole('button', { name: 'Add shortcut' }).click();
  await expectNotification(page, 'Shortcut added. Customers get it when the store is deployed.');
  const row = shortcuts.getByRole('row', { name: new RegExp(`^${name}`) });
  await expect(row).toContainText('Parts counter: (505) 471-0300');
  await expect(row).toContainText("This store's");
  await expect(santaFe).toContainText('Draft changes not deployed');

  // Edited: opened from its row.
  await row.getByRole('button', { name, exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit a shortcut of Santa Fe Subaru' });
  await expect(edit.getByRole('textbox', { name: 'Message' })).toHaveValue('Parts counter: [location_phone]');
  await edit.getByRole('textbox', { name: 'Message' }).fill('Parts counter at [location_name]: [location_phone]');
  await edit.getByRole('button', { name: 'Save shortcut' }).click();
  await expectNotification(page, 'Shortcut saved. Customers get it when the store is deployed.');
  await expect(row).toContainText('Parts counter at Santa Fe Subaru: (505) 471-0300');

  // Deployed, after a confirm that says what will happen; cancelled first, nothing happens.
  await santaFe.getByRole('button', { name: 'Deploy Santa Fe Subaru', exact: true }).click();
  const ask = page.getByRole('dialog', { name: 'Deploy Santa Fe Subaru?' });
  await expect(ask).toContainText('Deploy 6 shortcuts to Santa Fe Subaru? They go live at once as version 2');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await expect(santaFe).toContainText('Version 1 · 5 shortcuts');
  await santaFe.getByRole('button', { name: 'Deploy Santa Fe Subaru', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Deploy Santa Fe Subaru?' })
    .getByRole('button', { name: 'Deploy', exact: true })
    .click();
  await expectNotification(page, 'Santa Fe Subaru: version 2 is live with 6 shortcuts.');
  await expect(santaFe).toContainText('Version 2 · 6 shortcuts');
  await expect(santaFe).toContainText('Up to date');
  await expect(santaFe).toContainText('Group Administrator');
  await expect(santaFe.getByRole('button', { name: 'Deploy Santa Fe Subaru', exact: true })).toBeDisabled();
  await expect(santaFe.getByRole('button', { name: 'Redeploy Santa Fe Subaru' })).toBeDisabled();

  // The history shows the version; opened, what it published, as customers get it.
  const history = screen.getByRole('table', { name: 'deploys' });
  // Newest first: the first row is this deploy.
  await expect(history.getByRole('row').nth(1)).toContainText('Santa Fe Subaru');
  await history.locator('.row-open').first().click();
  const version = page.getByRole('dialog', { name: 'Santa Fe Subaru, version 2' });
  await expect(version).toContainText('6 shortcuts');
  await expect(version.getByRole('row', { name: new RegExp(`^${name}`) })).toContainText(
    'Parts counter at Santa Fe Subaru: (505) 471-0300',
  );
});
