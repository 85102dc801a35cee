/**
 * Customers (docs/customers.md): the list, one customer's page with the records of every module that
 * name them, the customer a record names, a record linked by hand, and two customers merged.
 */
import { and, asc, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { defineAction } from '../../server/platform/actions';
import { AppError } from '../../server/platform/errors';
import { defineListAction, equals, labelOf } from '../../server/platform/lists';
import { typedNumber } from '../../server/platform/phone';
import { withinReach } from '../../server/platform/reach';
import { loadRecord, updateRecord } from '../../server/platform/records';
import { wordsMatch, type WordTable } from '../../server/platform/words';
import type { Reach } from '../../shared/session';
import { locations } from '../locations/locations.db';
import { calls, messages } from '../phones/phones.db';
import {
  conversationHref,
  COUNT_CAP,
  customerColumns,
  findCustomerOf,
  linkColumns,
  linkKindLabels,
  linkKinds,
  linkRecord,
  loadCustomer,
  loadCustomerRecords,
  loadCustomers,
  mergeCustomers,
  RECENT_LIMIT,
  recordHref,
  type LinkKind,
  type LinkRow,
} from './customers.contract';
import {
  customerKeys,
  customerLinks as links,
  customerRecords,
  customers,
  customerWords,
  linkRecords,
} from './customers.db';

/**
 * What the list and the palette search: the words of the name, every phone (its E.164 digits and, in
 * North America, its ten) and every email, looked up in `customer_words` (decision 038).
 */
export const customerSearch: WordTable = {
  table: customerWords,
  word: customerWords.word,
  priorWord: customerWords.priorWord,
  copies: [
    [customerWords.customerId, customers.id],
    [customerWords.lastSeenAt, customers.lastSeenAt],
    [customerWords.locationId, customers.locationId],
  ],
};
/** A phone typed as people type it ("(505) 555-0142") is searched as its digits, one word. */
export const customerTerm = (term: string): string => typedNumber(term) ?? term;

defineListAction({
  contract: loadCustomers,
  summary:
    'Customers within reach, last seen first: by the store that first knew them and part of a name, phone (as typed or its digits) or email; merged customers are left out.',
  permission: 'crmManager',
  reach: customers.locationId,
  bench: (s) => [
    { name: 'last seen', filters: {} },
    { name: "last seen, a region's user", filters: {}, regional: true },
    { name: 'location', filters: { locationId: s.locationId } },
    { name: 'by name', filters: { sort: 'name', dir: 'asc' } },
    { name: 'search', filters: { query: 'garcia' } },
    { name: 'phone digits', filters: { query: '5055550' } },
    { name: 'surname and initial', filters: { query: 'garcia m' } },
  ],
  columns: customerColumns,
  sorts: { name: customers.name, lastSeenAt: customers.lastSeenAt },
  defaultSort: 'lastSeenAt',
  defaultDir: 'desc',
  id: { key: 'customerId', column: customers.id },
  filters: {
    locationId: equals(customers.locationId),
    query: (term) => wordsMatch(customerSearch, customerTerm(term)),
  },
  query: ({ db }) => ({
    select: db
      .select({
        customerId: customers.id,
        name: customers.name,
        phone: customers.phone,
        email: customers.email,
        locationId: customers.locationId,
        locationName: locations.name,
        lastSeenAt: customers.lastSeenAt,
      })
      .from(customers)
      .innerJoin(locations, eq(locations.id, customers.locationId))
      .$dynamic(),

    where: isNull(customers.mergedInto),
  }),
});

const kindLabel = labelOf(
  links.kind,
  Object.fromEntries(linkKinds.map((k) => [k, linkKindLabels[k][0]])) as Record<LinkKind, string>,
);

/** A link's fields as the records tab and the "possibly the same person" list read them. */
const linkFields = {
  linkId: links.id,
  kind: links.kind,
  recordId: links.recordId,
  customerId: links.customerId,
  name: links.name,
  phone: links.phone,
  at: links.at,
  summary: links.summary,
  locationId: links.locationId,
  locationName: locations.name,
  byHand: links.byHand,
};

defineListAction({
  contract: loadCustomerRecords,
  summary:
    "A customer's records (appraisals, questionnaires, quotes, purchases, appointments, repair orders, conversations, contacts) within reach, newest first, by kind; each with its screen's address.",
  permission: 'crmManager',
  reach: links.locationId,
  records: { customerId: customerRecords },
  bench: (s) => [
    { name: 'newest', filters: {} },
    { name: 'a customer', filters: { customerId: s.locationId } },
    { name: "a customer's appraisals", filters: { customerId: s.locationId, kind: 'appraisal' } },
  ],
  columns: linkColumns,
  sorts: { at: links.at },
  defaultSort: 'at',
  defaultDir: 'desc',
  id: { key: 'linkId', column: links.id },
  rowFields: (row) => ({ href: recordHref(row as unknown as LinkRow) }),
  filters: { customerId: equals(links.customerId), kind: equals(links.kind) },
  query: ({ db }) => ({
    select: db
      .select({ ...linkFields, kindLabel: kindLabel.as('kind_label') })
      .from(links)
      .innerJoin(locations, eq(locations.id, links.locationId))
      .$dynamic(),
  }),
});

/** The customer kept for one merged away (a merge of a merge is followed too), within reach. */
async function liveCustomer(ctx: Parameters<typeof loadRecord>[0], customerId: number) {
  let customer = await loadRecord(ctx, customerRecords, customerId);
  for (let hops = 0; customer.mergedInto !== null && hops < 20; hops++)
    customer = await loadRecord(ctx, customerRecords, customer.mergedInto);
  return customer;
}

/** The customer's phones and emails, the first ones they were known by first. */
async function keysOf(db: Db, customer: { id: number; phone: string; email: string }) {
  const rows = await db
    .select({ kind: customerKeys.kind, value: customerKeys.value })
    .from(customerKeys)
    .where(eq(customerKeys.customerId, customer.id))
    .orderBy(asc(customerKeys.kind), asc(customerKeys.value));
  const first = (kind: string, primary: string) => [
    ...rows.filter((r) => r.kind === kind && r.value === primary).map((r) => r.value),
    ...rows.filter((r) => r.kind === kind && r.value !== primary).map((r) => r.value),
  ];
  return { phones: first('phone', customer.phone), emails: first('email', customer.email) };
}

/** Records of each kind within reach, each counted up to COUNT_CAP (read from customer_links_customer_kind_idx). */
async function countsOf(db: Db, reach: Reach, customerId: number) {
  const rows = await db
    .select({ kind: links.kind, count: sql<number>`least(count(*), ${COUNT_CAP})::int` })
    .from(links)
    .where(and(eq(links.customerId, customerId), withinReach(reach, links.locationId)))
    .groupBy(links.kind);
  return linkKinds.flatMap((kind) => rows.filter((r) => r.kind === kind));
}

/** Their newest texts and calls within reach, to or from any of their phones. */
async function recentOf(db: Db, reach: Reach, phones: string[]) {
  if (phones.length === 0) return { texts: [], calls: [] };
  const texts = await db
    .select({
      messageId: messages.id,
      at: messages.createdAt,
      direction: messages.direction,
      body: messages.body,
      phone: sql<string>`case when ${messages.direction} = 'inbound' then ${messages.from} else ${messages.to} end`,
      locationId: messages.locationId,
      locationName: sql<string>`coalesce(${locations.name}, '')`,
    })
    .from(messages)
    .leftJoin(locations, eq(locations.id, messages.locationId))
    .where(
      and(or(inArray(messages.from, phones), inArray(messages.to, phones)), withinReach(reach, messages.locationId)),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(RECENT_LIMIT);
  const called = await db
    .select({
      callId: calls.id,
      at: calls.startedAt,
      direction: calls.direction,
      status: calls.status,
      durationSeconds: calls.durationSeconds,
      locationName: sql<string>`coalesce(${locations.name}, '')`,
    })
    .from(calls)
    .leftJoin(locations, eq(locations.id, calls.locationId))
    .where(and(or(inArray(calls.from, phones), inArray(calls.to, phones)), withinReach(reach, calls.locationId)))
    .orderBy(desc(calls.startedAt), desc(calls.id))
    .limit(RECENT_LIMIT);
  return {
    texts: texts.map(({ phone, locationId, ...t }) => ({
      ...t,
      at: t.at.toISOString(),
      href: locationId ? conversationHref(phone, locationId) : `/messenger/?filter=${encodeURIComponent(phone)}`,
    })),
    calls: called.map((c) => ({ ...c, at: c.at.toISOString() })),
  };
}

/** "Possibly the same person": other customers of the name, and records with that name alone, within reach. */
async function sameNameOf(db: Db, reach: Reach, customer: { id: number; name: string }) {
  if (!customer.name) return { sameName: [], unlinked: [] };
  const key = customer.name.toLowerCase();
  const sameName = await db
    .select({
      customerId: customers.id,
      name: customers.name,
      phone: customers.phone,
      email: customers.email,
      locationName: locations.name,
    })
    .from(customers)
    .innerJoin(locations, eq(locations.id, customers.locationId))
    .where(
      and(
        sql`lower(${customers.name}) = ${key}`,
        isNull(customers.mergedInto),
        ne(customers.id, customer.id),
        withinReach(reach, customers.locationId),
      ),
    )
    .orderBy(asc(customers.id))
    .limit(10);
  const unlinked = await db
    .select(linkFields)
    .from(links)
    .innerJoin(locations, eq(locations.id, links.locationId))
    .where(and(isNull(links.customerId), eq(links.nameKey, key), withinReach(reach, links.locationId)))
    .orderBy(desc(links.at), desc(links.id))
    .limit(20);
  return { sameName, unlinked: unlinked.map(linkRowOf) };
}

const linkRowOf = (r: Omit<LinkRow, 'at' | 'href' | 'kindLabel'> & { at: Date }): LinkRow => {
  const row = { ...r, at: r.at.toISOString(), kindLabel: linkKindLabels[r.kind][0] };
  return { ...row, href: recordHref(row) };
};

defineAction({
  contract: loadCustomer,
  summary:
    'One customer: their phones and emails, their store, how many records of each kind, their newest texts and calls, and who may be the same person. A merged customer answers with the one kept (`mergedFrom`).',
  permission: 'crmManager',
  reach: { customerId: customerRecords },
  readOnly: true,
  async handler(ctx) {
    const { db, user } = ctx;
    const c = await liveCustomer(ctx, ctx.input.customerId);
    const [{ locationName }] = await db
      .select({ locationName: locations.name })
      .from(locations)
      .where(eq(locations.id, c.locationId));
    const keys = await keysOf(db, c);
    const customer = {
      customerId: c.id,
      name: c.name,
      phone: c.phone,
      email: c.email,
      ...keys,
      locationId: c.locationId,
      locationName,
      createdAt: c.createdAt.toISOString(),
      lastSeenAt: c.lastSeenAt.toISOString(),
    };
    return {
      customer,
      mergedFrom: c.id === ctx.input.customerId ? null : ctx.input.customerId,
      counts: await countsOf(db, user.reach, c.id),
      ...(await recentOf(db, user.reach, keys.phones)),
      ...(await sameNameOf(db, user.reach, c)),
    };
  },
});

defineAction({
  contract: findCustomerOf,
  summary:
    'The customer a record names (an appraisal, questionnaire, quote, purchase, appointment, repair order, conversation or contact), or none yet; the record within reach.',
  permission: 'crmManager',
  reach: 'query',
  readOnly: true,
  async handler({ db, input, user }) {
    const [link] = await db
      .select({ customerId: links.customerId, name: links.name })
      .from(links)
      .where(
        and(eq(links.kind, input.kind), eq(links.recordId, input.recordId), withinReach(user.reach, links.locationId)),
      );
    if (!link) throw AppError.notFound(`That ${linkKindLabels[input.kind][0].toLowerCase()} does not exist.`);
    return link;
  },
});

/** A customer that can take records: within reach and not merged into another. */
async function keptCustomer(ctx: Parameters<typeof loadRecord>[0], customerId: number, field: string) {
  const customer = await loadRecord(ctx, customerRecords, customerId);
  if (customer.mergedInto !== null)
    throw AppError.invalid(`Customer ${customerId} was merged into customer ${customer.mergedInto}.`, [field]);
  return customer;
}

defineAction({
  contract: linkRecord,
  summary:
    'Puts a record on a customer by hand (one that carries only their name, or was matched to someone else); the triggers keep it there.',
  permission: 'crmAdmin',
  reach: { customerId: customerRecords, linkId: linkRecords },
  async handler(ctx) {
    const { customerId, linkId } = ctx.input;
    const customer = await keptCustomer(ctx, customerId, 'customerId');
    const link = await loadRecord(ctx, linkRecords, linkId);
    if (link.customerId === customerId) throw AppError.conflict('That record is already on this customer.', ['linkId']);
    await updateRecord(ctx, linkRecords, linkId, { customerId, byHand: true });
    if (link.at > customer.lastSeenAt && link.at <= new Date())
      await ctx.db.update(customers).set({ lastSeenAt: link.at }).where(eq(customers.id, customerId));
    return { customerId, linkId };
  },
});

defineAction({
  contract: mergeCustomers,
  summary:
    'Merges a customer into another: its records, phones and emails move to the one kept, and its page leads there. Both audited.',
  permission: 'crmAdmin',
  reach: { customerId: customerRecords, mergedId: customerRecords },
  async handler(ctx) {
    const { db, input } = ctx;
    if (input.customerId === input.mergedId)
      throw AppError.invalid('A customer cannot be merged into itself.', ['mergedId']);
    const kept = await keptCustomer(ctx, input.customerId, 'customerId');
    const merged = await keptCustomer(ctx, input.mergedId, 'mergedId');
    const moved = await db
      .update(links)
      .set({ customerId: kept.id })
      .where(eq(links.customerId, merged.id))
      .returning({ id: links.id });
    await db.update(customerKeys).set({ customerId: kept.id }).where(eq(customerKeys.customerId, merged.id));
    await db.update(customers).set({ mergedInto: kept.id }).where(eq(customers.mergedInto, merged.id));
    await updateRecord(ctx, customerRecords, merged.id, { mergedInto: kept.id });
    await updateRecord(ctx, customerRecords, kept.id, {
      name: kept.name || merged.name,
      phone: kept.phone || merged.phone,
      email: kept.email || merged.email,
      searchKeys: [kept.searchKeys, merged.searchKeys].filter(Boolean).join(' '),
      lastSeenAt: kept.lastSeenAt > merged.lastSeenAt ? kept.lastSeenAt : merged.lastSeenAt,
    });
    return { customerId: kept.id, mergedId: merged.id, moved: moved.length };
  },
});
