/**
 * The messenger (seed 001, docs/messenger.md): conversations, a conversation opened and read, replies
 * through the send gate, autopilot per contact and the stores' shortcuts.
 */
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { defineAction, type ActionContext } from '../../server/platform/actions';
import { defineListAction, equals } from '../../server/platform/lists';
import { AppError } from '../../server/platform/errors';
import { loadRecord } from '../../server/platform/records';
import { matchesSearch, startingWith } from '../../server/platform/search';
import { toE164, typedNumber } from '../../server/platform/phone';
import { withinReach } from '../../server/platform/reach';
import { formatPhone } from '../../shared/format';
import { locationRecords, locations } from '../locations/locations.db';
import { userName, users } from '../users/users.db';
import { messages, optOuts } from '../phones/phones.db';
import { passGate, sendText as sendThroughGate } from '../../server/outreach/send-gate';
import { contactName, contactRecords, contacts } from '../contacts/contacts.db';
import { contactForNumber } from '../contacts/contacts.api';
import { conversations } from './messenger.db';
import { liveShortcuts } from './shortcuts';
import { textingLine } from './lines';
import {
  listShortcuts,
  loadConversation,
  loadMessages,
  loadShortcut,
  sendText,
  startConversation,
  toggleAutopilot,
  type ConversationMessage,
} from './messenger.contract';
import type { ColumnSpec } from '../../shared/lists';
import type { Reach } from '../../shared/session';
import type { Db } from '../../server/db/client';

/** Digits typed before a search is a number's: an area code and an exchange name a few hundred numbers. */
const NUMBER_DIGITS = 6;
/** At most this many contacts matched by name are looked for among the conversations. */
const NAME_MATCHES = 1000;

const conversationColumns: ColumnSpec[] = [
  { key: 'lastMessageAt', label: 'Last text', format: 'datetime', sortable: true },
  { key: 'contactName', label: 'Contact' },
  { key: 'phone', label: 'Phone', format: 'phone' },
  { key: 'locationName', label: 'Location' },
  { key: 'lastBody', label: 'Message' },
  { key: 'unread', label: 'Unread', format: 'number' },
];

defineListAction({
  contract: loadMessages,
  summary:
    'Conversations, the newest first: by store, by who spoke last (inbound: awaiting a reply), unread, or a name or number.',
  permission: 'messenger',
  reach: conversations.locationId,
  columns: conversationColumns,
  sorts: { lastMessageAt: conversations.lastMessageAt },
  defaultSort: 'lastMessageAt',
  defaultDir: 'desc',
  pageSizeField: 'count',
  id: { key: 'conversationId', column: conversations.id },
  bench: (s) => [
    { name: 'all', filters: {} },
    { name: "all, a region's user", filters: {}, regional: true },
    { name: 'location', filters: { locationId: s.locationId } },
    { name: 'awaiting a reply', filters: { direction: 'inbound' } },
    { name: 'location, awaiting a reply', filters: { locationId: s.locationId, direction: 'inbound' } },
    { name: 'unread', filters: { unread: '1' } },
    { name: 'name', filters: { filter: 'garcia' } },
    { name: 'number prefix', filters: { filter: '505200' } },
  ],
  filters: {
    locationId: equals(conversations.locationId),
    direction: equals(conversations.lastDirection),
    // The only value is '1'.
    unread: () => sql`${conversations.unread} > 0`,
    filter: (given) => {
      const term = given.trim();
      if (!term) return undefined;
      const digits = typedNumber(term, NUMBER_DIGITS);
      if (digits) {
        // A number, typed from its start: the whole number, or the area code, exchange and more of a US one.
        const whole = digits.length >= 10 ? toE164(term) : null;
        return whole
          ? eq(conversations.phone, whole)
          : sql`${conversations.phone} like ${startingWith(`+1${digits.replace(/^1/, '')}`)}`;
      }
      // A filter is given no database: the subquery is built by Drizzle's query builder alone, as the same SQL.
      const named = new QueryBuilder()
        .select({ locationId: contacts.locationId, phone: contacts.mobilePhone })
        .from(contacts)
        .where(matchesSearch(contacts.search, term))
        .limit(NAME_MATCHES);
      return sql`(${conversations.locationId}, ${conversations.phone}) in (${named})`;
    },
  },
  query: ({ db }) => ({
    select: db
      .select({
        conversationId: conversations.id,
        locationId: conversations.locationId,
        locationName: locations.name,
        phone: conversations.phone,
        contactId: conversations.contactId,
        contactName: conversations.contactName,
        lastMessageAt: conversations.lastMessageAt,
        lastDirection: conversations.lastDirection,
        lastBody: conversations.lastBody,
        unread: conversations.unread,
        messageCount: conversations.messageCount,
        autopilot: conversations.autopilot,
      })
      .from(conversations)
      .innerJoin(locations, eq(locations.id, conversations.locationId))
      .$dynamic(),
  }),
});

