import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { type ActInput, type Caller, locationsByCode, testApp, type TestApp } from '../../../tests/helpers';
import { postWebhook } from '../../../tests/telephony';
import { auditLog, outbox } from '../../server/platform/platform.db';
import { jobs } from '../../server/jobs/jobs.db';
import { drainJobs } from '../../server/jobs/jobs';
import { locations } from '../locations/locations.db';
import { calls, messages, optOuts, phones } from '../phones/phones.db';
import { UNREACHABLE_NUMBER } from '../../server/providers/telephony/local';
import { simulateInboundText } from '../phones/phones.api';
import { contacts, emailOptOuts } from '../contacts/contacts.db';
import { bulkRecipients, bulkSendTallies, bulkSends, conversations } from './messenger.db';
import { unsubscribeUrl } from './unsubscribe';
import { findRecords, todayFigures } from '../../shared/shell.contract';
import { addContact } from '../contacts/contacts.contract';
import {
  cancelSend,
  checkList,
  emailContactList,
  loadConversation,
  loadMessages,
  loadSend,
  loadSends,
  loadShortcut,
  makeMassCall,
  optOutNumbers,
  sendMassText,
  sendText,
  textContactList,
  toggleAutopilot,
  verifyPhoneNumbers,
} from './messenger.contract';

let t: TestApp;
let staff: Caller;
let marketer: Caller;
let loc: Record<string, number>;
/** A main line of ABG, as the demo made it. */
let abgLine: { id: number; phoneNumber: string };

beforeAll(async () => {
  t = await testApp();
  staff = await t.signedIn(['messenger']);
  marketer = await t.signedIn(['marketing', 'messenger']);
  loc = await locationsByCode(t.db);
  [abgLine] = await t.db
    .select({ id: phones.id, phoneNumber: phones.phoneNumber })
    .from(phones)
    .where(and(eq(phones.locationId, loc.ABG), eq(phones.phoneType, 'main'), eq(phones.active, true)))
    .orderBy(asc(phones.id))
    .limit(1);
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  t.app.services.clock.now = () => new Date();
});

/** 15:00 in Albuquerque on the next weekday: marketing may go out. */
const afternoon = () => new Date(Math.ceil(Date.now() / 86_400_000) * 86_400_000 + 22 * 3_600_000);
/** 3:00 in Albuquerque tomorrow: marketing waits. */
const night = () => new Date(Math.ceil(Date.now() / 86_400_000) * 86_400_000 + 10 * 3_600_000);

const rowCounts = async () => {
  const [[{ m }], [{ o }], [{ s }], [{ r }], [{ j }]] = await Promise.all([
    t.db.select({ m: count() }).from(messages),
    t.db.select({ o: count() }).from(outbox),
    t.db.select({ s: count() }).from(bulkSends),
    t.db.select({ r: count() }).from(bulkRecipients),
    t.db.select({ j: count() }).from(jobs),
  ]);
  return { m, o, s, r, j };
};
const inbound = (from: string, body: string, to = abgLine.phoneNumber) =>
  simulateInboundText(t.db, t.app.services, { from, to, body });

describe('conversations', () => {
  it('lists conversations newest first, by store, by who spoke last, unread, name and number', async () => {
    const all = await staff.act(loadMessages, {});
    expect(all.status).toBe(200);
    const rows = all.body.data.rows as {
      lastMessageAt: string;
      locationId: number;
      lastDirection: string;
      contactName: string;
      phone: string;
      unread: number;
    }[];
    expect(all.body.data.conversationCount).toBeGreaterThan(30);
    expect(rows.map((r) => r.lastMessageAt)).toEqual([...rows.map((r) => r.lastMessageAt)].sort().reverse());
    expect(all.body.data.html).toContain('<th data-key="lastBody">Message</th>');

    const abg = await staff.act(loadMessages, { locationId: loc.ABG, direction: 'inbound' });
    const waiting = abg.body.data.rows as typeof rows;
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting.every((r) => r.locationId === loc.ABG && r.lastDirection === 'inbound')).toBe(true);
    const named = waiting.find((r) => r.contactName);
    expect(named?.unread).toBeGreaterThan(0);

    const byName = await staff.act(loadMessages, { filter: named!.contactName.split(' ')[1] });
    expect((byName.body.data.rows as typeof rows).some((r) => r.phone === named!.phone)).toBe(true);
    const byNumber = await staff.act(loadMessages, { filter: named!.phone.slice(2, 8) });
    expect((byNumber.body.data.rows as typeof rows).every((r) => r.phone.startsWith(named!.phone.slice(0, 8)))).toBe(
      true,
    );
    const unread = await staff.act(loadMessages, { unread: '1' });
    expect((unread.body.data.rows as typeof rows).every((r) => r.unread > 0)).toBe(true);
    // The old API's count is the page size.
    const counted = await staff.act(loadMessages, { count: 3 });
    expect(counted.body.data.rows).toHaveLength(3);
    expect(counted.body.data.nextCursor).not.toBeNull();
  });

  it('refuses a bad filter and callers without the messenger flag', async () => {
    const bad = await staff.act(loadMessages, { direction: 'sideways' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toBe('Direction must be one of: inbound, outbound.');
    const nobody = await t.signedIn([]);
    expect((await nobody.act(loadMessages, {})).status).toBe(403);
    expect((await nobody.act(loadConversation, { phone: '5055550142' })).status).toBe(403);
  });

  it('opens a conversation oldest first and marks it read', async () => {
    const [waiting] = await t.db
      .select()
      .from(conversations)
      .where(and(eq(conversations.locationId, loc.ABG), eq(conversations.lastDirection, 'inbound')))
      .orderBy(desc(conversations.unread))
      .limit(1);
    expect(waiting.unread).toBeGreaterThan(0);
    const res = await staff.act(loadConversation, { phone: waiting.phone, locationId: loc.ABG });
    expect(res.status).toBe(200);
    const { data } = res.body;
    expect(data.phone).toBe(waiting.phone);
    expect(data.contactName).not.toBe('');
    expect(data.messages.length).toBe(waiting.messageCount);
    expect(data.messages.at(-1)!.direction).toBe('inbound');
    expect(data.messages.map((m: { createdAt: string }) => m.createdAt)).toEqual(
      [...data.messages.map((m: { createdAt: string }) => m.createdAt)].sort(),
    );
    expect(data.html).toContain('class="message inbound"');
    const [after] = await t.db.select().from(conversations).where(eq(conversations.id, waiting.id));
    expect(after.unread).toBe(0);
    expect(after.readAt).not.toBeNull();
    const bad = await staff.act(loadConversation, { phone: '12' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toBe('Phone must be a phone number such as (505) 555-0142.');
  });

  it('keeps a user to the conversations of their region', async () => {
    const nm = await t.signedIn(['messenger'], { groupWide: false, regions: ['New Mexico'] });
    const rows = (await nm.act(loadMessages, { count: 500 })).body.data.rows as { locationId: number }[];
    const nmIds = (
      await t.db.select({ id: locations.id }).from(locations).where(eq(locations.region, 'New Mexico'))
    ).map((l) => l.id);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => nmIds.includes(r.locationId))).toBe(true);
    expect((await nm.act(loadMessages, { locationId: loc.DNC })).status).toBe(404);
    const [denver] = await t.db.select().from(conversations).where(eq(conversations.locationId, loc.DNC)).limit(1);
    const far = await nm.act(loadConversation, { phone: denver.phone });
    expect(far.body.data.messages).toEqual([]);
  });

  it('a new inbound text starts a conversation, unread and awaiting a reply, and makes the number a contact', async () => {
    await inbound('+15055550177', 'Do you have the Tacoma in blue?');
    const [c] = await t.db
      .select()
      .from(conversations)
      .where(and(eq(conversations.locationId, loc.ABG), eq(conversations.phone, '+15055550177')));
    expect(c).toMatchObject({
      lastDirection: 'inbound',
      unread: 1,
      messageCount: 1,
      lastBody: 'Do you have the Tacoma in blue?',
    });
    const [contact] = await t.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.locationId, loc.ABG), eq(contacts.mobilePhone, '+15055550177')));
    expect(contact.source).toBe('text');
  });
});

