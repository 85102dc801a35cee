import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { type Caller, locationsByCode, testApp, type TestApp } from '../../../tests/helpers';
import { multipartBody } from '../../../tests/multipart';
import { tableFingerprint } from '../../../tests/fingerprint';
import { auditLog } from '../../server/platform/platform.db';
import { contacts } from '../contacts/contacts.db';
import { chatLeads } from './experience.db';
import { cleanSoldList, importGubagooLeads, previewGubagooLeads } from './experience.contract';

let t: TestApp;
let marketer: Caller;
let loc: Record<string, number>;

beforeAll(async () => {
  t = await testApp();
  marketer = await t.signedIn(['marketing']);
  loc = await locationsByCode(t.db);
  // Customers of ours, apart from the demo's: two who bought at ABG (by number, by email), one who bought in Denver, one who did not.
  await t.db.insert(contacts).values([
    { locationId: loc.ABG, firstName: 'Sold', lastName: 'Byphone', mobilePhone: '+15055550871', email: '', sold: true },
    {
      locationId: loc.ABG,
      firstName: 'Maria',
      lastName: 'Sold',
      mobilePhone: null,
      email: 'maria.sold@example.com',
      sold: true,
    },
    {
      locationId: loc.DNC,
      firstName: 'Dan',
      lastName: 'Denver',
      mobilePhone: '+13035550872',
      email: 'dan.denver@example.com',
      sold: true,
    },
    {
      locationId: loc.ABG,
      firstName: 'Not',
      lastName: 'Sold',
      mobilePhone: '+15055550873',
      email: 'not.sold@example.com',
      sold: false,
    },
  ]);
});
afterAll(async () => {
  await t?.close();
});

/** A multipart call as the screen's upload makes it: the form's fields, the CSRF token and the file. */
const upload = (
  caller: Caller,
  path: string,
  fields: Record<string, string>,
  csv: string | Buffer,
  filename = 'list.csv',
) => {
  const body = multipartBody({ ...fields, csrfToken: caller.csrfToken! }, [
    { field: 'file', filename, type: 'text/csv', data: Buffer.isBuffer(csv) ? csv : Buffer.from(csv) },
  ]);
  return caller.send<Record<string, any>>({ method: 'POST', url: `/api/actions/${path}`, ...body });
};

