import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { seededRandom } from '../../server/scale/random';
import { locations } from '../locations/locations.db';
import { messages, phones } from '../phones/phones.db';
import { users } from '../users/users.db';
import { contacts } from '../contacts/contacts.db';
import { bulkRecipients, bulkSends, conversations, deployments, shortcuts } from './messenger.db';
import { publish, storeShortcuts } from './shortcuts';
import { ACKNOWLEDGEMENT } from './messenger.contract';

/** The group's default shortcuts; a store may have its own of the same name. */
const DEFAULT_SHORTCUTS: { shortcut: string; message: string; keywords: string[] }[] = [
  {
    shortcut: 'hours',
    message: '[location_name] service hours: [service_hours]. Book online at [service_url].',
    keywords: ['hours', 'open', 'close', 'closed'],
  },
  {
    shortcut: 'address',
    message: 'We are at [location_address]. Call us at [location_phone].',
    keywords: ['address', 'where', 'located', 'directions'],
  },
  {
    shortcut: 'service',
    message: 'Book your service at [service_url] or call [service_phone].',
    keywords: ['service', 'appointment', 'oil', 'brakes'],
  },
  { shortcut: 'thanks', message: 'Thank you for choosing [location_name]!', keywords: [] },
  {
    shortcut: ACKNOWLEDGEMENT,
    message: 'Thanks for your text! Someone from [location_name] will reply shortly.',
    keywords: [],
  },
];

/** Conversations: what the customer and the store said, in turn; the customer speaks first. */
const EXCHANGES: string[][] = [
  [
    'Is the 2024 RAV4 XLE still available?',
    'Yes it is! Would you like to come see it today?',
    'Can I come by after work, around 6?',
    'Perfect, see you at 6. Ask for me at the front desk.',
  ],
  ['What time do you close on Saturday?', 'We are open until 5 on Saturdays.'],
  [
    'My check engine light came on this morning.',
    'Sorry to hear that! We can look at it tomorrow at 8:00. Does that work?',
    'Yes please',
  ],
  [
    'Do you have any Tacomas with the TRD package?',
    'We have three on the lot. I can send you the links.',
    'Please do. Also what are the lease specials?',
  ],
  ['Is my car ready yet?', 'It is! Your total is $189.45. We are open until 7.'],
  ['Can I get a quote on a trade-in for my 2018 Civic?', 'Sure, what is the mileage?', 'About 64,000 miles'],
];
const FIRST = [
  'Maria',
  'Jose',
  'Linda',
  'David',
  'Rosa',
  'Michael',
  'Angela',
  'Thomas',
  'Carmen',
  'Daniel',
  'Teresa',
  'Kevin',
];
const LAST = [
  'Garcia',
  'Martinez',
  'Chavez',
  'Romero',
  'Baca',
  'Nguyen',
  'Johnson',
  'Brown',
  'Lopez',
  'Sanchez',
  'Gallegos',
  'Trujillo',
];

/**
 * Named contacts in conversation with the first stores' main lines, some awaiting a reply and unread,
 * and the group's shortcuts. Numbers are fictional (555-02xx) in each store's area code.
 */
export async function seedMessenger(db: Db) {
  await seedShortcuts(db);
  const random = seededRandom(16);
  const lines = await db
    .select({ id: phones.id, phoneNumber: phones.phoneNumber, locationId: phones.locationId })
    .from(phones)
    .innerJoin(locations, eq(locations.id, phones.locationId))
    .where(and(eq(phones.active, true), eq(phones.phoneType, 'main')))
    .orderBy(asc(locations.id))
    .limit(6);
  const now = Date.now();
  let person = 0;
  for (const line of lines) {
    const [agent] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.locationId, line.locationId))
      .orderBy(asc(users.id))
      .limit(1);
    const areaCode = line.phoneNumber.slice(2, 5);
    for (const [n, exchange] of EXCHANGES.entries()) {
      const phone = `+1${areaCode}55502${String(person % 100).padStart(2, '0')}`;
      const firstName = FIRST[person % FIRST.length];
      // Every pair of names once: the last name moves on by five after each round of first names.
      const lastName = LAST[(person + Math.floor(person / FIRST.length) * 5 + 3) % LAST.length];
      person++;
      await db.insert(contacts).values({
        locationId: line.locationId,
        firstName,
        lastName,
        mobilePhone: phone,
        email: `${firstName}.${lastName}${person}@example.com`.toLowerCase(),
        source: n % 3 === 0 ? 'text' : 'staff',
        autopilot: n === 1,
      });
      // Spread over the last four days; the most recent conversations are the first ones.
      const start = now - (n * 9 + random.int(1, 8)) * 3_600_000 - random.int(0, 50) * 60_000;
      await db.insert(messages).values(
        exchange.map((body, i) => {
          const inbound = i % 2 === 0;
          const at = new Date(start + i * (3 + random.int(0, 20)) * 60_000);
          return {
            messageSid: `SM${'d'.repeat(8)}${String(line.id).padStart(6, '0')}${String(n).padStart(4, '0')}${String(i).padStart(14, '0')}`,
            phoneId: line.id,
            locationId: line.locationId,
            direction: inbound ? ('inbound' as const) : ('outbound' as const),
            purpose: inbound ? ('inbound' as const) : ('transactional' as const),
            from: inbound ? phone : line.phoneNumber,
            to: inbound ? line.phoneNumber : phone,
            body,
            status: inbound ? ('received' as const) : ('delivered' as const),
            userId: inbound ? null : (agent?.id ?? null),
            createdAt: at,
            statusAt: at,
          };
        }),
      );
    }
  }
  await seedSends(db, lines, now);
  // A conversation the store answered last has been read.
  await db
    .update(conversations)
    .set({ unread: 0, readAt: new Date(now) })
    .where(eq(conversations.lastDirection, 'outbound'));
}