describe('the home and the palette', () => {
  it('counts the texts awaiting a reply as the list it opens shows them, and finds contacts by name and number', async () => {
    const figure = (await staff.act(todayFigures, {})).body.data.figures.find(
      (f: { key: string }) => f.key === 'textsAwaitingReply',
    )!;
    expect(figure).toMatchObject({ label: 'Texts awaiting a reply', href: '/messenger/?direction=inbound&unread=1' });
    const list = await staff.act(loadMessages, { direction: 'inbound', unread: '1' });
    expect(figure.value).toBe(list.body.data.conversationCount);
    expect(figure.value).toBeGreaterThan(0);
    expect(
      (await (await t.signedIn(['marketing'])).act(todayFigures, {})).body.data.figures.map(
        (f: { key: string }) => f.key,
      ),
    ).not.toContain('textsAwaitingReply');

    const [named] = await t.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.locationId, loc.ABG), eq(contacts.source, 'staff')))
      .orderBy(asc(contacts.id))
      .limit(1);
    const find = async (query: string) =>
      (
        (await staff.act(findRecords, { query })).body.data.groups as {
          kind: string;
          results: { title: string; href: string }[];
        }[]
      ).find((g) => g.kind === 'contact')?.results ?? [];
    const href = `/messenger/?p=${named.mobilePhone!.slice(2)}&l=${loc.ABG}`;
    expect(await find(named.lastName)).toContainEqual(
      expect.objectContaining({ title: `${named.firstName} ${named.lastName}`, href }),
    );
    expect(await find(named.mobilePhone!.slice(2))).toEqual([
      expect.objectContaining({ title: `${named.firstName} ${named.lastName}`, href }),
    ]);
  });
});

describe('send-text', () => {
  it("replies from the store's line through the send gate, with the quote url, and the conversation moves on", async () => {
    const before = await rowCounts();
    const res = await staff.act(sendText, {
      to: '(505) 555-0177',
      message: 'Yes, we have two. Here is the price:',
      quoteUrl: 'https://forecourt.example.com/q/abc',
      locationId: loc.ABG,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ to: '+15055550177', status: 'delivered' });
    const [text] = await t.db.select().from(messages).where(eq(messages.id, res.body.data.messageId));
    expect(text).toMatchObject({
      direction: 'outbound',
      purpose: 'transactional',
      to: '+15055550177',
      locationId: loc.ABG,
      userId: staff.userId,
    });
    expect(text.body).toBe('Yes, we have two. Here is the price:\nhttps://forecourt.example.com/q/abc');
    const [sent] = await t.db.select().from(outbox).where(eq(outbox.sid, text.messageSid));
    expect(sent.to).toBe('+15055550177');
    const [c] = await t.db
      .select()
      .from(conversations)
      .where(and(eq(conversations.locationId, loc.ABG), eq(conversations.phone, '+15055550177')));
    expect(c.lastDirection).toBe('outbound');
    expect(c.messageCount).toBe(2);
    const after = await rowCounts();
    expect(after.m - before.m).toBe(1);
    expect(after.o - before.o).toBe(1);
  });

  it('refuses an opted-out number, a bad number, a bad quote url and callers without the flag, sending nothing', async () => {
    await t.db.insert(optOuts).values({ phoneNumber: '+15055550166', keyword: 'STOP' });
    const before = await rowCounts();
    const stopped = await staff.act(sendText, { to: '5055550166', message: 'Hello', locationId: loc.ABG });
    expect(stopped.status).toBe(409);
    expect(stopped.body.errors[0]).toMatch(/^\(505\) 555-0166 has opted out of texts and calls from the group/);
    const bad = await staff.act(sendText, {
      to: 'abc',
      message: '',
      quoteUrl: 'javascript:alert(1)',
      locationId: loc.ABG,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      'To must be a phone number such as (505) 555-0142.',
      'Message is required.',
      'Quote URL must be a web address starting with https://.',
    ]);
    const nobody = await t.signedIn(['marketing']);
    expect((await nobody.act(sendText, { to: '5055550177', message: 'Hi', locationId: loc.ABG })).status).toBe(403);
    expect(await rowCounts()).toEqual(before);
  });
});

