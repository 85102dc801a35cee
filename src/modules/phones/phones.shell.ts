import { and, asc, count, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import { defineFind, type FigureSource } from '../../server/platform/modules';
import { withinReach } from '../../server/platform/reach';
import { containing, foundFields } from '../../server/platform/search';
import { locations } from '../locations/locations.db';
import { calls, phones } from './phones.db';
import { callStatuses, finalCallStatuses } from './phones.contract';
import { formattedPhoneSql } from './phones.queries';
import { DEFAULT_TIME_ZONE, dayEnd, dayIn, dayStart, zoneOf } from '../../server/platform/days';

/** Lines in the command palette, by description or any run of the number's digits. */
export const findPhones = defineFind({
  kind: 'phone',
  label: 'Phones',
  access: 'phoneLookup',
  query({ db, reach }, term, limit) {
    const digits = term.replace(/\D/g, '');
    const byNumber = digits.length >= 3 ? sql`${phones.phoneNumber} like ${containing(digits)}` : undefined;
    const byName = sql`lower(${phones.description}) like ${containing(term)}`;
    return db
      .select({
        found: foundFields({
          id: phones.id,
          description: phones.description,
          number: formattedPhoneSql(phones.phoneNumber),
          location: locations.name,
          active: phones.active,
        }),
      })
      .from(phones)
      .leftJoin(locations, eq(locations.id, phones.locationId))
      .where(and(byNumber ? or(byNumber, byName) : byName, withinReach(reach, phones.locationId)))
      .orderBy(asc(phones.description), asc(phones.id))
      .limit(limit);
  },
  present: (r) => ({
    id: String(r.id),
    title: r.description || r.number,
    detail: [r.number, r.location, r.active ? '' : 'inactive'].filter(Boolean).join(' · '),
    href: `/phones/?query=${encodeURIComponent(r.number)}`,
  }),
});

/**
 * The day on the group's clock, as the calls list reads a day with no location chosen, so a figure and
 * the list it links to count the same calls.
 */
const today = (now: Date) => dayIn(DEFAULT_TIME_ZONE, now);

/** Spelled out, the calls_live_idx partial index answers the count. */
const liveStatuses = callStatuses.filter((s) => !finalCallStatuses.includes(s));

export const phoneFigures: FigureSource[] = [
  {
    key: 'missedCalls',
    access: 'phoneLookup',
    async count({ db, reach, now }) {
      const day = today(now);
      const zone = zoneOf(undefined);
      const [{ n }] = await db
        .select({ n: count() })
        .from(calls)
        .where(
          and(
            eq(calls.direction, 'inbound'),
            eq(calls.status, 'no-answer'),
            gte(calls.startedAt, dayStart(day, zone)),
            lt(calls.startedAt, dayEnd(day, zone)),
            withinReach(reach, calls.locationId),
          ),
        );
      return {
        label: 'Missed calls today',
        value: n,
        href: `/phones/calls/?direction=inbound&status=no-answer&minCreatedAt=${day}&maxCreatedAt=${day}`,
      };
    },
  },
  {
    key: 'liveCalls',
    access: 'phoneLookup',
    async count({ db, reach }) {
      const [{ n }] = await db
        .select({ n: count() })
        .from(calls)
        .where(and(inArray(calls.status, liveStatuses), withinReach(reach, calls.locationId)));
      return { label: 'Calls on the line now', value: n, href: '/phones/calls/twilio' };
    },
  },
];