/** The conversation as HTML, for callers of the old API (the screen draws its own from `messages`). */
function conversationHtml(list: ConversationMessage[]): string {
  return renderToStaticMarkup(
    h(
      'ol',
      { className: 'conversation' },
      ...list.map((m) =>
        h(
          'li',
          { key: m.messageId, className: `message ${m.direction}` },
          h('p', null, m.body),
          h('small', null, `${m.createdAt}${m.sentBy ? ` · ${m.sentBy}` : ''} · ${m.status}`),
        ),
      ),
    ),
  );
}

/** The newest texts of a conversation shown at once. */
const CONVERSATION_TEXTS = 200;

/**
 * The newest texts with a number, oldest first: at the store given, or at every store within reach
 * (texts of no store left out).
 */
async function conversationTexts(db: Db, phone: string, locationId: number | undefined, reach: Reach) {
  const here = and(
    locationId ? eq(messages.locationId, locationId) : withinReach(reach, messages.locationId),
    sql`${messages.locationId} is not null`,
  );
  const rows = await db
    .select({
      messageId: messages.id,
      direction: messages.direction,
      body: messages.body,
      status: messages.status,
      createdAt: messages.createdAt,
      sentBy: userName,
      purpose: messages.purpose,
      locationId: messages.locationId,
    })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.userId))
    .where(and(or(eq(messages.from, phone), eq(messages.to, phone)), here))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(CONVERSATION_TEXTS);
  rows.reverse();
  return rows;
}
type ConversationText = Awaited<ReturnType<typeof conversationTexts>>[number];

/** The store's contact with the number, if any: a conversation of no store has none. */
async function contactWith(db: Db, locationId: number | null, phone: string) {
  const [contact] = locationId
    ? await db
        .select({ id: contacts.id, name: contactName, autopilot: contacts.autopilot })
        .from(contacts)
        .where(and(eq(contacts.locationId, locationId), eq(contacts.mobilePhone, phone)))
    : [];
  return contact;
}

/** Whether the number is on the group's opt-out list. */
async function isOptedOut(db: Db, phone: string) {
  const [optOut] = await db.select({ phone: optOuts.phoneNumber }).from(optOuts).where(eq(optOuts.phoneNumber, phone));
  return Boolean(optOut);
}

/** Opening a conversation reads it: the row is written only when something was unread. */
async function markRead(db: Db, locationId: number, phone: string) {
  await db
    .update(conversations)
    .set({ unread: 0, readAt: sql`now()` })
    .where(
      and(eq(conversations.locationId, locationId), eq(conversations.phone, phone), sql`${conversations.unread} > 0`),
    );
}

/** The texts as the screen shows them, as JSON sends them. */
function conversationMessages(rows: ConversationText[]): ConversationMessage[] {
  return rows.map((r) => ({
    messageId: r.messageId,
    direction: r.direction,
    body: r.body,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    sentBy: r.sentBy,
    // Texts nobody typed: autopilot's answers.
    automatic: r.direction === 'outbound' && r.purpose === 'transactional' && !r.sentBy,
  }));
}

defineAction({
  contract: loadConversation,
  summary:
    'A conversation with a number (at one store, or every store within reach), oldest first; opening it marks it read.',
  permission: 'messenger',
  reach: {},
  // A load to the platform: the screen polls it every few seconds, and the read mark it keeps is the
  // reader's bookkeeping, written only when something was unread, not a change anyone audits.
  readOnly: true,
  async handler(ctx) {
    const { db, input, user } = ctx;
    const phone = toE164(input.phone);
    if (!phone) throw AppError.invalid('Phone must be a phone number such as (505) 555-0142.', ['phone']);
    const rows = await conversationTexts(db, phone, input.locationId, user.reach);
    const locationId = input.locationId ?? rows.at(-1)?.locationId ?? null;
    const contact = await contactWith(db, locationId, phone);
    const optedOut = await isOptedOut(db, phone);
    if (locationId) await markRead(db, locationId, phone);
    const list = conversationMessages(rows);
    return {
      contactName: contact?.name || formatPhone(phone),
      html: conversationHtml(list),
      phone,
      locationId,
      contactId: contact?.id ?? null,
      autopilot: contact?.autopilot ?? false,
      optedOut,
      messages: list,
    };
  },
});