describe('autopilot and shortcuts', () => {
  it("fills a shortcut with the store's shortcodes", async () => {
    const res = await staff.act(loadShortcut, { locationId: loc.ABG, shortcut: 'Address' });
    expect(res.status).toBe(200);
    expect(res.body.data.message).toBe(
      'We are at 8001 Lomas Blvd NE Albuquerque, NM 87110. Call us at (505) 265-0100.',
    );
    const missing = await staff.act(loadShortcut, { locationId: loc.ABG, shortcut: 'fax' });
    expect(missing.status).toBe(404);
    expect(missing.body.errors[0]).toBe('There is no shortcut named fax.');
  });

  it('toggles autopilot and answers the state it is in; autopilot answers a keyword once through the gate', async () => {
    const [contact] = await t.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.locationId, loc.ABG), eq(contacts.mobilePhone, '+15055550177')));
    const on = await staff.act(toggleAutopilot, { contactId: contact.id });
    expect(on.body.data.direction).toBe('enabled');
    expect((await t.db.select().from(contacts).where(eq(contacts.id, contact.id)))[0].autopilot).toBe(true);
    // The conversation shows it (kept by a trigger on contacts).
    const listed = (await staff.act(loadMessages, { filter: '5055550177' })).body.data.rows;
    expect(listed).toEqual([expect.objectContaining({ contactId: contact.id, autopilot: true })]);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordType, 'contact'), eq(auditLog.recordId, String(contact.id))));
    expect(audit.after).toEqual({ autopilot: true });

    await inbound('+15055550177', 'What are your hours on Saturday?');
    expect(await drainJobs(t.app.services)).toBe(1);
    const [answer] = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.to, '+15055550177'), eq(messages.direction, 'outbound')))
      .orderBy(desc(messages.id))
      .limit(1);
    expect(answer.body).toMatch(/^Albuquerque Toyota service hours: /);
    expect(answer.userId).toBeNull();
    const open = await staff.act(loadConversation, { phone: '5055550177', locationId: loc.ABG });
    expect(open.body.data.autopilot).toBe(true);
    expect(open.body.data.messages.at(-1)).toMatchObject({ automatic: true, direction: 'outbound' });

    // No keyword: acknowledged once, then left to a person.
    await inbound('+15055550177', 'Thanks, also is the blue one 4WD');
    await inbound('+15055550177', 'And how many miles');
    await drainJobs(t.app.services);
    const answers = await t.db
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.to, '+15055550177'),
          eq(messages.direction, 'outbound'),
          eq(messages.body, 'Thanks for your text! Someone from Albuquerque Toyota will reply shortly.'),
        ),
      );
    expect(answers).toHaveLength(1);

    const off = await staff.act(toggleAutopilot, { contactId: contact.id });
    expect(off.body.data.direction).toBe('disabled');
    await inbound('+15055550177', 'What are your hours?');
    expect(await drainJobs(t.app.services)).toBe(0);
  });

  it('keeps autopilot to contacts within reach', async () => {
    const nm = await t.signedIn(['messenger'], { groupWide: false, regions: ['New Mexico'] });
    const [denver] = await t.db.select().from(contacts).where(eq(contacts.locationId, loc.DNC)).limit(1);
    expect((await nm.act(toggleAutopilot, { contactId: denver.id })).status).toBe(404);
    expect((await t.db.select().from(contacts).where(eq(contacts.id, denver.id)))[0].autopilot).toBe(denver.autopilot);
  });
});

describe('contacts', () => {
  it('adds a contact and refuses a duplicate number or one with neither number nor email', async () => {
    const res = await staff.act(addContact, {
      locationId: loc.ABH,
      firstName: 'Nora',
      lastName: 'Vigil',
      mobilePhone: '(505) 555-0133',
      email: 'Nora@Example.com',
    });
    expect(res.status).toBe(200);
    const [row] = await t.db.select().from(contacts).where(eq(contacts.id, res.body.data.contactId));
    expect(row).toMatchObject({
      locationId: loc.ABH,
      firstName: 'Nora',
      lastName: 'Vigil',
      mobilePhone: '+15055550133',
      email: 'nora@example.com',
      source: 'staff',
    });

    // A number that texted the store before it was a contact: its conversation takes the name.
    const [line] = await t.db
      .select()
      .from(phones)
      .where(and(eq(phones.locationId, loc.ABH), eq(phones.active, true)))
      .limit(1);
    await inbound('+15055550134', 'Hi, this is Rita', line.phoneNumber);
    await t.db.delete(contacts).where(and(eq(contacts.locationId, loc.ABH), eq(contacts.mobilePhone, '+15055550134')));
    const [unnamed] = await t.db
      .select()
      .from(conversations)
      .where(and(eq(conversations.locationId, loc.ABH), eq(conversations.phone, '+15055550134')));
    expect(unnamed).toMatchObject({ contactId: null, contactName: '' });
    const rita = await staff.act(addContact, {
      locationId: loc.ABH,
      firstName: 'Rita',
      lastName: 'Baca',
      mobilePhone: '5055550134',
    });
    const [named] = await t.db.select().from(conversations).where(eq(conversations.id, unnamed.id));
    expect(named).toMatchObject({ contactId: rita.body.data.contactId, contactName: 'Rita Baca' });
    const again = await staff.act(addContact, { locationId: loc.ABH, mobilePhone: '505-555-0133' });
    expect(again.status).toBe(409);
    expect(again.body.errors[0]).toBe('Albuquerque Honda already has a contact with the number (505) 555-0133.');
    const empty = await staff.act(addContact, { locationId: loc.ABH, firstName: 'Nobody' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0]).toBe('Mobile phone needs a mobile phone or an email.');
  });
});

