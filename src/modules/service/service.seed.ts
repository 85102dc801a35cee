import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { seededRandom, type Random } from '../../server/scale/random';
import { demoPerson, type DemoPerson } from '../../server/db/demo-people';
import { locations } from '../locations/locations.db';
import {
  appointments,
  recallCampaigns,
  recallMessages,
  schedulerSessions,
  serviceServices,
  serviceSources,
} from './service.db';
import { sessionSteps, type AppointmentStatus, type Device, type SessionStep } from './service.contract';

/** The group's booking sources, most used first (the scale data weighs them in this order). */
export const SOURCES = [
  'Online scheduler',
  'Phone',
  'Walk-in',
  'Recall text',
  'Service reminder email',
  'Website chat',
  'Sales handoff',
  'Google Business profile',
];

/** Services customers book: name, hours planned, and whether it takes the long-service scheduler. */
export const SERVICES: [string, number, boolean][] = [
  ['Oil and filter change', 1, false],
  ['Tire rotation', 1, false],
  ['Multi-point inspection', 1, false],
  ['Brake inspection', 1, false],
  ['Front brake pads', 2, false],
  ['Battery test and replacement', 1, false],
  ['Four-wheel alignment', 1, false],
  ['Check engine light diagnosis', 2, false],
  ['A/C performance check', 1, false],
  ['30,000-mile service', 3, false],
  ['60,000-mile service', 4, false],
  ['Tire replacement', 1, false],
  ['Cabin and engine air filters', 1, false],
  ['State inspection', 1, false],
  ['Recall repair', 2, false],
  ['90,000-mile major service', 7, true],
  ['Timing belt replacement', 6, true],
  ['Transmission rebuild', 16, true],
  ['Head gasket repair', 14, true],
  ['Hybrid battery replacement', 8, true],
];

/** Recalls the stores text owners about (made-up campaign numbers in the makers' format). */
export const RECALLS: [string, string, string][] = [
  ['24V-101', 'Fuel pump may fail', 'Toyota'],
  ['24V-233', 'Rearview camera image may not display', 'Honda'],
  ['24V-318', 'Front seat belt pretensioner', 'Subaru'],
  ['25V-042', 'Brake booster vacuum hose', 'Ford'],
  ['25V-117', 'Air bag inflator', 'Chevrolet'],
  ['25V-260', 'Engine oil leak fire risk', 'Kia'],
  ['25V-384', 'ABS module short circuit', 'Hyundai'],
  ['25V-512', 'Steering column bolt', 'Nissan'],
];

export const REFERRERS = [
  'Google search',
  'Store website',
  'Service reminder email',
  'Recall text',
  'Facebook',
  'Direct',
];
export const VEHICLES = [
  '2019 Toyota RAV4',
  '2021 Toyota Tacoma',
  '2020 Honda CR-V',
  '2018 Ford F-150',
  '2017 Subaru Outback',
  '2016 Chevrolet Silverado',
  '2021 Hyundai Tucson',
  '2022 Kia Sportage',
  '2020 Nissan Rogue',
  '2015 Honda Civic',
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
  'Lucia',
  'Brian',
  'Sofia',
  'Robert',
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
  'Armijo',
  'Lucero',
];

/** A scale-data customer: a name and a fictional 555 number in the store's area code. */
export const customerOf = (random: Random, areaCode: string) => ({
  name: `${random.pick(FIRST)} ${random.pick(LAST)}`,
  phone: `+1${areaCode}555${String(random.int(0, 9999)).padStart(4, '0')}`,
});

/** Weights of SOURCES for bookings that did not come from a recall text. */
const SOURCE_WEIGHTS = [34, 26, 10, 0, 10, 8, 4, 8];
/** A booking's source id (SOURCES' position + 1), by the weights above. */
export function sourceOf(random: Random): number {
  let roll = random.next() * 100;
  const i = SOURCE_WEIGHTS.findIndex((w) => (roll -= w) < 0);
  return (i < 0 ? 0 : i) + 1;
}
const ONLINE_SOURCE_ID = SOURCES.indexOf('Online scheduler') + 1;
export const RECALL_SOURCE_ID = SOURCES.indexOf('Recall text') + 1;
/** The service a recall appointment books (SERVICES' position + 1). */
export const RECALL_SERVICE_ID = SERVICES.findIndex(([name]) => name === 'Recall repair') + 1;

/** Services an appointment asks for: one to three, a long one now and then. */
export function servicesOf(random: Random, count: number): number[] {
  const ids = new Set<number>([random.int(1, 15) <= 6 ? random.int(1, 4) : random.int(1, 15)]);
  if (random.next() < 0.4) ids.add(random.int(1, 15));
  if (random.next() < 0.06) ids.add(random.int(16, count));
  return [...ids];
}

/** What became of an appointment: ahead is still scheduled; behind, mostly completed. */
export function statusOf(random: Random, scheduledAt: Date, now: Date): AppointmentStatus {
  const roll = random.next();
  if (scheduledAt > now) return roll < 0.05 ? 'canceled' : 'scheduled';
  return roll < 0.8 ? 'completed' : roll < 0.9 ? 'no-show' : 'canceled';
}

/** Days ahead a customer books: often this week, sometimes weeks out. */
export function daysOutOf(random: Random): number {
  const roll = random.next();
  return roll < 0.15
    ? 0
    : roll < 0.45
      ? random.int(1, 2)
      : roll < 0.8
        ? random.int(3, 7)
        : roll < 0.93
          ? random.int(8, 14)
          : random.int(15, 45);
}

