import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { seededRandom } from '../../server/scale/random';
import { demoPerson } from '../../server/db/demo-people';
import { daysAgo, inSequence, plausibleMoment } from '../../server/db/demo-times';
import { locations } from '../locations/locations.db';
import { demoTextRows } from '../phones/phones.api';
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

/** Models each store's texts ask about: one new of its make, one it has used. */
const MODELS: Record<string, { new: string; used: string }> = {
  Toyota: { new: 'RAV4 XLE', used: 'Tacoma TRD Off-Road' },
  Honda: { new: 'CR-V EX-L', used: 'Pilot EX-L' },
  Subaru: { new: 'Outback Premium', used: 'Forester Premium' },
  Ford: { new: 'F-150 XLT', used: 'Bronco Big Bend' },
  Chevrolet: { new: 'Silverado 1500 LT', used: 'Equinox LT' },
  Kia: { new: 'Telluride EX', used: 'Sportage EX' },
};
const ANY_MAKE = { new: 'SUV', used: 'pickup' };

/**
 * Conversations: what the customer and the store said, in turn; the customer speaks first. `{new}`
 * and `{used}` name the store's own models; an odd number of texts leaves the customer waiting. Each
 * store gets six of its own, so no two stores' customers say the same thing.
 */
const EXCHANGES: string[][] = [
  [
    'Is the {new} on your website still available?',
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
    'Do you have any used {used} in stock?',
    'We have three on the lot. I can send you the links.',
    'Please do. Also what are the lease specials?',
  ],
  ['Is my car ready yet?', 'It is! Your total is $189.45. We are open until 7.'],
  ['Can I get a quote on a trade-in for my 2018 Civic?', 'Sure, what is the mileage?', 'About 64,000 miles'],
  [
    'Hi, I test drove the {new} on Tuesday. Is the price on the sticker firm?',
    'Thanks for coming in! Let me talk to my manager and text you back within the hour.',
  ],
  [
    'Do you take trade-ins with a loan still on them?',
    'We do. Bring your lender and account number and we will pay it off.',
    'Great, thanks',
  ],
  [
    'Can I move my appointment from Thursday to Friday morning?',
    'Done: Friday at 8:30. We will text you a reminder the day before.',
  ],
  [
    'Do I need to bring anything to sign the papers?',
    "Your license, proof of insurance and the trade's title if you have it.",
  ],
  ['How much is an oil change for a {used}?', 'Synthetic is $79.95 with a tire rotation. Want me to book one?'],
  [
    'Got the recall letter in the mail. How long does the fix take?',
    'About two hours. We have a loaner if you need one.',
    'I will wait there, Monday at 9 ok?',
  ],
  [
    'Is there a {new} in blue anywhere nearby?',
    'Not on our lot, but one is arriving next week. Want me to hold it for you?',
    'Yes please hold it',
    'It is yours. I will call you the day it lands.',
  ],
  [
    'Did my new plates come in yet?',
    'Not yet. The state is running about three weeks; we will text you the day they arrive.',
  ],
  ['What was the payoff on my old car?', 'It was $4,212.88; it is on page two of your deal papers.'],
  [
    'Can my son pick up my car? I am stuck at work',
    'Sure, he just needs to show his license at the service desk.',
    'Thank you!!',
  ],
  [
    'Any 0% financing this month?',
    'On the {new}, yes: 0% for 48 months for qualified buyers through the end of the month.',
  ],
  [
    'My tire pressure light keeps coming on',
    'Probably a slow leak. Swing by the service drive; a patch takes 20 minutes.',
    'On my way',
  ],
  [
    'Do you have a loaner car for tomorrow?',
    'We have one left for 8:00. I put your name on it.',
    'Perfect',
    'See you tomorrow. Bring your insurance card.',
  ],
  [
    'Saw the used {used} online. Has it been in an accident?',
    'Clean history; I just emailed you the report.',
    'Can I see it Sunday?',
  ],
  [
    'How long is the wait for a wheel alignment?',
    'About an hour without an appointment. Saturday mornings are busiest.',
  ],
  [
    'Is the extended warranty worth it on a {new}?',
    'It depends how long you keep it. Happy to go over the options when you come in.',
  ],
  ['Running 15 minutes late for my 10:00', 'No problem, we will hold your spot.'],
  [
    'Can you send me the out-the-door price on the {used}?',
    'Sending it now with tax and fees included.',
    'Got it. Can you do better on the doc fee?',
  ],
  ['Thanks for getting me in so fast today!', 'Our pleasure! A review on Google would mean a lot to the team.'],
  [
    'Do you buy cars even if I do not buy one from you?',
    'We do. Our appraisal takes about 20 minutes and the offer is good for a week.',
  ],
  [
    'When does my lease end?',
    'In March. We can look at your options now; there are some good pull-ahead offers.',
    'Let us talk next week',
  ],
  ['Where do I drop off my keys after hours?', 'There is a key drop box to the left of the service doors.'],
  ['Does the {new} come as a hybrid?', 'It does: about 40 mpg around town. We have two on the lot.'],
  [
    'My windshield has a chip. Can you fix it?',
    'We send those to our glass partner; they can come to you Thursday.',
    'Thursday works',
  ],
  [
    'What is my car worth? It is a 2016 with 120k miles',
    'Send me the VIN and a few photos and I will get you a number today.',
    'Sent',
    'Got them, thanks. I will call you by 4.',
  ],
  ['Do you have Saturday service hours?', 'Yes, 8 to 2 on Saturdays.'],
  [
    'Can I put down a deposit on the {used} over the phone?',
    'Yes, $500 holds it for 48 hours. I can call you to take it.',
    'Call me now please',
  ],
  ['Is the battery covered under warranty?', 'For three years. Yours is two years old, so it is covered.'],
  [
    'Who was the person I spoke with yesterday about financing?',
    'That was our finance manager. I will ask her to call you this afternoon.',
  ],
  [
    'Do you have the {new} with the tow package?',
    'One is in the shop getting its inspection; ready tomorrow.',
    'Can you send me a picture?',
  ],
];
/** Conversations each line has. */
const PER_LINE = 6;
/** The demo's people the messenger's contacts are (service customers are the first ones). */
const MESSENGER_PEOPLE = 3_200;

