import type { Locator, Page } from '@playwright/test';
import { endUndoNotice, expect, expectNotification, pick, test } from '../../../tests/e2e/fixtures';

/** Picks an option of a select in a dialog (the list's filters have boxes of the same names). */
async function choose(page: Page, dialog: Locator, label: string, option: string) {
  await dialog.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('add a notification group with staff picked by name and a contact of the store, edit it, see and download its members, delete it', async ({
  page,
}) => {
  await page.goto('/notification-groups/');
  const heading = page.getByRole('heading', { name: /^\d+ notification groups$/ });
  const before = Number((await heading.textContent())!.split(' ')[0]);
  await expect(page.getByRole('row', { name: /ABG internet leads/ })).toContainText('Internet leads');

  await page.getByRole('button', { name: 'Add notification group' }).click();
  const add = page.getByRole('dialog', { name: 'Add notification group' });
  // The default location is preselected; the name and the topic are the form's to fill.
  await expect(add.getByRole('combobox', { name: 'Location' })).toHaveValue('Albuquerque Toyota (ABG)');
  await add.getByRole('button', { name: 'Add group' }).click();
  await expect(add.getByRole('alert')).toContainText('Name is required.');
  await expect(add.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await page.keyboard.type('ABH service appointments');
  await choose(page, add, 'Location', 'Albuquerque Honda (ABH)');
  await choose(page, add, 'Topic', 'Service appointments');
  // Members come from the server as a name is typed (users/list-options), labelled with where they work.
  const members = add.getByRole('combobox', { name: 'Staff members' });
  const found = page.waitForRequest(
    (r) => r.url().endsWith('/api/actions/users/list-options') && r.postDataJSON()?.search === 'trujillo',
  );
  await members.pressSequentially('trujillo');
  await found;
  await page.getByRole('option', { name: 'Carmen Trujillo · Albuquerque Honda' }).click();
  await members.pressSequentially('smith');
  await page.getByRole('option', { name: 'James Smith · Albuquerque Honda' }).click();
  // Contacts of the group's store, found by name or number (contacts/list-options), labelled with their number.
  const customers = add.getByRole('combobox', { name: 'Contacts' });
  const asked = page.waitForRequest(
    (r) => r.url().endsWith('/api/actions/contacts/list-options') && r.postDataJSON()?.search === 'fischer',
  );
  await customers.pressSequentially('fischer');
  expect((await asked).postDataJSON()).toMatchObject({ search: 'fischer', locationId: expect.anything() });
  await page.getByRole('option', { name: /^Kathryn Fischer · \(\d{3}\) 555-\d{4}$/ }).click();
  // The choices stay open for another pick, over the buttons: leave the box first.
  await add.getByRole('textbox', { name: 'Name' }).click();
  await expect(page.getByRole('listbox', { name: 'Contacts' })).toBeHidden();
  await add.getByRole('button', { name: 'Add group' }).click();
  await expectNotification(page, 'Notification group added!');
  await expect(add).toBeHidden();
  await expect(page.getByRole('heading', { name: `${before + 1} notification groups` })).toBeVisible();
  const row = page.getByRole('row', { name: /ABH service appointments/ });
  await expect(row).toContainText('Albuquerque Honda');
  await expect(row).toContainText('Service appointments');
  await expect(row).toContainText('3 members');

  // A second group of the same name at the same store is refused at the name.
  await page.getByRole('button', { name: 'Add notification group' }).click();
  await add.getByRole('textbox', { name: 'Name' }).fill('abh service appointments');
  await choose(page, add, 'Location', 'Albuquerque Honda (ABH)');
  await choose(page, add, 'Topic', 'Missed calls');
  await add.getByRole('button', { name: 'Add group' }).click();
  await expect(add.getByRole('alert')).toContainText(
    'Albuquerque Honda already has a notification group named abh service appointments.',
  );
  await expect(add.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
  await add.getByRole('button', { name: 'Cancel' }).click();

  // The edit modal loads the group afresh, its members named.
  await row.getByText('ABH service appointments').click();
  const edit = page.getByRole('dialog', { name: 'Edit ABH service appointments' });
  await expect(edit.locator('.mantine-Pill-root')).toHaveText([
    'Carmen Trujillo · Albuquerque Honda',
    'James Smith · Albuquerque Honda',
    /^Kathryn Fischer · \(\d{3}\) 555-\d{4}$/,
  ]);
  await edit.locator('.mantine-Pill-root', { hasText: 'James Smith' }).locator('.mantine-Pill-remove').click();
  await edit.getByRole('textbox', { name: 'Name' }).fill('ABH service desk');
  await edit.getByRole('button', { name: 'Save group' }).click();
  await expectNotification(page, 'Notification group updated!');
  const renamed = page.getByRole('row', { name: /ABH service desk/ });
  await expect(renamed).toContainText('2 members');

  // Its members, staff and contact, and their CSV.
  await renamed.getByRole('link', { name: '2 members' }).click();
  await expect(page.locator('.notification-group-members')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Members of ABH service desk' })).toBeVisible();
  await expect(page.getByText('Albuquerque Honda · told of service appointments')).toBeVisible();
  await expect(page.getByRole('heading', { name: '2 members' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Carmen Trujillo/ })).toContainText('ADVISOR');
  const contactRow = page.getByRole('row', { name: /Kathryn Fischer/ });
  await expect(contactRow).toContainText('Contact');
  await expect(contactRow).toContainText(/\(\d{3}\) 555-\d{4}/);
  await expect(contactRow).toContainText('Albuquerque Honda');
  const csvLink = page.getByRole('link', { name: 'Download CSV' });
  await expect(csvLink).toHaveAttribute('href', /^\/tools\/notification-groups\/export\?groupId=\d+$/);
  const csv = await page.request.get((await csvLink.getAttribute('href'))!);
  expect(csv.headers()['content-type']).toContain('text/csv');
  const lines = (await csv.text()).trim().split('\n');
  expect(lines[0]).toBe('Group,Name,Member,Email,Mobile phone,Job code,Location,Locked');
  expect(lines.slice(1)).toEqual([
    expect.stringMatching(/^ABH service desk,Carmen Trujillo,Staff,carmen\.trujillo\.\d+@forecourt\.test,/),
    expect.stringMatching(
      /^ABH service desk,Kathryn Fischer,Contact,kathryn\.fischer\d+@example\.com,\(\d{3}\) 555-\d{4},,Albuquerque Honda,$/,
    ),
  ]);

  await page
    .locator('.notification-group-members')
    .getByRole('link', { name: 'Notification groups', exact: true })
    .click();
  await renamed.getByRole('button', { name: 'Actions for ABH service desk' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const prompt = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(prompt).toContainText(
    'Are you sure you want to delete the notification group ABH service desk of Albuquerque Honda?',
  );
  await prompt.getByRole('button', { name: 'Delete' }).click();
  await expectNotification(page, 'Notification group deleted!');
  await expect(renamed).toHaveCount(0);
  await expect(page.getByRole('heading', { name: `${before} notification groups` })).toBeVisible();
  await endUndoNotice(page, 'Notification group deleted!', 'notification-groups/delete-group');
  await expect(page.getByRole('heading', { name: `${before} notification groups` })).toBeVisible();
});

test('the groups list narrows by location, topic and state, in the address', async ({ page }) => {
  await page.goto('/notification-groups/');
  await pick(page, 'Status', 'Inactive');
  await expect(page).toHaveURL(/active=0/);
  await expect(page.getByRole('heading', { name: '1 notification group' })).toBeVisible();
  await expect(page.getByRole('row', { name: /LCF appraisal payments/ })).toContainText('Inactive');
  await page.goto('/notification-groups/?topic=leads');
  await expect(page.getByRole('heading', { name: '2 notification groups' })).toBeVisible();
  await expect(page.getByRole('row', { name: /DNC internet leads/ })).toBeVisible();
});