/** A time in opening hours (07:00–17:30) on the store's clock, as UTC: Mountain time is UTC−7 or −6; close enough for a demo. */
const openHour = (random: Random) => 14 + random.int(0, 10) + random.pick([0, 0.5]);
/** When a booking is made: any minute of the hour (the slot it books is on the hour or half hour). */
const bookedAt = (random: Random, day: Date) =>
  new Date(day.getTime() + (14 + random.int(0, 10)) * 3_600_000 + random.int(0, 3_599) * 1000);

/** How often a booking is a store's returning customer rather than someone new. */
const RETURNING = 0.45;

/** A store's service customers: each with one vehicle, drawn from the demo's people as they first book. */
interface Regular extends DemoPerson {
  vehicle: string;
}

/** The store's next booking's customer: one who came before, or a new one given the next of the demo's people. */
function customerFor(random: Random, regulars: Regular[], next: () => number, areaCode: string): Regular {
  if (regulars.length > 0 && random.next() < RETURNING) return random.pick(regulars);
  const regular = { ...demoPerson(next(), areaCode), vehicle: random.pick(VEHICLES) };
  regulars.push(regular);
  return regular;
}

/**
 * Four months of bookings per store (up to three weeks ahead), recall texts and the appointments they
 * brought, and online scheduler visits, the same on every start.
 */
export async function seedService(db: Db): Promise<void> {
  const random = seededRandom(15);
  await db.insert(serviceSources).values(SOURCES.map((name) => ({ name })));
  await db.insert(serviceServices).values(SERVICES.map(([name, hours, longService]) => ({ name, hours, longService })));
  const now = new Date();
  const day = (offset: number) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset));
  await db.insert(recallCampaigns).values(
    RECALLS.map(([campaign, name, make], i) => ({
      campaign,
      name,
      make,
      startedOn: day(-200 + i * 20)
        .toISOString()
        .slice(0, 10),
    })),
  );
  const stores = await db
    .select()
    .from(locations)
    .where(and(eq(locations.serviceActive, true), eq(locations.collisionOnly, false)))
    .orderBy(asc(locations.id));
  const recallOf = new Map(RECALLS.map(([, , make], i) => [make, i + 1]));
  const booked: (typeof appointments.$inferInsert)[] = [];
  const texts: (typeof recallMessages.$inferInsert)[] = [];
  let people = 0;
  const nextPerson = () => people++;
  for (const store of stores) {
    const areaCode = store.phone.slice(2, 5) || '505';
    const recall = recallOf.get(store.dealership);
    const regulars: Regular[] = [];
    for (let d = -120; d <= 0; d++) {
      for (let n = random.int(1, 4); n > 0; n--) {
        const createdAt = bookedAt(random, day(d));
        // A same-day booking is for later that day.
        const slot = new Date(day(d + daysOutOf(random)).getTime() + openHour(random) * 3_600_000);
        const scheduledAt = slot > createdAt ? slot : new Date(createdAt.getTime() + 2 * 3_600_000);
        const customer = customerFor(random, regulars, nextPerson, areaCode);
        const isRecall = recall !== undefined && random.next() < 0.12;
        if (createdAt > now) continue;
        booked.push({
          locationId: store.id,
          customerName: customer.name,
          phone: customer.phone,
          vehicle: customer.vehicle,
          sourceId: isRecall ? RECALL_SOURCE_ID : sourceOf(random),
          serviceIds: isRecall ? [RECALL_SERVICE_ID] : servicesOf(random, SERVICES.length),
          recallCampaignId: isRecall ? recall : null,
          status: statusOf(random, scheduledAt, now),
          scheduledAt,
          createdAt,
        });
      }
      if (recall !== undefined && d % 7 === 0) {
        for (let n = random.int(4, 10); n > 0; n--)
          texts.push({
            locationId: store.id,
            campaignId: recall,
            // The store's own customers, owners of the make the recall is for.
            phone: customerFor(random, regulars, nextPerson, areaCode).phone,
            sentAt: new Date(day(d).getTime() + openHour(random) * 3_600_000),
          });
      }
    }
  }
  const made = await db.insert(appointments).values(booked).returning({
    id: appointments.id,
    locationId: appointments.locationId,
    createdAt: appointments.createdAt,
    sourceId: appointments.sourceId,
  });
  await db.insert(recallMessages).values(texts.filter((t) => t.sentAt! <= now));
  // The online scheduler's bookings came from a visit; other visits stopped on the way.
  const visits: (typeof schedulerSessions.$inferInsert)[] = [];
  for (const a of made) {
    if (a.sourceId === ONLINE_SOURCE_ID)
      visits.push(
        visit(random, a.locationId, new Date(a.createdAt.getTime() - random.int(3, 12) * 60_000), 'booked', a.id),
      );
    if (random.next() < 0.5)
      visits.push(
        visit(
          random,
          a.locationId,
          new Date(a.createdAt.getTime() - random.int(60, 600) * 60_000),
          random.pick(sessionSteps.slice(0, -1)),
          null,
        ),
      );
  }
  await db.insert(schedulerSessions).values(visits);
}

function visit(
  random: Random,
  locationId: number,
  startedAt: Date,
  lastStep: SessionStep,
  appointmentId: number | null,
) {
  const device: Device = random.next() < 0.62 ? 'phone' : random.next() < 0.85 ? 'desktop' : 'tablet';
  const minutes = lastStep === 'booked' ? random.int(3, 12) : sessionSteps.indexOf(lastStep) + random.int(0, 3);
  return {
    locationId,
    startedAt,
    endedAt: new Date(startedAt.getTime() + minutes * 60_000 + random.int(0, 59) * 1000),
    device,
    referrer: random.pick(REFERRERS),
    lastStep,
    appointmentId,
  };
}
