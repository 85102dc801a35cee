import { and, asc, eq, sql } from 'drizzle-orm';
import { defineFind, type FigureSource } from '../../server/platform/modules';
import { withinReach } from '../../server/platform/reach';
import { foundFields, matchesSearch } from '../../server/platform/search';
import { toE164 } from '../../server/platform/phone';
import { formatPhone } from '../../shared/format';
import { locations } from '../locations/locations.db';
import { contactName, contacts } from '../contacts/contacts.db';
import { conversations } from './messenger.db';
import { URL_PHONE_LENGTH } from './messenger.contract';

/** Counted exactly up to here; the home shows "1,000" for more (a busy group has that many waiting). */
const FIGURE_CAP = 1000;

/** The messenger's address of a conversation: the national number's first 10 digits and the store. */
const conversationHref = (phone: string, locationId: number) =>
  `/messenger/?p=${phone.replace(/^\+1/, '').slice(0, URL_PHONE_LENGTH)}&l=${locationId}`;

/** Contacts in the command palette, by name or email (trigrams) or a whole number, opening their conversation. */
export const findContacts = defineFind({
  kind: 'contact',
  label: 'Contacts',
  access: 'messenger',
  query({ db, reach }, term, limit) {
    const number = /\d{7}/.test(term.replace(/\D/g, '')) ? toE164(term) : null;
    const match = number ? eq(contacts.mobilePhone, number) : matchesSearch(contacts.search, term);
    return db
      .select({
        found: foundFields({
          id: contacts.id,
          name: contactName,
          phone: contacts.mobilePhone,
          email: contacts.email,
          locationId: contacts.locationId,
          location: locations.name,
        }),
      })
      .from(contacts)
      .innerJoin(locations, eq(locations.id, contacts.locationId))
      .where(and(match, withinReach(reach, contacts.locationId)))
      .orderBy(asc(contacts.lastName), asc(contacts.firstName), asc(contacts.id))
      .limit(limit);
  },
  present: (r) => ({
    id: String(r.id),
    title: r.name || (r.phone ? formatPhone(r.phone) : r.email),
    detail: [r.phone ? formatPhone(r.phone) : r.email, r.location].filter(Boolean).join(' · '),
    href: r.phone ? conversationHref(r.phone, r.locationId) : `/messenger/?filter=${encodeURIComponent(r.email)}`,
  }),
});

export const messengerFigures: FigureSource[] = [
  {
    key: 'textsAwaitingReply',
    access: 'messenger',
    async count({ db, reach }) {
      const waiting = db
        .select({ one: sql`1` })
        .from(conversations)
        .where(
          and(
            eq(conversations.lastDirection, 'inbound'),
            sql`${conversations.unread} > 0`,
            withinReach(reach, conversations.locationId),
          ),
        )
        .limit(FIGURE_CAP);
      const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(waiting.as('waiting'));
      return { label: 'Texts awaiting a reply', value: n, href: '/messenger/?direction=inbound&unread=1' };
    },
  },
];