/** An exchange in the store's words: its models in place of `{new}` and `{used}`. */
const inStoreWords = (exchange: string[], make: string) => {
  const models = MODELS[make] ?? ANY_MAKE;
  return exchange.map((text) => text.replace('{new}', models.new).replace('{used}', models.used));
};

/**
 * Named contacts in conversation with the first stores' main lines, some awaiting a reply and unread,
 * and the group's shortcuts. Each contact is one of the demo's people (demo-people.ts), in the store's
 * area code; the store's texts are answered by its first member of staff.
 */
export async function seedMessenger(db: Db) {
  await seedShortcuts(db);
  const random = seededRandom(16);
  const lines = await db
    .select({
      id: phones.id,
      phoneNumber: phones.phoneNumber,
      locationId: phones.locationId,
      make: locations.dealership,
      timeZone: locations.timeZone,
    })
    .from(phones)
    .innerJoin(locations, eq(locations.id, phones.locationId))
    .where(and(eq(phones.active, true), eq(phones.phoneType, 'main')))
    .orderBy(asc(locations.id))
    .limit(EXCHANGES.length / PER_LINE);
  const now = Date.now();
  for (const [l, line] of lines.entries()) {
    const [agent] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.locationId, line.locationId))
      .orderBy(asc(users.id))
      .limit(1);
    for (let n = 0; n < PER_LINE; n++) {
      const person = demoPerson(MESSENGER_PEOPLE + l * PER_LINE + n, line.phoneNumber.slice(2, 5));
      // Spread over the last four days, in the day; the most recent conversations are the first ones.
      const start = plausibleMoment(random, new Date(now - (n * 15 + random.int(1, 8)) * 3_600_000), {
        now: new Date(now),
        timeZone: line.timeZone,
        hours: { from: 8, to: 20 },
      });
      const exchange = inStoreWords(EXCHANGES[l * PER_LINE + n], line.make);
      // Each answer a few minutes after the text before it.
      const sent = inSequence(
        random,
        exchange.map(() => start),
        new Date(now),
      );
      await db.insert(contacts).values({
        locationId: line.locationId,
        firstName: person.firstName,
        lastName: person.lastName,
        mobilePhone: person.phone,
        email: person.email,
        source: n % 3 === 0 ? 'text' : 'staff',
        autopilot: n === 1,
        createdAt: sent[0],
      });
      await db.insert(messages).values(
        demoTextRows(
          line,
          person.phone,
          agent?.id ?? null,
          exchange.map((body, i) => ({ inbound: i % 2 === 0, body, at: sent[i] })),
          (i) =>
            `SM${'d'.repeat(8)}${String(line.id).padStart(6, '0')}${String(n).padStart(4, '0')}${String(i).padStart(14, '0')}`,
        ),
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
  const random = seededRandom(18);
  for (const [n, line] of chosen.entries()) {
    const at = daysAgo(random, 5 + n, { now: new Date(now) });
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
        bulkSendId: send.id,
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