describe('cleaning lists and adding opt-outs', () => {
  it('verifies numbers: the reachable ones as E.164 once, the others with the reason', async () => {
    await t.db
      .insert(optOuts)
      .values({ phoneNumber: '+15055550155', keyword: 'STOP', createdAt: new Date('2026-11-01T12:00:00Z') })
      .onConflictDoNothing();
    const res = await staff.call(
      'messenger/verify-phone-numbers',
      { numbers: '(505) 555-0150\n505-555-0150, 1-800-555-0123; 5055550155\nhello\n+19005550123' },
      { form: true },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      clean: ['+15055550150'],
      duplicates: 1,
      rejected: [
        { number: '1-800-555-0123', reason: 'a toll-free number' },
        { number: '5055550155', reason: 'opted out (STOP on 2026-11-01)' },
        { number: 'hello', reason: 'not a phone number' },
        { number: '+19005550123', reason: 'a premium or shared-cost number' },
      ],
    });
    const empty = await staff.act(verifyPhoneNumbers, { numbers: ' \n ' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual(['Numbers needs at least one number.']);
    expect((await (await t.signedIn(['marketing'])).act(verifyPhoneNumbers, { numbers: '5055550150' })).status).toBe(
      403,
    );
  });

  it('adds numbers to the opt-out list once, and the send gate then refuses them', async () => {
    const before = await t.db.select({ n: count() }).from(optOuts);
    const unticked = await staff.act(optOutNumbers, { numbers: '5055550161', confirm: 0 });
    expect(unticked.body.errors).toEqual(['Confirm must be ticked to add the numbers.']);
    expect(await t.db.select({ n: count() }).from(optOuts)).toEqual(before);
    const res = await staff.act(optOutNumbers, {
      numbers: '5055550161\n(505) 555-0162\n5055550161\n5055550155\nnope',
      confirm: 1,
    });
    expect(res.body.data).toEqual({
      added: 2,
      already: 1,
      rejected: [{ number: 'nope', reason: 'not a phone number' }],
    });
    const [row] = await t.db.select().from(optOuts).where(eq(optOuts.phoneNumber, '+15055550162'));
    expect(row).toMatchObject({ keyword: 'STAFF', source: 'staff' });
    const refused = await staff.act(sendText, { to: '5055550162', message: 'Hello', locationId: loc.ABG });
    expect(refused.status).toBe(409);
  });

  it('checks a list against a store: reachable, opted out, its contact and last text', async () => {
    const [c] = await t.db
      .select()
      .from(conversations)
      .where(eq(conversations.locationId, loc.ABG))
      .orderBy(desc(conversations.lastMessageAt))
      .limit(1);
    const res = await staff.act(checkList, { locationId: loc.ABG, numbers: [c.phone, '5055550162', 'x'] });
    expect(res.status).toBe(200);
    const [known, out, bad] = res.body.data.rows;
    expect(known).toMatchObject({
      phone: c.phone,
      reachable: true,
      optedOut: false,
      lastTextAt: c.lastMessageAt.toISOString(),
    });
    expect(known.contactName).toBeTruthy();
    expect(out).toMatchObject({ number: '(505) 555-0162', reachable: false, optedOut: true, contactId: null });
    expect(bad).toMatchObject({ number: 'x', phone: null, reachable: false, reason: 'not a phone number' });
    expect(res.body.data).toMatchObject({ reachableCount: 1, contactCount: 1 });
    const nm = await t.signedIn(['messenger'], { groupWide: false, regions: ['New Mexico'] });
    expect((await nm.act(checkList, { locationId: loc.DNC, numbers: [c.phone] })).status).toBe(404);
  });
});

/**
 * The progress reads counts the triggers keep (bulk_send_tallies, migration 0052): every send's, held
 * against the same counts made afresh from its recipients and its texts and calls.
 */
async function expectTalliesRecounted() {
  type Rows = { rows: Record<string, unknown>[] };
  const rowsOf = async (q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as Rows).rows;
  const kept = await rowsOf(sql`select send_id, counted, not_before::text, count from bulk_send_tallies
    where count <> 0 order by 1, 2, 3`);
  const recounted = await rowsOf(sql`select send_id, counted, not_before::text, count::int from (
      select send_id, state as counted, coalesce(not_before, '-infinity') as not_before, count(*) from bulk_recipients group by 1, 2, 3
      union all
      select bulk_send_id, forecourt_bulk_outcome('messages', status), '-infinity', count(*) from messages where bulk_send_id is not null group by 1, 2
      union all
      select bulk_send_id, forecourt_bulk_outcome('calls', status), '-infinity', count(*) from calls where bulk_send_id is not null group by 1, 2
    ) c where counted is not null order by 1, 2, 3`);
  expect(kept.length).toBeGreaterThan(0);
  expect(kept).toEqual(recounted);
}

describe('mass texts', () => {
  const numbers = ['5055550101', '(505) 555-0102', '+1 505 555 0101', '5055550166', '5755550103'];

  it('needs the confirmation ticked and the marketing flag; nothing is stored otherwise', async () => {
    const before = await rowCounts();
    const unticked = await marketer.act(sendMassText, { locationId: loc.ABG, message: 'Sale!', numbers, confirm: 0 });
    expect(unticked.status).toBe(400);
    expect(unticked.body.errors).toEqual(['Confirm must be ticked to send.']);
    const empty = await marketer.act(sendMassText, { locationId: loc.ABG, message: 'Sale!', numbers: '', confirm: 1 });
    expect(empty.body.errors).toEqual(['Numbers needs at least one number.']);
    expect((await staff.act(sendMassText, { locationId: loc.ABG, message: 'Sale!', numbers, confirm: 1 })).status).toBe(
      403,
    );
    expect(await rowCounts()).toEqual(before);
  });

  it('records each recipient once, then texts each exactly once and refuses the opted-out with the reason', async () => {
    t.app.services.clock.now = afternoon;
    const res = await marketer.call(
      '/api/kits/text/send-mass-text',
      { locationId: loc.ABG, message: 'Year-end sale this weekend!', numbers, confirm: 1 },
      { form: true },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ recipientCount: 4, duplicates: 1 });
    const { sendId } = res.body.data;
    const [send] = await t.db.select().from(bulkSends).where(eq(bulkSends.id, sendId));
    expect(send).toMatchObject({
      kind: 'text',
      state: 'queued',
      locationId: loc.ABG,
      recipientCount: 4,
      createdBy: marketer.userId,
    });
    const [job] = await t.db.select().from(jobs).where(eq(jobs.id, send.jobId!));
    expect(job).toMatchObject({ kind: 'messenger.bulk-send', state: 'queued', payload: { sendId } });

    // The send, then the job linking its new numbers to customers (decision 043).
    expect(await drainJobs(t.app.services)).toBe(2);
    const recipients = await t.db
      .select()
      .from(bulkRecipients)
      .where(eq(bulkRecipients.sendId, sendId))
      .orderBy(asc(bulkRecipients.address));
    expect(recipients.map((r) => [r.address, r.state])).toEqual([
      ['+15055550101', 'sent'],
      ['+15055550102', 'sent'],
      ['+15055550166', 'refused'],
      ['+15755550103', 'sent'],
    ]);
    expect(recipients[2].reason).toMatch(/has opted out/);
    for (const r of recipients.filter((x) => x.state === 'sent')) {
      const sent = await t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.to, r.address), eq(outbox.body, 'Year-end sale this weekend!')));
      expect(sent).toHaveLength(1);
      const [text] = await t.db.select().from(messages).where(eq(messages.messageSid, r.sid!));
      expect(text).toMatchObject({ purpose: 'marketing', locationId: loc.ABG, userId: marketer.userId });
    }
    const progress = await marketer.act(loadSend, { sendId });
    expect(progress.body.data.send).toMatchObject({
      state: 'done',
      stateLabel: 'Done',
      recipientCount: 4,
      sent: 3,
      delivered: 3,
      refused: 1,
      queued: 0,
      secondsLeft: null,
    });
    expect(progress.body.data.send.reasons[0].count).toBe(1);
    // Each text knows its send; a carrier's late word that one never arrived moves it from delivered to failed.
    const texts = await t.db.select().from(messages).where(eq(messages.bulkSendId, sendId));
    expect(texts).toHaveLength(3);
    const late = await postWebhook(t, '/webhooks/twilio/message-status', {
      MessageSid: texts[0].messageSid,
      MessageStatus: 'undelivered',
      AccountSid: `AC${'0'.repeat(32)}`,
    });
    expect(late.status).toBe(200);
    const after = await marketer.act(loadSend, { sendId });
    expect(after.body.data.send).toMatchObject({ sent: 3, delivered: 2, failed: 1, refused: 1 });
    await expectTalliesRecounted();
    // Running it again sends nothing more.
    await t.db.update(jobs).set({ state: 'queued' }).where(eq(jobs.id, send.jobId!));
    await drainJobs(t.app.services);
    expect(await t.db.select().from(outbox).where(eq(outbox.body, 'Year-end sale this weekend!'))).toHaveLength(3);
  });

  it("waits for the recipients' morning, or refuses them, as the sender chose", async () => {
    t.app.services.clock.now = night;
    const waiting = await marketer.act(sendMassText, {
      locationId: loc.ABG,
      message: 'Early bird special',
      numbers: ['5055550104'],
      quietHours: 'wait',
      confirm: 1,
    });
    const refusing = await marketer.act(sendMassText, {
      locationId: loc.ABG,
      message: 'Night owl special',
      numbers: ['5055550105'],
      quietHours: 'refuse',
      confirm: 1,
    });
    await drainJobs(t.app.services);
    const [w] = await t.db.select().from(bulkRecipients).where(eq(bulkRecipients.sendId, waiting.body.data.sendId));
    expect(w.state).toBe('queued');
    // 8:00 in Albuquerque (UTC−7 in winter): 15:00 UTC the same day.
    expect(w.notBefore?.toISOString()).toBe(new Date(night().getTime() + 5 * 3_600_000).toISOString());
    const [ws] = await t.db.select().from(bulkSends).where(eq(bulkSends.id, waiting.body.data.sendId));
    expect(ws.state).toBe('waiting');
    const [wj] = await t.db.select().from(jobs).where(eq(jobs.id, ws.jobId!));
    expect(wj).toMatchObject({ state: 'queued' });
    expect(wj.runAt.toISOString()).toBe(w.notBefore!.toISOString());
    expect((await marketer.act(loadSend, { sendId: waiting.body.data.sendId })).body.data.send).toMatchObject({
      state: 'waiting',
      queued: 1,
      waiting: 1,
      sent: 0,
    });
    const [r] = await t.db.select().from(bulkRecipients).where(eq(bulkRecipients.sendId, refusing.body.data.sendId));
    expect(r.state).toBe('refused');
    expect(r.reason).toMatch(/may only go out from 8:00 to 21:00 in the recipient's time zone/);
    expect(await t.db.select().from(outbox).where(eq(outbox.body, 'Early bird special'))).toHaveLength(0);

    // Cancelled while it waits: nobody gets it.
    const cancelled = await marketer.act(cancelSend, { sendId: waiting.body.data.sendId });
    expect(cancelled.body.data.state).toBe('cancelled');
    // Marked so by the Cancel's job, after its answer.
    await drainJobs(t.app.services);
    const [after] = await t.db.select().from(bulkRecipients).where(eq(bulkRecipients.sendId, waiting.body.data.sendId));
    expect(after.state).toBe('cancelled');
    expect((await t.db.select().from(jobs).where(eq(jobs.id, ws.jobId!)))[0].state).toBe('cancelled');
    const progress = await marketer.act(loadSend, { sendId: waiting.body.data.sendId });
    expect(progress.body.data.send).toMatchObject({ state: 'cancelled', cancelled: 1, waiting: 0, sent: 0 });
    await expectTalliesRecounted();
    // A send deleted takes its recipients and its tallies with it.
    await t.db.delete(bulkSends).where(eq(bulkSends.id, waiting.body.data.sendId));
    expect(
      await t.db.select().from(bulkSendTallies).where(eq(bulkSendTallies.sendId, waiting.body.data.sendId)),
    ).toEqual([]);
    await expectTalliesRecounted();
  });

  it("texts a store's contacts with a mobile number, each once, or only those who bought", async () => {
    t.app.services.clock.now = afternoon;
    const [{ n: withPhones }] = await t.db
      .select({ n: count() })
      .from(contacts)
      .where(and(eq(contacts.locationId, loc.SFS), isNotNull(contacts.mobilePhone)));
    const res = await marketer.act(textContactList, {
      locationId: loc.SFS,
      message: 'Santa Fe service clinic on Saturday',
      confirm: 1,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.recipientCount).toBe(withPhones);
    const stored = await t.db.select().from(bulkRecipients).where(eq(bulkRecipients.sendId, res.body.data.sendId));
    expect(stored.every((r) => r.contactId !== null)).toBe(true);
    expect((await t.db.select().from(bulkSends).where(eq(bulkSends.id, res.body.data.sendId)))[0].recipientCount).toBe(
      withPhones,
    );
    await drainJobs(t.app.services);
    expect(await t.db.select().from(outbox).where(eq(outbox.body, 'Santa Fe service clinic on Saturday'))).toHaveLength(
      withPhones,
    );

    await t.db
      .update(contacts)
      .set({ sold: true })
      .where(and(eq(contacts.locationId, loc.SFS), eq(contacts.firstName, 'Maria')));
    const sold = await marketer.act(textContactList, {
      locationId: loc.SFS,
      message: 'Owners only',
      sold: '1',
      confirm: 1,
    });
    const [{ n: soldCount }] = await t.db
      .select({ n: count() })
      .from(contacts)
      .where(and(eq(contacts.locationId, loc.SFS), eq(contacts.sold, true), isNotNull(contacts.mobilePhone)));
    expect(sold.body.data.recipientCount).toBe(soldCount);
    const none = await marketer.act(textContactList, { locationId: loc.TUC, message: 'Hi', confirm: 1 });
    expect(none.status).toBe(400);
    expect(none.body.errors[0]).toBe('That store has no contacts with a mobile number to text.');
    await drainJobs(t.app.services);
  });

  it("keeps sends to their store's reach", async () => {
    const nm = await t.signedIn(['marketing'], { groupWide: false, regions: ['New Mexico'] });
    expect(
      (await nm.act(sendMassText, { locationId: loc.DNC, message: 'Hi', numbers: ['3035550101'], confirm: 1 })).status,
    ).toBe(404);
    const [send] = await t.db.select().from(bulkSends).limit(1);
    const denver = await marketer.act(sendMassText, {
      locationId: loc.DNC,
      message: 'Hi Denver',
      numbers: ['3035550101'],
      confirm: 1,
    });
    expect((await nm.act(loadSend, { sendId: denver.body.data.sendId })).status).toBe(404);
    expect((await nm.act(loadSend, { sendId: send.id })).status).toBe(200);
    const list = await nm.act(loadSends, {});
    expect((list.body.data.rows as { locationName: string }[]).some((r) => r.locationName === 'Denver Chevrolet')).toBe(
      false,
    );
    await drainJobs(t.app.services);
  });
});