describe('experience/clean-sold-list', () => {
  const list = [
    '(505) 555-0871', // sold at ABG, by number
    '505.555.0874', // nobody
    'MARIA.SOLD@Example.com', // sold at ABG, by email, in another case
    '+1 505 555 0874', // the same number again
    'hello', // neither
    '303-555-0872', // sold in Denver
    'not.sold@example.com',
  ].join('\n');

  it("takes a store's sold customers off a pasted list, in the order given, each once", async () => {
    const res = await marketer.act(cleanSoldList, { locationId: loc.ABG, list });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      clean: ['+15055550874', '+13035550872', 'not.sold@example.com'],
      removed: [
        { row: 1, entry: '+15055550871', customer: 'Sold Byphone', locationName: 'Albuquerque Toyota' },
        { row: 3, entry: 'maria.sold@example.com', customer: 'Maria Sold', locationName: 'Albuquerque Toyota' },
      ],
      removedCount: 2,
      rejected: [{ row: 5, entry: 'hello', reason: 'not a phone number or an email' }],
      duplicates: 1,
      csv: 'Phone or email\n+15055550874\n+13035550872\nnot.sold@example.com\n',
    });
  });

  it('checks every store within reach when no store is chosen, and no further', async () => {
    const group = await marketer.call('experience/clean-sold-list', { list, locationId: '' }, { form: true });
    expect(group.body.data.clean).toEqual(['+15055550874', 'not.sold@example.com']);
    expect(
      group.body.data.removed.map((r: { entry: string; locationName: string }) => `${r.entry} ${r.locationName}`),
    ).toEqual([
      '+15055550871 Albuquerque Toyota',
      'maria.sold@example.com Albuquerque Toyota',
      '+13035550872 Denver Chevrolet',
    ]);

    const nm = await t.signedIn(['marketing'], { groupWide: false, regions: ['New Mexico'] });
    const mine = await nm.act(cleanSoldList, { list });
    expect(mine.body.data.removedCount).toBe(2);
    expect(mine.body.data.clean).toContain('+13035550872');
    const outside = await nm.act(cleanSoldList, { list, locationId: loc.DNC });
    expect(outside.status).toBe(404);
    expect(outside.body.errors[0]).toBe('That location does not exist.');
  });

  it('cleans an uploaded CSV row by row, keeping its columns', async () => {
    const csv = [
      'First Name,Last Name,Cell Phone,E-mail Address,Notes',
      'Ana,Lucero,505-555-0875,ana@example.com,"Likes trucks, asked twice"',
      'Maria,Sold,505-555-0876,Maria.Sold@example.com,bought last year', // sold by email: the whole row goes
      '',
      'Ana,Again,,ANA@example.com,same person',
      'Bad,Row,12,,',
      'Dan,Denver,(303) 555-0872,,',
    ].join('\r\n');
    const res = await upload(marketer, 'experience/clean-sold-list', { locationId: String(loc.ABG) }, csv);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      clean: ['+15055550875', 'ana@example.com', '+13035550872'],
      removed: [{ row: 3, entry: 'maria.sold@example.com', customer: 'Maria Sold' }],
      rejected: [{ row: 6, entry: '12', reason: 'not a phone number or an email' }],
      duplicates: 1,
    });
    expect(res.body.data.csv).toBe(
      'First Name,Last Name,Cell Phone,E-mail Address,Notes\nAna,Lucero,505-555-0875,ana@example.com,"Likes trucks, asked twice"\nDan,Denver,(303) 555-0872,,\n',
    );
  });

  it('refuses what it cannot read, naming the field, and those without the marketing permission', async () => {
    const empty = await marketer.act(cleanSoldList, { locationId: loc.ABG, list: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0]).toBe('List is required: paste it or choose a CSV file.');
    expect(empty.body.data.fields).toEqual(['list']);

    const noColumn = await upload(marketer, 'experience/clean-sold-list', {}, 'Name,Notes\nAna,hi\n');
    expect(noColumn.status).toBe(400);
    expect(noColumn.body.errors[0]).toBe('CSV file has no Phone or Email column: name the columns in its first row.');
    const workbook = await upload(
      marketer,
      'experience/clean-sold-list',
      {},
      Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]),
      'list.xlsx',
    );
    expect(workbook.status).toBe(400);
    expect(workbook.body.errors[0]).toBe(
      'CSV file is a spreadsheet or another kind of file: save it as CSV (File, Save as, CSV) and choose that.',
    );
    const quote = await upload(marketer, 'experience/clean-sold-list', {}, 'Phone\n"505-555-0871\n');
    expect(quote.status).toBe(400);
    expect(quote.body.errors[0]).toMatch(/^CSV file could not be read: a quoted value is not closed/);

    expect((await (await t.signedIn(['messenger'])).act(cleanSoldList, { list })).status).toBe(403);
  });
});

const leadsCsv = [
  'Lead ID,Date,First Name,Last Name,Phone,Email,Message',
  '901,3/14/2026 3:22 PM,Rita,Vigil,(505) 555-0877,Rita.Vigil@Example.com,"Is the blue RAV4 still there?\nI can come Saturday."',
  '902,2026-03-15 09:05,,,505-555-0873,,"Trade-in value for my Civic?"', // the store's contact Not Sold: filled, not overwritten
  '903,2026-03-15,Sam,Ortiz,555-12,,Hello', // a bad phone
  '904,,Jo,Baca,,jo@,Hi', // a bad email
  '905,,No,Way,,,Just looking', // neither
  '906,yesterday,Al,Chavez,5055550878,,When do you open?', // a bad date
  '907,,Lena,Romero,,lena.romero@example.com,Email only',
].join('\n');