/**
 * The group's shortcuts and Denver's own hours, deployed at every store (autopilot answers only from a
 * deployment), then a draft at Albuquerque Honda not yet deployed, so the editor shows one of each.
 */
async function seedShortcuts(db: Db) {
  await db.insert(shortcuts).values(DEFAULT_SHORTCUTS);
  const stores = await db.select().from(locations).orderBy(asc(locations.id));
  const code = (c: string) => stores.find((s) => s.code === c)?.id;
  const denver = code('DNC');
  if (denver) {
    await db.insert(shortcuts).values({
      locationId: denver,
      shortcut: 'hours',
      keywords: ['hours', 'open', 'close', 'closed'],
      message: '[location_name] is open 8:00–20:00 Monday to Saturday; service [service_hours]. Book at [service_url].',
    });
  }
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  const at = new Date(Date.now() - 3 * 86_400_000);
  for (const store of stores) {
    await db.insert(deployments).values({
      locationId: store.id,
      version: 1,
      kind: 'deploy',
      shortcuts: publish(store, await storeShortcuts(db, store.id)),
      deployedBy: admin?.id ?? null,
      deployedAt: at,
    });
  }
  const honda = code('ABH');
  if (honda) {
    await db.insert(shortcuts).values({
      locationId: honda,
      shortcut: 'trade-in',
      keywords: ['trade', 'appraisal'],
      message:
        'Get an offer for your trade-in at [location_url] or bring it by [location_address]; it takes about 20 minutes.',
    });
  }
}

/**
 * Two mass texts of last week, finished: one at the first store (with a recipient who had opted out)
 * and one at a store outside New Mexico, so the sends list and the reach tests have each.
 */
async function seedSends(db: Db, lines: { id: number; phoneNumber: string; locationId: number }[], now: number) {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  const [outside] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(eq(locations.region, 'Colorado'))
    .orderBy(asc(locations.id))
    .limit(1);
  const chosen = [lines[0], lines.find((l) => l.locationId === outside?.id)].filter((l): l is (typeof lines)[number] =>
    Boolean(l),
  );
  for (const [n, line] of chosen.entries()) {
    const at = new Date(now - (5 + n) * 86_400_000);
    const body =
      n === 0
        ? 'Year-end sales event this Saturday: 0% APR on select models. Reply STOP to opt out.'
        : 'Winter tire special: $50 off a set of four this month. Reply STOP to opt out.';
    const numbers = await db
      .select({ phone: contacts.mobilePhone })
      .from(contacts)
      .where(eq(contacts.locationId, line.locationId))
      .orderBy(asc(contacts.id));
    const recipients = [...numbers.map((c) => c.phone!), ...(n === 0 ? ['+15755550199'] : [])];
    const [send] = await db
      .insert(bulkSends)
      .values({
        kind: 'text',
        locationId: line.locationId,
        phoneId: line.id,
        body,
        quietHours: 'wait',
        state: 'done',
        recipientCount: recipients.length,
        createdBy: admin?.id ?? null,
        createdAt: at,
        finishedAt: new Date(at.getTime() + 60_000),
      })
      .returning({ id: bulkSends.id });
    const sent = recipients.filter((r) => r !== '+15755550199');
    const sid = (i: number) => `SM${'b'.repeat(8)}${String(send.id).padStart(6, '0')}${String(i).padStart(18, '0')}`;
    await db.insert(messages).values(
      sent.map((to, i) => ({
        messageSid: sid(i),
        phoneId: line.id,
        locationId: line.locationId,
        direction: 'outbound' as const,
        purpose: 'marketing' as const,
        from: line.phoneNumber,
        to,
        body,
        status: 'delivered' as const,
        userId: admin?.id ?? null,
        createdAt: at,
        statusAt: at,
      })),
    );
    await db.insert(bulkRecipients).values(
      recipients.map((address, i) =>
        address === '+15755550199'
          ? {
              sendId: send.id,
              address,
              state: 'refused' as const,
              reason:
                '(575) 555-0199 has opted out of texts and calls from the group; they can opt back in by texting START.',
            }
          : { sendId: send.id, address, state: 'sent' as const, sid: sid(i), claimedAt: at, sentAt: at },
      ),
    );
  }
}