describe('mass calls', () => {
  const call = (who: Caller, input: ActInput<typeof makeMassCall>) => who.act(makeMassCall, input);
  const message = 'This is Albuquerque Toyota: our service clinic is open this Saturday from 8 to noon.';

  it('needs the confirmation, a message and the marketing flag; nothing is stored otherwise', async () => {
    const before = await rowCounts();
    const unticked = await call(marketer, { locationId: loc.ABG, message, numbers: ['5055550111'], confirm: 0 });
    expect(unticked.status).toBe(400);
    expect(unticked.body.errors).toEqual(['Confirm must be ticked to send.']);
    expect(
      (await call(marketer, { locationId: loc.ABG, message: '', numbers: ['5055550111'], confirm: 1 })).body.errors,
    ).toEqual(['Message is required.']);
    expect(
      (await call(marketer, { locationId: loc.ABG, message: 'x'.repeat(1001), numbers: ['5055550111'], confirm: 1 }))
        .status,
    ).toBe(400);
    expect((await call(staff, { locationId: loc.ABG, message, numbers: ['5055550111'], confirm: 1 })).status).toBe(403);
    const nm = await t.signedIn(['marketing'], { groupWide: false, regions: ['New Mexico'] });
    expect((await call(nm, { locationId: loc.DNC, message, numbers: ['3035550111'], confirm: 1 })).status).toBe(404);
    expect(await rowCounts()).toEqual(before);
  });

  it('calls each number once with the message read out; the opted-out are refused, and no answer is a failure', async () => {
    t.app.services.clock.now = afternoon;
    const callsBefore = await t.db.select({ n: count() }).from(calls);
    await t.db.insert(optOuts).values({ phoneNumber: '+15055550166', keyword: 'STOP' }).onConflictDoNothing();
    const numbers = ['5055550121', '505-555-0122', '+1 505 555 0121', '5055550166', UNREACHABLE_NUMBER];
    const res = await call(marketer, { locationId: loc.ABG, message, numbers, confirm: 1 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ recipientCount: 4, duplicates: 1 });
    const { sendId } = res.body.data;
    expect((await t.db.select().from(bulkSends).where(eq(bulkSends.id, sendId)))[0]).toMatchObject({
      kind: 'call',
      body: message,
      state: 'queued',
    });

    await drainJobs(t.app.services);
    const recipients = await t.db
      .select()
      .from(bulkRecipients)
      .where(eq(bulkRecipients.sendId, sendId))
      .orderBy(asc(bulkRecipients.address));
    expect(recipients.map((r) => [r.address, r.state])).toEqual([
      [UNREACHABLE_NUMBER, 'sent'],
      ['+15055550121', 'sent'],
      ['+15055550122', 'sent'],
      ['+15055550166', 'refused'],
    ]);
    expect(recipients[3].reason).toMatch(/has opted out of texts and calls/);
    // One call each in the provider's record and in the calls list, from the store's line, saying the message.
    for (const r of recipients.filter((x) => x.state === 'sent')) {
      const placed = await t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.channel, 'call'), eq(outbox.to, r.address), eq(outbox.sid, r.sid!)));
      expect(placed).toHaveLength(1);
      expect(placed[0].body).toContain(`<Say>${message}</Say><Hangup/>`);
      const [stored] = await t.db.select().from(calls).where(eq(calls.callSid, r.sid!));
      expect(stored).toMatchObject({
        direction: 'outbound',
        locationId: loc.ABG,
        phoneId: abgLine.id,
        userId: marketer.userId,
      });
      expect(stored.status).toBe(r.address === UNREACHABLE_NUMBER ? 'no-answer' : 'completed');
    }
    expect((await t.db.select({ n: count() }).from(calls))[0].n).toBe(callsBefore[0].n + 3);
    const progress = await marketer.act(loadSend, { sendId });
    expect(progress.body.data.send).toMatchObject({
      kind: 'call',
      kindLabel: 'Mass call',
      state: 'done',
      sent: 3,
      delivered: 2,
      failed: 1,
      refused: 1,
    });
    await expectTalliesRecounted();
  });

  it("keeps to the recipients' daytime like texts", async () => {
    t.app.services.clock.now = night;
    const res = await call(marketer, {
      locationId: loc.ABG,
      message: 'Night call',
      numbers: ['5055550141'],
      quietHours: 'refuse',
      confirm: 1,
    });
    await drainJobs(t.app.services);
    const [r] = await t.db.select().from(bulkRecipients).where(eq(bulkRecipients.sendId, res.body.data.sendId));
    expect(r.state).toBe('refused');
    expect(r.reason).toMatch(/^Marketing calls to \(505\) 555-0141 may only go out from 8:00 to 21:00/);
    expect(
      await t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.channel, 'call'), eq(outbox.to, '+15055550141'))),
    ).toHaveLength(0);
  });

  it('a call a dead worker placed is found and recorded, not placed again', async () => {
    t.app.services.clock.now = afternoon;
    const res = await call(marketer, {
      locationId: loc.ABG,
      message: 'Recovery check',
      numbers: ['5055550131', '5055550132'],
      confirm: 1,
    });
    const { sendId } = res.body.data;
    const [first] = await t.db
      .select()
      .from(bulkRecipients)
      .where(eq(bulkRecipients.sendId, sendId))
      .orderBy(asc(bulkRecipients.id))
      .limit(1);
    // As a worker leaves it when killed after the provider placed the call and before its record committed.
    const claimedAt = new Date(Date.now() - 1000);
    await t.db.update(bulkRecipients).set({ state: 'sending', claimedAt }).where(eq(bulkRecipients.id, first.id));
    const placed = await t.app.services.telephony.placeCall(t.db, {
      to: first.address,
      from: abgLine.phoneNumber,
      twiml: '<Response><Say>Recovery check</Say><Hangup/></Response>',
    });
    await drainJobs(t.app.services);
    const outcome = await t.db
      .select()
      .from(bulkRecipients)
      .where(eq(bulkRecipients.sendId, sendId))
      .orderBy(asc(bulkRecipients.id));
    expect(outcome.map((r) => r.state)).toEqual(['sent', 'sent']);
    expect(outcome[0].sid).toBe(placed.sid);
    expect(
      await t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.channel, 'call'), eq(outbox.to, first.address))),
    ).toHaveLength(1);
    expect(await t.db.select().from(calls).where(eq(calls.callSid, placed.sid))).toHaveLength(1);
  });
});