describe('experience/preview-gubagoo-leads', () => {
  it('shows the columns, the leads and the rows that cannot be imported, writing nothing', async () => {
    const before = await tableFingerprint(t.db);
    const res = await marketer.act(previewGubagooLeads, { locationId: loc.ABG, leads: leadsCsv });
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.columns).toEqual([
      { header: 'Lead ID', field: null },
      { header: 'Date', field: 'chattedAt' },
      { header: 'First Name', field: 'firstName' },
      { header: 'Last Name', field: 'lastName' },
      { header: 'Phone', field: 'mobilePhone' },
      { header: 'Email', field: 'email' },
      { header: 'Message', field: 'message' },
    ]);
    expect(data.rowCount).toBe(7);
    const [notSold] = await t.db
      .select({ id: contacts.id })
      .from(contacts)
      .where(eq(contacts.mobilePhone, '+15055550873'));
    expect(data.clean).toEqual([
      // 3:22 PM on 14 March 2026 in Albuquerque (MDT, UTC-6).
      {
        row: 2,
        firstName: 'Rita',
        lastName: 'Vigil',
        mobilePhone: '+15055550877',
        email: 'rita.vigil@example.com',
        chattedAt: '2026-03-14T21:22:00.000Z',
        message: 'Is the blue RAV4 still there?\nI can come Saturday.',
        contactId: null,
        contact: 'new',
      },
      {
        row: 3,
        firstName: '',
        lastName: '',
        mobilePhone: '+15055550873',
        email: '',
        chattedAt: '2026-03-15T15:05:00.000Z',
        message: 'Trade-in value for my Civic?',
        contactId: notSold.id,
        contact: 'existing',
      },
      {
        row: 8,
        firstName: 'Lena',
        lastName: 'Romero',
        mobilePhone: null,
        email: 'lena.romero@example.com',
        chattedAt: null,
        message: 'Email only',
        contactId: null,
        contact: 'new',
      },
    ]);
    expect(data.rejected).toEqual([
      { row: 4, reason: 'Phone "555-12" is not a phone number.' },
      { row: 5, reason: 'Email "jo@" is not an email address.' },
      { row: 6, reason: 'No phone or email.' },
      { row: 7, reason: 'Date "yesterday" is not a date such as 2026-03-14 15:22 or 3/14/2026 3:22 PM.' },
    ]);
    expect(await tableFingerprint(t.db)).toEqual(before);
  });
});

