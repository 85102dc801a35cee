import { createHash } from 'node:crypto';
import { asc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { locations } from '../locations/locations.db';
import { users } from '../users/users.db';
import { calls, messages, optOuts, phoneActions, phones } from './phones.db';
import type { CallStatus, PhoneType } from './phones.contract';
import { DEFAULT_TIME_ZONE, dayIn, zonedDayStart } from '../../server/platform/days';

const sidOf = (prefix: string, seed: string) => `${prefix}${createHash('md5').update(seed).digest('hex')}`;

/** The same numbers every time, so the demo looks the same on every start. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The demo admin's own phone, on their profile: make-call rings it and puts the customer through, so
 * "Make a call" works at the first sign-in. A 555-01xx number is fictional: nobody real is ever rung.
 */
export const DEMO_ADMIN_PHONE = '+15055550120';

type Pick = <T>(items: T[]) => T;
const MODELS = ['RAV4', 'Tacoma', 'CR-V', 'Outback', 'F-150', 'Silverado', 'Sportage', 'Tucson', 'Camry', 'Civic'];
const DAYS = ['tomorrow', 'Thursday', 'Friday', 'Saturday morning', 'Monday', 'this afternoon'];
const TIMES = ['8:30', '9:15', '10:00', '11:45', '1:30', '3:15', '4:40'];

/**
 * What a customer texts a line and what the store answers, with the details that tell one customer's
 * text from another's (a model, a day, a time), so the demo's texts do not read as one script.
 */
const EXCHANGES: ((pick: Pick) => [string, string])[] = [
  (pick) => [`Is the ${pick(MODELS)} on your website still available?`, `It is! Want to come see it ${pick(DAYS)}?`],
  (pick) => [`Can I come by ${pick(DAYS)} after work?`, 'Sure, we are open until 7. Ask for the sales desk.'],
  (pick) => [
    `Is my ${pick(MODELS)} ready for pickup?`,
    'Yes! It is parked out front; the keys are at the service desk.',
  ],
  (pick) => [
    `Did my ${pick(['brake pads', 'floor mats', 'roof rack', 'wiper blades', 'tow hitch'])} come in?`,
    `It arrived this morning. We can put it on ${pick(DAYS)} at ${pick(TIMES)}.`,
  ],
  (pick) => [`Can I move my appointment to ${pick(DAYS)}?`, `Done: ${pick(DAYS)} at ${pick(TIMES)}. See you then.`],
  (pick) => [`What do I need to bring to pick up the ${pick(MODELS)}?`, 'Just your license and your insurance card.'],
  (pick) => [
    `How much is ${pick(['a tire rotation', 'an alignment', 'a cabin filter', 'a battery test', 'an oil change'])}?`,
    `$${pick(['29.95', '49.95', '89.95', '119.95'])} for most models. Want me to book you in?`,
  ],
  (pick) => [
    `Running about ${pick(['10', '15', '20'])} minutes late, sorry!`,
    'No problem, we will see you when you get here.',
  ],
  (pick) => [`Do you have a loaner for ${pick(DAYS)}?`, `We have one at ${pick(TIMES)}. I put your name on it.`],
  (pick) => [
    `Any lease deals on the ${pick(MODELS)} this month?`,
    `Yes, from $${pick(['289', '319', '349', '399'])} a month with $2,999 down. I can send the details.`,
  ],
  (pick) => [
    `Thanks for getting my ${pick(MODELS)} in so fast ${pick(['today', 'this morning', 'yesterday'])}!`,
    'Thank you for coming in! Drive safe.',
  ],
  (pick) => [
    `What is my car worth? It is a ${pick(['2015', '2017', '2019'])} ${pick(MODELS)}.`,
    'Send me a few photos and the mileage and I will get you a number today.',
  ],
];

const CUSTOMER_AREA_CODES: Record<string, string[]> = {
  NM: ['575'],
  CO: ['303', '720', '719'],
  AZ: ['602', '520'],
  TX: ['915'],
};

/**
 * Lines for every demo location, a month of calls and texts while each store is open (on its own
 * clock), and call plans for the main lines.
 */
export async function seedPhones(db: Db): Promise<void> {
  const stores = await db.select().from(locations).orderBy(asc(locations.id));
  const staff = await db
    .select({ id: users.id, locationId: users.locationId })
    .from(users)
    .where(ne(users.phone, ''))
    .orderBy(asc(users.id));
  const lines = stores.flatMap((store) => {
    const base = store.phone.slice(0, -2);
    const line = (
      description: string,
      phoneType: PhoneType,
      suffix: string,
      extra: Partial<typeof phones.$inferInsert> = {},
    ) => ({
      description,
      phoneType,
      phoneNumber: `${base}${suffix}`,
      locationId: store.id,
      sid: sidOf('PN', `${base}${suffix}`),
      bridge: store.phone,
      active: store.active,
      ...extra,
    });
    return [
      line(`${store.name} main line`, 'main', '00', { outbound: true, bridge: '' }),
      line(`${store.name} sales`, 'sales', '10', { autopilot: true }),
      line(`${store.name} service`, 'service', '50'),
      ...(store.code === 'ABG' ? [line('Guest engagement center', 'bdc', '90', { squad: true, autopilot: true })] : []),
    ];
  });
  const created = await db.insert(phones).values(lines).returning();

  const next = random(20_240_601);
  const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)];
  const now = Date.now();
  const storeOf = new Map(stores.map((s) => [s.id, s]));
  // Customers call from their store's own area: the fictional 555-01xx numbers of its state's area
  // codes (505 and 480 are left to the tests' own callers).
  const demoCustomer = (locationId: number | null) =>
    `+1${pick(CUSTOMER_AREA_CODES[storeOf.get(locationId!)?.state ?? ''] ?? ['575'])}55501${String(Math.floor(next() * 100)).padStart(2, '0')}`;
  /** A moment of the last 30 days when the store is open, on its own clock (the main lines' opening hours below). */
  const openMoment = (locationId: number | null) => {
    const zone = storeOf.get(locationId!)?.timeZone ?? DEFAULT_TIME_ZONE;
    for (;;) {
      const day = dayIn(zone, new Date(now - Math.floor(next() * 30) * 86_400_000));
      const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
      if (weekday === 0) continue;
      const [open, close] = weekday === 6 ? [9, 17] : [8, 19];
      const at = new Date(
        zonedDayStart(day, zone).getTime() + (open * 60 + Math.floor(next() * ((close - open) * 60 - 20))) * 60_000,
      );
      if (at.getTime() < now) return at;
    }
  };

  const plans = created
    .filter((p) => p.phoneType === 'main' || p.phoneType === 'service')
    .flatMap((p) => {
      const team = staff
        .filter((u) => u.locationId === p.locationId)
        .slice(0, 3)
        .map((u) => u.id);
      return [
        {
          phoneId: p.id,
          kind: 'hours' as const,
          label: 'Opening hours',
          position: 0,
          hours: {
            mon: ['08:00', '19:00'],
            tue: ['08:00', '19:00'],
            wed: ['08:00', '19:00'],
            thu: ['08:00', '19:00'],
            fri: ['08:00', '19:00'],
            sat: ['09:00', '17:00'],
          } as Record<string, [string, string]>,
        },
        ...(team.length
          ? [
              {
                phoneId: p.id,
                kind: 'ring-group' as const,
                label: 'Front desk',
                position: 1,
                userIds: team,
                timeoutSeconds: 20,
              },
            ]
          : []),
        { phoneId: p.id, kind: 'voicemail' as const, label: 'After hours', position: 2, greeting: '' },
      ];
    });
  await db.insert(phoneActions).values(plans);

  const statuses: [CallStatus, number][] = [
    ['completed', 0.78],
    ['no-answer', 0.13],
    ['busy', 0.05],
    ['failed', 0.04],
  ];
  const status = () => {
    let roll = next();
    for (const [s, p] of statuses) if ((roll -= p) < 0) return s;
    return 'completed' as CallStatus;
  };
  const callRows = created.flatMap((p) =>
    Array.from({ length: p.active ? 14 : 3 }, (_, i) => {
      const startedAt = openMoment(p.locationId);
      const inbound = next() < 0.7;
      const customer = demoCustomer(p.locationId);
      const result = status();
      const duration = result === 'completed' ? 30 + Math.floor(next() * 870) : 0;
      const agents = staff.filter((u) => u.locationId === p.locationId);
      return {
        callSid: sidOf('CA', `demo-call-${p.id}-${i}`),
        phoneId: p.id,
        locationId: p.locationId,
        direction: inbound ? ('inbound' as const) : ('outbound' as const),
        from: inbound ? customer : p.phoneNumber,
        to: inbound ? p.phoneNumber : customer,
        status: result,
        userId: result === 'completed' && agents.length ? pick(agents).id : null,
        startedAt,
        answeredAt: result === 'completed' ? new Date(startedAt.getTime() + 6000) : null,
        endedAt: new Date(startedAt.getTime() + 6000 + duration * 1000),
        durationSeconds: duration,
        statusAt: startedAt,
      };
    }),
  );
  await db.insert(calls).values(callRows);

  // Three short exchanges a line: a customer's text and the store's answer, the same customer's number.
  const messageRows = created
    .filter((p) => p.active)
    .flatMap((p) =>
      Array.from({ length: 3 }, (_, pair) => {
        const customer = demoCustomer(p.locationId);
        const asked = openMoment(p.locationId);
        const answered = new Date(
          asked.getTime() + (2 + Math.floor(next() * 25)) * 60_000 + Math.floor(next() * 60_000),
        );
        return pick(EXCHANGES)(pick).map((body, turn) => {
          const inbound = turn === 0;
          const i = pair * 2 + turn;
          const createdAt = inbound ? asked : new Date(Math.min(answered.getTime(), now));
          return {
            messageSid: sidOf('SM', `demo-text-${p.id}-${i}`),
            phoneId: p.id,
            locationId: p.locationId,
            direction: inbound ? ('inbound' as const) : ('outbound' as const),
            purpose: inbound ? ('inbound' as const) : ('transactional' as const),
            from: inbound ? customer : p.phoneNumber,
            to: inbound ? p.phoneNumber : customer,
            body,
            status: inbound ? ('received' as const) : i === 5 ? ('undelivered' as const) : ('delivered' as const),
            errorCode: !inbound && i === 5 ? 30006 : null,
            createdAt,
            statusAt: createdAt,
          };
        });
      }).flat(),
    );
  await db.insert(messages).values(messageRows);
  const main = created[0];
  await db.insert(optOuts).values({
    phoneNumber: '+15755550199',
    keyword: 'STOP',
    phoneId: main.id,
    locationId: main.locationId,
    createdAt: new Date(now - 5 * 86_400_000),
  });
  // Last, so the admin stays out of the stores' ring groups and call history: those are the staff's.
  await db.update(users).set({ phone: DEMO_ADMIN_PHONE }).where(eq(users.username, 'admin'));
}