describe('list emails', () => {
  const email = (who: Caller, input: ActInput<typeof emailContactList>) => who.act(emailContactList, input);
  const html = '<h1>Spring service event</h1><p>Free multi-point inspection this Saturday.</p>';
  const storeEmails = async (locationId: number) =>
    [
      ...new Set(
        (await t.db.select({ email: contacts.email }).from(contacts).where(eq(contacts.locationId, locationId)))
          .map((c) => c.email.toLowerCase())
          .filter(Boolean),
      ),
    ].sort();

  it('needs a subject, a message, the marketing flag and a store in reach; nothing is stored otherwise', async () => {
    const before = await rowCounts();
    expect((await email(marketer, { locationId: loc.SFS, subject: '', html })).body.errors).toEqual([
      'Subject is required.',
    ]);
    expect((await email(marketer, { locationId: loc.SFS, subject: 'Spring', html: '' })).body.errors).toEqual([
      'Message is required.',
    ]);
    expect((await email(staff, { locationId: loc.SFS, subject: 'Spring', html })).status).toBe(403);
    const nm = await t.signedIn(['marketing'], { groupWide: false, regions: ['New Mexico'] });
    expect((await email(nm, { locationId: loc.DNC, subject: 'Spring', html })).status).toBe(404);
    const none = await email(marketer, { locationId: loc.TUC, subject: 'Spring', html });
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual(['That store has no contacts with an email address.']);
    expect(await rowCounts()).toEqual(before);
  });

  it('emails each address of the store once, with a working unsubscribe link, and never again to those who use it', async () => {
    const addresses = await storeEmails(loc.SFS);
    expect(addresses.length).toBeGreaterThan(1);
    const res = await email(marketer, { locationId: loc.SFS, subject: 'Spring service event', html });
    expect(res.status).toBe(200);
    expect(res.body.data.recipientCount).toBe(addresses.length);
    const { sendId } = res.body.data;
    expect((await t.db.select().from(bulkSends).where(eq(bulkSends.id, sendId)))[0]).toMatchObject({
      kind: 'email',
      subject: 'Spring service event',
      phoneId: null,
    });
    await drainJobs(t.app.services);

    const sent = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, 'email'), eq(outbox.subject, 'Spring service event')));
    expect(sent.map((m) => m.to).sort()).toEqual(addresses);
    const [first] = sent;
    const link = unsubscribeUrl(t.config, first.to, sendId);
    const meta = first.meta as { html: string; headers: Record<string, string> };
    expect(meta.headers).toEqual({
      'List-Unsubscribe': `<${link}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(meta.html).toContain(`<a href="${link}">Unsubscribe</a>`);
    expect(meta.html).toContain('as a customer of Santa Fe');
    expect(first.body).toContain('SPRING SERVICE EVENT');
    expect(first.body).toContain('Free multi-point inspection this Saturday.');
    const progress = await marketer.act(loadSend, { sendId });
    expect(progress.body.data.send).toMatchObject({
      kind: 'email',
      kindLabel: 'List email',
      state: 'done',
      sent: addresses.length,
      refused: 0,
    });

    // Opening the link asks first; the button (or a mail program's one-click POST) unsubscribes.
    const path = link.slice(t.config.PUBLIC_URL.length);
    const asked = await t.app.inject({ method: 'GET', url: path });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain(`${first.to} will get no more marketing emails`);
    expect(await t.db.select().from(emailOptOuts).where(eq(emailOptOuts.email, first.to))).toHaveLength(0);
    const done = await t.app.inject({
      method: 'POST',
      url: path,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You are unsubscribed');
    expect(await t.db.select().from(emailOptOuts).where(eq(emailOptOuts.email, first.to))).toMatchObject([{ sendId }]);
    // A link changed by hand works for nobody.
    const forged = await t.app.inject({ method: 'POST', url: path.replace(/\.[^.]+$/, '.forged') });
    expect(forged.statusCode).toBe(400);

    const again = await email(marketer, { locationId: loc.SFS, subject: 'Summer service event', html });
    await drainJobs(t.app.services);
    const skipped = await t.db
      .select()
      .from(bulkRecipients)
      .where(and(eq(bulkRecipients.sendId, again.body.data.sendId), eq(bulkRecipients.address, first.to)));
    expect(skipped).toMatchObject([
      { state: 'refused', reason: `${first.to} unsubscribed from the group's marketing emails.` },
    ]);
    expect(
      await t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.subject, 'Summer service event'), eq(outbox.to, first.to))),
    ).toHaveLength(0);
    expect(await t.db.select().from(outbox).where(eq(outbox.subject, 'Summer service event'))).toHaveLength(
      addresses.length - 1,
    );
  });

  it('an email a dead worker handed over is found and not sent again', async () => {
    const res = await email(marketer, { locationId: loc.SFS, subject: 'Recovery check', html });
    const { sendId } = res.body.data;
    const [first] = await t.db
      .select()
      .from(bulkRecipients)
      .where(eq(bulkRecipients.sendId, sendId))
      .orderBy(asc(bulkRecipients.id))
      .limit(1);
    await t.db
      .update(bulkRecipients)
      .set({ state: 'sending', claimedAt: new Date(Date.now() - 1000) })
      .where(eq(bulkRecipients.id, first.id));
    const handed = await t.app.services.mail.send(t.db, {
      to: first.address,
      subject: 'Recovery check',
      text: 'as sent before the crash',
    });
    await drainJobs(t.app.services);
    expect((await t.db.select().from(bulkRecipients).where(eq(bulkRecipients.id, first.id)))[0]).toMatchObject({
      state: 'sent',
      sid: handed.id,
    });
    expect(
      await t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.subject, 'Recovery check'), eq(outbox.to, first.address))),
    ).toHaveLength(1);
  });
});