describe('experience/import-gubagoo-leads', () => {
  it('makes or matches a contact of the store for each good row, records each chat once, and lists the rows skipped', async () => {
    const res = await marketer.act(importGubagooLeads, { locationId: loc.ABG, leads: leadsCsv });
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({ addedCount: 2, updatedCount: 1, leadCount: 3, alreadyCount: 0, rowCount: 7 });
    expect(data.rejected.map((r: { row: number }) => r.row)).toEqual([4, 5, 6, 7]);
    expect(data.clean.map((l: { contact: string }) => l.contact)).toEqual(['new', 'existing', 'new']);

    const stored = await t.db
      .select()
      .from(contacts)
      .where(
        inArray(
          contacts.id,
          data.clean.map((l) => l.contactId!),
        ),
      )
      .orderBy(asc(contacts.id));
    const rita = stored.find((c) => c.mobilePhone === '+15055550877')!;
    expect(rita).toMatchObject({
      locationId: loc.ABG,
      firstName: 'Rita',
      lastName: 'Vigil',
      email: 'rita.vigil@example.com',
      source: 'chat',
      sold: false,
    });
    expect(stored.find((c) => c.email === 'lena.romero@example.com')).toMatchObject({
      mobilePhone: null,
      source: 'chat',
      firstName: 'Lena',
    });
    // The store's own contact keeps its name, email and source.
    expect(stored.find((c) => c.mobilePhone === '+15055550873')).toMatchObject({
      firstName: 'Not',
      lastName: 'Sold',
      email: 'not.sold@example.com',
      source: 'staff',
    });

    const leads = await t.db.select().from(chatLeads).where(eq(chatLeads.contactId, rita.id));
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({
      locationId: loc.ABG,
      message: 'Is the blue RAV4 still there?\nI can come Saturday.',
      importedBy: marketer.userId,
    });
    expect(leads[0].chattedAt?.toISOString()).toBe('2026-03-14T21:22:00.000Z');
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'experience/import-gubagoo-leads'), eq(auditLog.recordType, 'chatLeads')));
    expect(audit.after).toMatchObject({ rows: 7, skippedRows: [4, 5, 6, 7], leads: 3 });

    // The same export again: nothing new, each chat still once.
    const again = await marketer.act(importGubagooLeads, { locationId: loc.ABG, leads: leadsCsv });
    expect(again.body.data).toMatchObject({ addedCount: 0, updatedCount: 3, leadCount: 0, alreadyCount: 3 });
    const [{ n }] = await t.db.select({ n: count() }).from(chatLeads).where(eq(chatLeads.contactId, rita.id));
    expect(n).toBe(1);
  });

  it('fills a blank name of a contact the store had from the chat', async () => {
    const [blank] = await t.db
      .insert(contacts)
      .values({ locationId: loc.ABH, mobilePhone: '+15055550879', source: 'text' })
      .returning();
    const res = await marketer.act(importGubagooLeads, {
      locationId: loc.ABH,
      leads: 'Name,Cell,Email\n"Ortega, Pablo",505 555 0879,pablo@example.com\n',
    });
    expect(res.body.data.clean[0]).toMatchObject({
      firstName: 'Pablo',
      lastName: 'Ortega',
      contactId: blank.id,
      contact: 'existing',
    });
    const [after] = await t.db.select().from(contacts).where(eq(contacts.id, blank.id));
    expect(after).toMatchObject({ firstName: 'Pablo', lastName: 'Ortega', email: 'pablo@example.com', source: 'text' });
  });

  it('imports an uploaded CSV file, skipping its bad row with the report', async () => {
    const file =
      '\uFEFFVisitor Name\tPhone Number\tChat Transcript\nEva Luna\t505-555-0880\tNeed a quote\nBad One\t000\tx\n';
    const res = await upload(
      marketer,
      'experience/import-gubagoo-leads',
      { locationId: String(loc.SFS) },
      file,
      'chats.csv',
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      addedCount: 1,
      leadCount: 1,
      rejected: [{ row: 3, reason: 'Phone "000" is not a phone number.' }],
      clean: [
        {
          row: 2,
          firstName: 'Eva',
          lastName: 'Luna',
          mobilePhone: '+15055550880',
          message: 'Need a quote',
          contact: 'new',
        },
      ],
    });
    const [eva] = await t.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.locationId, loc.SFS), eq(contacts.mobilePhone, '+15055550880')));
    expect(eva.source).toBe('chat');
  });

  it('answers 400 naming the field and changes nothing when no row can be imported or the export cannot be read', async () => {
    const before = await tableFingerprint(t.db);
    const none = await marketer.act(importGubagooLeads, {
      locationId: loc.ABG,
      leads: 'First name,Phone\nAl,12\nBo,\n',
    });
    expect(none.status).toBe(400);
    expect(none.body.errors[0]).toBe(
      'Leads has no lead that can be imported: row 2: Phone "12" is not a phone number.',
    );
    expect(none.body.data.fields).toEqual(['leads']);
    const noColumn = await marketer.act(importGubagooLeads, { locationId: loc.ABG, leads: 'Name,Comment\nAl,hi\n' });
    expect(noColumn.body.errors[0]).toBe(
      'Leads has no Phone or Email column: its first row names the columns, such as First name, Last name, Phone, Email, Date, Message.',
    );
    const headerOnly = await upload(
      marketer,
      'experience/import-gubagoo-leads',
      { locationId: String(loc.ABG) },
      'Phone,Email\n',
    );
    expect(headerOnly.status).toBe(400);
    expect(headerOnly.body.errors[0]).toBe('CSV file has no leads under its first row.');
    expect(headerOnly.body.data.fields).toEqual(['file']);
    const noStore = await marketer.act(importGubagooLeads, { leads: leadsCsv });
    expect(noStore.body.errors[0]).toBe('Location is required.');
    const nothing = await marketer.act(importGubagooLeads, { locationId: loc.ABG });
    expect(nothing.body.errors[0]).toBe('Leads is required: paste it or choose a CSV file.');
    expect(await tableFingerprint(t.db)).toEqual(before);
  });

  it('keeps to the stores within reach and to the marketing permission', async () => {
    const nm = await t.signedIn(['marketing'], { groupWide: false, regions: ['New Mexico'] });
    const outside = await nm.act(importGubagooLeads, { locationId: loc.DNC, leads: leadsCsv });
    expect(outside.status).toBe(404);
    expect((await nm.act(previewGubagooLeads, { locationId: loc.DNC, leads: leadsCsv })).status).toBe(404);
    expect(
      (await (await t.signedIn(['messenger'])).act(importGubagooLeads, { locationId: loc.ABG, leads: leadsCsv }))
        .status,
    ).toBe(403);
    const [{ n }] = await t.db
      .select({ n: count() })
      .from(contacts)
      .where(and(eq(contacts.locationId, loc.DNC), eq(contacts.source, 'chat')));
    expect(n).toBe(0);
  });
});