defineAction({
  contract: toggleAutopilot,
  summary: 'Turns autopilot on or off for a contact; answers the state it is now in.',
  permission: 'messenger',
  reach: { contactId: contactRecords },
  async handler(ctx) {
    const before = await loadRecord(ctx, contactRecords, ctx.input.contactId);
    const [after] = await ctx.db
      .update(contacts)
      .set({ autopilot: sql`not ${contacts.autopilot}`, updatedAt: sql`now()` })
      .where(eq(contacts.id, before.id))
      .returning({ autopilot: contacts.autopilot });
    ctx.audit({ recordType: 'contact', recordId: before.id, before: { autopilot: before.autopilot }, after });
    return { direction: after.autopilot ? ('enabled' as const) : ('disabled' as const) };
  },
});

defineAction({
  contract: loadShortcut,
  summary: "A store's canned reply by its name, as deployed (its shortcodes filled with the store's details).",
  permission: 'messenger',
  reach: {},
  readOnly: true,
  async handler(ctx) {
    await loadRecord(ctx, locationRecords, ctx.input.locationId);
    const found = (await liveShortcuts(ctx.db, ctx.input.locationId)).find(
      (s) => s.shortcut.toLowerCase() === ctx.input.shortcut.trim().toLowerCase(),
    );
    if (!found) throw AppError.notFound(`There is no shortcut named ${ctx.input.shortcut}.`);
    return { message: found.message };
  },
});

defineAction({
  contract: listShortcuts,
  summary: 'The shortcuts a store can use: its deployed ones, filled in.',
  permission: 'messenger',
  reach: {},
  readOnly: true,
  async handler(ctx) {
    await loadRecord(ctx, locationRecords, ctx.input.locationId);
    return { shortcuts: await liveShortcuts(ctx.db, ctx.input.locationId) };
  },
});

/**
 * A text typed by the user to a number, from the store's line through the send gate (a reply:
 * transactional). The action is `outside`: the carrier is asked with no transaction open, then the
 * text and its audit row are kept in one change.
 */
async function textFromStore(
  ctx: Pick<ActionContext<unknown>, 'db' | 'user' | 'services' | 'change'>,
  text: { to: string; body: string; locationId: number },
) {
  const { db, user, services } = ctx;
  const line = await textingLine(db, text.locationId);
  return sendThroughGate(
    db,
    services,
    { to: text.to, body: text.body, purpose: 'transactional', line, userId: user.id },
    (write) =>
      ctx.change(async (c) => {
        const sent = await write(c.db);
        c.audit({
          recordType: 'message',
          recordId: sent.messageId,
          after: { to: sent.to, locationId: text.locationId, phoneId: line.id },
        });
        return sent;
      }),
  );
}

defineAction({
  contract: sendText,
  summary: "Texts a person from a store's line through the send gate (a reply, a quote with its link).",
  permission: 'messenger',
  reach: {},
  rateLimit: 60,
  outside: true,
  async handler(ctx) {
    const { input, user } = ctx;
    const locationId = input.locationId ?? user.locationId;
    if (!locationId) throw AppError.invalid('Choose the location to text from.', ['locationId']);
    await loadRecord(ctx, locationRecords, locationId);
    const body = input.quoteUrl ? `${input.message}\n${input.quoteUrl}` : input.message;
    const sent = await textFromStore(ctx, { to: input.to, body, locationId });
    return { messageId: sent.messageId, status: sent.status, to: sent.to };
  },
});

defineAction({
  contract: startConversation,
  summary:
    "Texts a number typed in the messenger from a store's line, making it the store's contact (or using the contact it has).",
  permission: 'messenger',
  reach: {},
  rateLimit: 60,
  outside: true,
  async handler(ctx) {
    const { input } = ctx;
    const mobilePhone = toE164(input.mobilePhone);
    if (!mobilePhone)
      throw AppError.invalid('Mobile phone must be a phone number such as (505) 555-0142.', ['mobilePhone']);
    await loadRecord(ctx, locationRecords, input.locationId);
    // Refused by the send gate (opted out, a quiet line), nothing is kept: the rules are asked before
    // the contact is made, and again (the same answer) as the text goes.
    await passGate(ctx.db, {
      to: mobilePhone,
      channel: 'text',
      purpose: 'transactional',
      locationId: input.locationId,
      now: ctx.services.clock.now(),
    });
    const contact = await ctx.change((c) => contactForNumber(c, { ...input, mobilePhone }));
    const sent = await textFromStore(ctx, { to: mobilePhone, body: input.message, locationId: input.locationId });
    return {
      contactId: contact.contactId,
      contactAdded: contact.added,
      contactName: `${contact.firstName} ${contact.lastName}`.trim() || formatPhone(mobilePhone),
      messageId: sent.messageId,
      status: sent.status,
      to: sent.to,
    };
  },
});
