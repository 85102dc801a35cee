/**
 * The messenger's New text (messenger/start-conversation): a text to a number typed or pasted, which
 * becomes the store's contact (or uses the one it has), sent through the send gate in one transaction.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { type Caller, locationsByCode, testApp, type TestApp } from '../../../tests/helpers';
import { auditLog, outbox } from '../../server/platform/platform.db';
import { messages, optOuts } from '../phones/phones.db';
import { contacts } from '../contacts/contacts.db';
import { conversations } from './messenger.db';
import { loadConversation, startConversation } from './messenger.contract';

let t: TestApp;
let staff: Caller;
let loc: Record<string, number>;

beforeAll(async () => {
  t = await testApp();
  staff = await t.signedIn(['messenger']);
  loc = await locationsByCode(t.db);
});
afterAll(async () => {
  await t?.close();
});

const rowCounts = async () => {
  const [[{ c }], [{ m }], [{ o }], [{ v }]] = await Promise.all([
    t.db.select({ c: count() }).from(contacts),
    t.db.select({ m: count() }).from(messages),
    t.db.select({ o: count() }).from(outbox),
    t.db.select({ v: count() }).from(conversations),
  ]);
  return { c, m, o, v };
};
const contactsWith = (locationId: number, phone: string) =>
  t.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.locationId, locationId), eq(contacts.mobilePhone, phone)));

describe('a new text to a number', () => {
  it('makes a new number the store’s contact and texts it from the store’s line, in any format pasted', async () => {
    const before = await rowCounts();
    // A pasted number: a non-breaking hyphen and full-width digits, as a web page or a PDF gives them.
    const res = await staff.act(startConversation, {
      locationId: loc.ABG,
      mobilePhone: '+1 (505) 555\u20110３１２',
      firstName: ' Lucia ',
      lastName: 'Montoya',
      message: 'Hi Lucia, this is Albuquerque Toyota about your service visit.',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      contactAdded: true,
      contactName: 'Lucia Montoya',
      to: '+15055550312',
      status: 'delivered',
    });
    const [contact] = await contactsWith(loc.ABG, '+15055550312');
    expect(contact).toMatchObject({
      id: res.body.data.contactId,
      firstName: 'Lucia',
      lastName: 'Montoya',
      source: 'staff',
    });
    const [text] = await t.db.select().from(messages).where(eq(messages.id, res.body.data.messageId));
    expect(text).toMatchObject({
      direction: 'outbound',
      purpose: 'transactional',
      to: '+15055550312',
      locationId: loc.ABG,
      userId: staff.userId,
      body: 'Hi Lucia, this is Albuquerque Toyota about your service visit.',
    });
    // The conversation is the contact's, and opens under the name.
    const [conversation] = await t.db
      .select()
      .from(conversations)
      .where(and(eq(conversations.locationId, loc.ABG), eq(conversations.phone, '+15055550312')));
    expect(conversation).toMatchObject({ contactId: contact.id, lastDirection: 'outbound', messageCount: 1 });
    const opened = await staff.act(loadConversation, { phone: '5055550312', locationId: loc.ABG });
    expect(opened.body.data).toMatchObject({ contactName: 'Lucia Montoya', contactId: contact.id });
    expect(await rowCounts()).toEqual({ c: before.c + 1, m: before.m + 1, o: before.o + 1, v: before.v + 1 });
    const audited = await t.db
      .select({ action: auditLog.action, recordType: auditLog.recordType })
      .from(auditLog)
      .where(eq(auditLog.userId, staff.userId!));
    expect(audited).toEqual(
      expect.arrayContaining([
        { action: 'messenger/start-conversation', recordType: 'contact' },
        { action: 'messenger/start-conversation', recordType: 'message' },
      ]),
    );
  });

  it('uses the contact the store has with the number: a named one keeps its name, an unnamed one takes it', async () => {
    const [named] = await t.db
      .insert(contacts)
      .values({ locationId: loc.ABG, firstName: 'Ruben', lastName: 'Sena', mobilePhone: '+15055550313' })
      .returning();
    const [unnamed] = await t.db
      .insert(contacts)
      .values({ locationId: loc.ABG, mobilePhone: '+15055550314', source: 'text' })
      .returning();
    const before = await rowCounts();
    const again = await staff.act(startConversation, {
      locationId: loc.ABG,
      mobilePhone: '505.555.0313',
      firstName: 'Someone',
      lastName: 'Else',
      message: 'Your truck is ready.',
    });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ contactId: named.id, contactAdded: false, contactName: 'Ruben Sena' });
    expect((await contactsWith(loc.ABG, '+15055550313'))[0]).toMatchObject({ firstName: 'Ruben', lastName: 'Sena' });
    const naming = await staff.act(startConversation, {
      locationId: loc.ABG,
      mobilePhone: '(505) 555-0314',
      firstName: 'Ana',
      message: 'Thanks for your text; here is the price.',
    });
    expect(naming.body.data).toMatchObject({ contactId: unnamed.id, contactAdded: false, contactName: 'Ana' });
    expect((await contactsWith(loc.ABG, '+15055550314'))[0]).toMatchObject({ firstName: 'Ana', lastName: '' });
    // The same number at another store is that store's own contact.
    const elsewhere = await staff.act(startConversation, {
      locationId: loc.ABH,
      mobilePhone: '5055550313',
      message: 'Hello from Albuquerque Honda.',
    });
    expect(elsewhere.body.data).toMatchObject({ contactAdded: true, contactName: '(505) 555-0313' });
    expect((await contactsWith(loc.ABH, '+15055550313'))[0]).toMatchObject({ firstName: '', source: 'staff' });
    expect(await rowCounts()).toMatchObject({ c: before.c + 1, m: before.m + 3 });
  });

  it('refuses an opted-out number with the gate’s sentence and keeps no contact', async () => {
    await t.db.insert(optOuts).values({ phoneNumber: '+15055550315', keyword: 'STOP' });
    const before = await rowCounts();
    const stopped = await staff.act(startConversation, {
      locationId: loc.ABG,
      mobilePhone: '505-555-0315',
      firstName: 'Opted',
      message: 'Hello',
    });
    expect(stopped.status).toBe(409);
    expect(stopped.body.errors[0]).toMatch(/^\(505\) 555-0315 has opted out of texts and calls from the group/);
    expect(await contactsWith(loc.ABG, '+15055550315')).toEqual([]);
    expect(await rowCounts()).toEqual(before);
  });

  it('answers bad input with sentences naming the fields, and callers without the flag with 403, changing nothing', async () => {
    const before = await rowCounts();
    const blank = await staff.act(startConversation, { locationId: '', mobilePhone: '', message: ' ' });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual(['Location is required.', 'Mobile phone is required.', 'Message is required.']);
    expect(blank.body.data.fields).toEqual(['locationId', 'mobilePhone', 'message']);
    const wrong = await staff.act(startConversation, {
      locationId: loc.ABG,
      mobilePhone: 'call me',
      firstName: 'x'.repeat(61),
      message: 'Hi',
    });
    expect(wrong.body.errors).toEqual([
      'Mobile phone must be a phone number such as (505) 555-0142.',
      'First name must be at most 60 characters.',
    ]);
    // Shaped like a number, but no number: 555 is no area code.
    const none = await staff.act(startConversation, {
      locationId: loc.ABG,
      mobilePhone: '(555) 555-5555',
      message: 'Hi',
    });
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual(['Mobile phone must be a phone number such as (505) 555-0142.']);
    expect(none.body.data.fields).toEqual(['mobilePhone']);
    const nobody = await t.signedIn(['marketing']);
    const denied = await nobody.act(startConversation, {
      locationId: loc.ABG,
      mobilePhone: '5055550316',
      message: 'Hi',
    });
    expect(denied.status).toBe(403);
    expect(await rowCounts()).toEqual(before);
  });
});
