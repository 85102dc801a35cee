/**
 * Cleaning a list of numbers before a send (seed 001: verify-phone-numbers, check-list) and adding
 * numbers to the group's opt-out list (opt-out-numbers). docs/messenger.md.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { defineAction } from '../../server/platform/actions';
import { loadRecord } from '../../server/platform/records';
import { phoneKind } from '../../server/platform/phone';
import { DEFAULT_TIME_ZONE, dayIn } from '../../server/platform/days';
import { formatPhone } from '../../shared/format';
import { locationRecords } from '../locations/locations.db';
import { optOuts } from '../phones/phones.db';
import { recordOptOut } from '../../server/outreach/send-gate';
import { contactName, contacts } from '../contacts/contacts.db';
import { conversations } from './messenger.db';
import { checkList, optOutNumbers, verifyPhoneNumbers } from './messenger.contract';

interface Looked {
  number: string;
  phone: string | null;
  reason: string | null;
}

/** Each typed number as E.164 and why a text would not reach it (null: it would), before opt-outs. */
function lookUp(numbers: string[]): Looked[] {
  return numbers.map((number) => {
    const found = phoneKind(number);
    if (!found) return { number, phone: null, reason: 'not a phone number' };
    if (found.kind === 'toll-free') return { number, phone: found.number, reason: 'a toll-free number' };
    if (found.kind === 'other') return { number, phone: found.number, reason: 'a premium or shared-cost number' };
    return { number, phone: found.number, reason: null };
  });
}

/** The numbers of `phones` on the opt-out list, with when and how. */
async function optedOut(db: Db, phones: string[]) {
  if (!phones.length) return new Map<string, { keyword: string; createdAt: Date }>();
  const rows = await db.select().from(optOuts).where(inArray(optOuts.phoneNumber, phones));
  return new Map(rows.map((r) => [r.phoneNumber, r]));
}
/** The opt-out's day on the group's clock (the list is the group's), not UTC's. */
const optedOutReason = (o: { keyword: string; createdAt: Date }) =>
  `opted out (${o.keyword} on ${dayIn(DEFAULT_TIME_ZONE, o.createdAt)})`;

defineAction({
  contract: verifyPhoneNumbers,
  summary: 'Cleans a list of numbers: the ones a text reaches as E.164, each once, and the others with the reason.',
  permission: 'messenger',
  reach: 'group',
  readOnly: true,
  async handler({ db, input }) {
    const looked = lookUp(input.numbers);
    const opted = await optedOut(db, [...new Set(looked.flatMap((l) => (l.phone ? [l.phone] : [])))]);
    const clean = new Set<string>();
    const rejected: { number: string; reason: string }[] = [];
    let duplicates = 0;
    for (const l of looked) {
      const out = l.phone ? opted.get(l.phone) : undefined;
      if (l.reason || out) rejected.push({ number: l.number, reason: l.reason ?? optedOutReason(out!) });
      else if (clean.has(l.phone!)) duplicates++;
      else clean.add(l.phone!);
    }
    return { clean: [...clean], rejected, duplicates };
  },
});

defineAction({
  contract: optOutNumbers,
  summary:
    "Adds numbers to the group's opt-out list (a customer asked not to be texted or called); they can opt back in by texting START.",
  permission: 'messenger',
  reach: 'group',
  async handler({ db, input, user, services, audit }) {
    const looked = lookUp(input.numbers);
    const rejected = looked.filter((l) => !l.phone).map((l) => ({ number: l.number, reason: l.reason! }));
    const phones = [...new Set(looked.flatMap((l) => (l.phone ? [l.phone] : [])))];
    let added = 0;
    const at = services.clock.now();
    for (const phone of phones) {
      if (
        await recordOptOut(db, {
          phoneNumber: phone,
          keyword: 'STAFF',
          source: 'staff',
          locationId: user.locationId,
          at,
        })
      )
        added++;
    }
    audit({ recordType: 'optOuts', recordId: user.id, after: { added, numbers: phones } });
    return { added, already: phones.length - added, rejected };
  },
});

/** The store's contacts with these numbers. */
async function storeContacts(db: Db, locationId: number, phones: string[]) {
  return phones.length
    ? db
        .select({ id: contacts.id, phone: contacts.mobilePhone, name: contactName })
        .from(contacts)
        .where(and(eq(contacts.locationId, locationId), inArray(contacts.mobilePhone, phones)))
    : [];
}

/** When the store last texted with each of these numbers (those it has a conversation with). */
async function lastTexts(db: Db, locationId: number, phones: string[]) {
  return phones.length
    ? db
        .select({ phone: conversations.phone, at: sql<string>`${conversations.lastMessageAt}` })
        .from(conversations)
        .where(and(eq(conversations.locationId, locationId), inArray(conversations.phone, phones)))
    : [];
}

type StoreContact = Awaited<ReturnType<typeof storeContacts>>[number];
type LastText = Awaited<ReturnType<typeof lastTexts>>[number];

/** One number of the list as checked: a text reaches it unless it is no number to text or it opted out. */
function checkedRow(l: Looked, opted: Awaited<ReturnType<typeof optedOut>>, known: StoreContact[], talked: LastText[]) {
  const out = l.phone ? opted.get(l.phone) : undefined;
  const contact = known.find((c) => c.phone === l.phone);
  const last = talked.find((c) => c.phone === l.phone);
  return {
    number: l.phone ? formatPhone(l.phone) : l.number,
    phone: l.phone,
    reachable: !l.reason && !out,
    reason: l.reason ?? (out ? optedOutReason(out) : null),
    optedOut: Boolean(out),
    contactId: contact?.id ?? null,
    contactName: contact ? contact.name || formatPhone(l.phone!) : null,
    lastTextAt: last ? new Date(last.at).toISOString() : null,
  };
}

defineAction({
  contract: checkList,
  summary:
    "Checks each number of a list against a store: whether a text reaches it, whether it opted out, the store's contact and its last text.",
  permission: 'messenger',
  reach: {},
  readOnly: true,
  async handler(ctx) {
    const { db, input } = ctx;
    await loadRecord(ctx, locationRecords, input.locationId);
    const looked = lookUp(input.numbers);
    const phones = [...new Set(looked.flatMap((l) => (l.phone ? [l.phone] : [])))];
    const [opted, known, talked] = await Promise.all([
      optedOut(db, phones),
      storeContacts(db, input.locationId, phones),
      lastTexts(db, input.locationId, phones),
    ]);
    const rows = looked.map((l) => checkedRow(l, opted, known, talked));
    return {
      rows,
      reachableCount: rows.filter((r) => r.reachable).length,
      contactCount: rows.filter((r) => r.contactId).length,
    };
  },
});
