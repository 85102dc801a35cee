import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { locations } from '../locations/locations.db';
import { users } from '../users/users.db';
import { type Hours, inSequence, plausibleMoment, STORE_HOURS, WAKING_HOURS } from '../../server/db/demo-times';
import { seededRandom, type Random } from '../../server/scale/random';
import { vinCheckDigit, vinProblem } from '../vehicles/vehicles.api';
import type {
  Carrier,
  Coverage,
  DeliveryStatus,
  LaneVehicleStatus,
  LeadSource,
  LeadStatus,
  QuoteStatus,
} from './clicklane.contract';
import { laneDeliveries, laneLeads, laneQuotes, laneUpdates, laneUsers, laneVehicles } from './clicklane.db';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A VIN from its other sixteen characters, `_` standing for the check digit. */
function withCheckDigit(draft: string): string {
  const vin = `${draft.slice(0, 8)}${vinCheckDigit(draft.replace('_', '0'))}${draft.slice(9)}`;
  const problem = vinProblem(vin);
  if (problem) throw new Error(`Demo VIN ${draft}: ${problem}`);
  return vin;
}

const demoVehicles: {
  code: string;
  draft: string;
  stock: string;
  description: string;
  price: number;
  status: LaneVehicleStatus;
  ago: number;
}[] = [
  {
    code: 'ABG',
    draft: '2T3P1RFV_NW281734',
    stock: 'CL24101',
    description: '2022 Toyota RAV4 XLE',
    price: 3145000,
    status: 'reserved',
    ago: 20 * DAY,
  },
  {
    code: 'ABG',
    draft: '4T1C11AK_NU642118',
    stock: 'CL24102',
    description: '2022 Toyota Camry SE',
    price: 2679500,
    status: 'sold',
    ago: 25 * DAY,
  },
  {
    code: 'ABG',
    draft: '5TFLA5DB_MX004512',
    stock: 'CL24103',
    description: '2021 Toyota Tundra SR5',
    price: 4188000,
    status: 'available',
    ago: 6 * DAY,
  },
  {
    code: 'ABH',
    draft: '7FARW2H9_ME012876',
    stock: 'CL24201',
    description: '2021 Honda CR-V EX-L',
    price: 2899000,
    status: 'reserved',
    ago: 15 * DAY,
  },
  {
    code: 'ABH',
    draft: '19XFL2H8_PE008841',
    stock: 'CL24202',
    description: '2023 Honda Civic Sport',
    price: 2449000,
    status: 'available',
    ago: 3 * DAY,
  },
  {
    code: 'SFS',
    draft: '4S4BTANC_P3118245',
    stock: 'CL24301',
    description: '2023 Subaru Outback Premium',
    price: 3219500,
    status: 'sold',
    ago: 30 * DAY,
  },
  {
    code: 'DNC',
    draft: '1GCUYDED_NZ117733',
    stock: 'CL24501',
    description: '2022 Chevrolet Silverado LT',
    price: 4650000,
    status: 'reserved',
    ago: 12 * DAY,
  },
  {
    code: 'DNC',
    draft: '3GNKBCRS_NS220914',
    stock: 'CL24502',
    description: '2022 Chevrolet Blazer 2LT',
    price: 3375000,
    status: 'available',
    ago: 4 * DAY,
  },
  {
    code: 'PHX',
    draft: '5NMS24AJ_PH501122',
    stock: 'CL24701',
    description: '2023 Hyundai Santa Fe SEL',
    price: 2995000,
    status: 'reserved',
    ago: 9 * DAY,
  },
  {
    code: 'PHX',
    draft: '5NPLM4AG_NH073301',
    stock: 'CL24702',
    description: '2022 Hyundai Elantra SEL',
    price: 2085000,
    status: 'available',
    ago: 2 * DAY,
  },
];

const demoUsers = [
  { name: 'Rosa Martinez', email: 'rosa.martinez@example.com', phone: '+15055550142', signedIn: 1 * DAY },
  { name: 'Daniel Garcia', email: 'daniel.garcia@example.com', phone: '+15055550177', signedIn: 2 * HOUR },
  { name: 'Priya Natarajan', email: 'priya.n@example.com', phone: '+15055550119', signedIn: 3 * DAY },
  { name: 'Tom Whitehorse', email: 'tom.whitehorse@example.com', phone: '+15055550163', signedIn: null },
  { name: 'Angela Brooks', email: 'angela.brooks@example.com', phone: '+17205550108', signedIn: 5 * HOUR },
  { name: 'Marcus Lee', email: 'marcus.lee@example.com', phone: '+16025550131', signedIn: 6 * DAY },
  { name: 'Elena Vasquez', email: 'elena.vasquez@example.com', phone: '+16025550184', signedIn: null },
  { name: 'Kevin Tran', email: 'kevin.tran@example.com', phone: '', signedIn: 12 * DAY },
];

/** Leads, newest last; `user` names a demo user by email, `vehicle` a demo vehicle by stock number. */
const demoLeads: {
  code: string;
  name: string;
  email?: string;
  phone?: string;
  wanted: string;
  source: LeadSource;
  status: LeadStatus;
  ago: number;
  user?: string;
  vehicle?: string;
}[] = [
  {
    code: 'ABG',
    name: 'Rosa Martinez',
    email: 'rosa.martinez@example.com',
    phone: '+15055550142',
    wanted: '2022 RAV4 XLE, white',
    source: 'partner-site',
    status: 'completed',
    ago: 18 * DAY,
    user: 'rosa.martinez@example.com',
    vehicle: 'CL24101',
  },
  {
    code: 'ABG',
    name: 'Daniel Garcia',
    email: 'daniel.garcia@example.com',
    phone: '+15055550177',
    wanted: 'Camry SE under $28k',
    source: 'partner-site',
    status: 'sold',
    ago: 24 * DAY,
    user: 'daniel.garcia@example.com',
    vehicle: 'CL24102',
  },
  {
    code: 'ABG',
    name: 'Louise Chavez',
    email: 'lchavez@example.com',
    wanted: 'Tundra, crew cab',
    source: 'insurance-partner',
    status: 'quoted',
    ago: 4 * DAY,
    vehicle: 'CL24103',
  },
  {
    code: 'ABG',
    name: 'Brian Okafor',
    phone: '+15055550190',
    wanted: 'Any hybrid SUV',
    source: 'phone',
    status: 'contacted',
    ago: 2 * DAY,
  },
  {
    code: 'ABG',
    name: 'Sofia Ramirez',
    email: 'sofia.r@example.com',
    wanted: '2021+ Corolla',
    source: 'partner-site',
    status: 'new',
    ago: 5 * HOUR,
  },
  {
    code: 'ABG',
    name: 'James Yazzie',
    email: 'jyazzie@example.com',
    phone: '+15055550155',
    wanted: 'Tacoma TRD',
    source: 'partner-site',
    status: 'lost',
    ago: 16 * DAY,
  },
  {
    code: 'ABH',
    name: 'Priya Natarajan',
    email: 'priya.n@example.com',
    phone: '+15055550119',
    wanted: 'CR-V EX-L',
    source: 'partner-site',
    status: 'completed',
    ago: 12 * DAY,
    user: 'priya.n@example.com',
    vehicle: 'CL24201',
  },
  {
    code: 'ABH',
    name: 'Tom Whitehorse',
    email: 'tom.whitehorse@example.com',
    phone: '+15055550163',
    wanted: 'Civic Sport, manual if possible',
    source: 'partner-site',
    status: 'quoted',
    ago: 3 * DAY,
    user: 'tom.whitehorse@example.com',
    vehicle: 'CL24202',
  },
  {
    code: 'ABH',
    name: 'Grace Kim',
    email: 'grace.kim@example.com',
    wanted: 'Pilot or Passport',
    source: 'walk-in',
    status: 'new',
    ago: 1 * DAY,
  },
  {
    code: 'SFS',
    name: 'Kevin Tran',
    email: 'kevin.tran@example.com',
    wanted: 'Outback Premium',
    source: 'partner-site',
    status: 'sold',
    ago: 28 * DAY,
    user: 'kevin.tran@example.com',
    vehicle: 'CL24301',
  },
  {
    code: 'SFS',
    name: 'Maria Lucero',
    phone: '+15055550126',
    wanted: 'Forester, green',
    source: 'phone',
    status: 'new',
    ago: 9 * HOUR,
  },
  {
    code: 'DNC',
    name: 'Angela Brooks',
    email: 'angela.brooks@example.com',
    phone: '+17205550108',
    wanted: 'Silverado LT, 4WD',
    source: 'partner-site',
    status: 'completed',
    ago: 10 * DAY,
    user: 'angela.brooks@example.com',
    vehicle: 'CL24501',
  },
  {
    code: 'DNC',
    name: 'Ryan Novak',
    email: 'rnovak@example.com',
    wanted: 'Blazer 2LT',
    source: 'insurance-partner',
    status: 'contacted',
    ago: 3 * DAY,
    vehicle: 'CL24502',
  },
  {
    code: 'PHX',
    name: 'Marcus Lee',
    email: 'marcus.lee@example.com',
    phone: '+16025550131',
    wanted: 'Santa Fe SEL',
    source: 'partner-site',
    status: 'completed',
    ago: 8 * DAY,
    user: 'marcus.lee@example.com',
    vehicle: 'CL24701',
  },
  {
    code: 'PHX',
    name: 'Elena Vasquez',
    email: 'elena.vasquez@example.com',
    phone: '+16025550184',
    wanted: 'Elantra, low miles',
    source: 'partner-site',
    status: 'quoted',
    ago: 1 * DAY + 4 * HOUR,
    user: 'elena.vasquez@example.com',
    vehicle: 'CL24702',
  },
  {
    code: 'PHX',
    name: 'Hector Ruiz',
    phone: '+16025550117',
    wanted: 'Tucson or Kona',
    source: 'phone',
    status: 'new',
    ago: 3 * HOUR,
  },
];

/** Deliveries by customer name: the day (days from now, negative past), status, address and updates (hours ago). */
const demoDeliveries: {
  name: string;
  inDays: number;
  delivered?: number;
  status: DeliveryStatus;
  address: string;
  updates: { text: string; ago: number; photo?: string }[];
}[] = [
  {
    name: 'Daniel Garcia',
    inDays: -20,
    delivered: -20,
    status: 'delivered',
    address: '4410 Tramway Blvd NE, Albuquerque, NM 87111',
    updates: [
      { text: 'Your Camry passed its 160-point inspection and is being detailed.', ago: 23 * 24 },
      { text: 'Paperwork is signed. Your delivery is booked for Saturday morning.', ago: 22 * 24 },
      {
        text: 'Delivered! Enjoy your new Camry, Daniel.',
        ago: 20 * 24,
        photo: 'https://cdn.forecourt.test/clicklane/camry-delivered.jpg',
      },
    ],
  },
  {
    name: 'Rosa Martinez',
    inDays: 2,
    status: 'scheduled',
    address: '1208 Montaño Rd NW, Albuquerque, NM 87107',
    updates: [
      { text: 'Your RAV4 is reserved for you. We are finishing the inspection.', ago: 40 },
      {
        text: 'New tires fitted and the detail is done. Delivery is on Thursday between 10 and noon.',
        ago: 6,
        photo: 'https://cdn.forecourt.test/clicklane/rav4-detail.jpg',
      },
    ],
  },
  {
    name: 'Priya Natarajan',
    inDays: 0,
    status: 'in-transit',
    address: '77 Calle Cuervo, Rio Rancho, NM 87124',
    updates: [
      { text: 'Your CR-V is ready and the paperwork is in the glovebox.', ago: 26 },
      { text: 'Our driver Luis has left the store; he will call 20 minutes before arriving.', ago: 1 },
    ],
  },
  {
    name: 'Kevin Tran',
    inDays: -26,
    delivered: -25,
    status: 'delivered',
    address: '310 Old Santa Fe Trail, Santa Fe, NM 87501',
    updates: [{ text: 'Outback delivered. Thank you for buying with Santa Fe Subaru!', ago: 25 * 24 }],
  },
  {
    name: 'Angela Brooks',
    inDays: 3,
    status: 'scheduled',
    address: '2250 S Colorado Blvd, Denver, CO 80222',
    updates: [{ text: 'The Silverado is in the shop for a bedliner; delivery stays on schedule.', ago: 30 }],
  },
  {
    name: 'Marcus Lee',
    inDays: 1,
    status: 'scheduled',
    address: '1601 E Camelback Rd, Phoenix, AZ 85016',
    updates: [
      { text: 'Santa Fe inspected and detailed; we will bring it tomorrow afternoon.', ago: 20 },
      { text: 'Your plates arrived and are on the car.', ago: 4 },
    ],
  },
];

const demoQuotes: {
  name: string;
  carrier: Carrier;
  coverage: Coverage;
  term: 6 | 12;
  status: QuoteStatus;
  premium?: number;
  ago: number;
}[] = [
  {
    name: 'Rosa Martinez',
    carrier: 'progressive',
    coverage: 'full',
    term: 6,
    status: 'accepted',
    premium: 71400,
    ago: 15 * DAY,
  },
  {
    name: 'Rosa Martinez',
    carrier: 'geico',
    coverage: 'full',
    term: 6,
    status: 'quoted',
    premium: 76800,
    ago: 15 * DAY,
  },
  {
    name: 'Louise Chavez',
    carrier: 'state-farm',
    coverage: 'full',
    term: 12,
    status: 'quoted',
    premium: 164200,
    ago: 3 * DAY,
  },
  {
    name: 'Tom Whitehorse',
    carrier: 'allstate',
    coverage: 'liability',
    term: 6,
    status: 'quoted',
    premium: 38900,
    ago: 2 * DAY,
  },
  {
    name: 'Angela Brooks',
    carrier: 'liberty-mutual',
    coverage: 'full',
    term: 12,
    status: 'accepted',
    premium: 182500,
    ago: 9 * DAY,
  },
  { name: 'Ryan Novak', carrier: 'progressive', coverage: 'full', term: 6, status: 'declined', ago: 2 * DAY },
  {
    name: 'Elena Vasquez',
    carrier: 'geico',
    coverage: 'liability',
    term: 12,
    status: 'quoted',
    premium: 59400,
    ago: 20 * HOUR,
  },
  {
    name: 'Marcus Lee',
    carrier: 'state-farm',
    coverage: 'full',
    term: 6,
    status: 'accepted',
    premium: 80100,
    ago: 7 * DAY,
  },
];

/** The staff who post updates: a store's sales or inventory people. */
const AUTHOR_CODES = ['SALES', 'INV', 'GM', 'GSM'];

const byKey = <T, K>(rows: T[], key: (row: T) => K) => new Map(rows.map((row) => [key(row), row]));

/** `ago` before `now`, moved to a plausible moment of its day: a customer's doing (waking hours) or the store's. */
type When = (ago: number, hours?: Hours) => Date;

async function seedVehiclesAndUsers(db: Db, when: When, stores: Map<string, number>) {
  const vehicleRows = demoVehicles.flatMap((v) => {
    const locationId = stores.get(v.code);
    if (!locationId) return [];
    const at = when(v.ago, STORE_HOURS);
    return [
      {
        locationId,
        vin: withCheckDigit(v.draft),
        stockNumber: v.stock,
        description: v.description,
        priceCents: v.price,
        photosUrl: `https://cdn.forecourt.test/clicklane/${v.stock.toLowerCase()}/`,
        status: v.status,
        createdAt: at,
        updatedAt: at,
      },
    ];
  });
  const vehicles = vehicleRows.length ? await db.insert(laneVehicles).values(vehicleRows).returning() : [];
  const laneUserRows = demoUsers.map((u, i) => ({
    name: u.name,
    email: u.email,
    phone: u.phone,
    lastSignInAt: u.signedIn === null ? null : when(u.signedIn),
    createdAt: when((30 - i) * DAY),
    updatedAt: when((30 - i) * DAY),
  }));
  const customers = await db.insert(laneUsers).values(laneUserRows).returning();
  return { vehicles: byKey(vehicles, (v) => v.stockNumber), customers: byKey(customers, (u) => u.email) };
}

async function seedLeads(
  db: Db,
  when: When,
  stores: Map<string, number>,
  made: Awaited<ReturnType<typeof seedVehiclesAndUsers>>,
  random: Random,
) {
  const rows = demoLeads.flatMap((l) => {
    const locationId = stores.get(l.code);
    if (!locationId) return [];
    const [createdAt, completedAt, updatedAt, soldAt] = inSequence(random, [
      when(l.ago),
      when(l.ago / 2, STORE_HOURS),
      when(l.ago / 3, STORE_HOURS),
      when(l.ago / 4, STORE_HOURS),
    ]);
    const done = l.status === 'completed' || l.status === 'sold';
    return [
      {
        locationId,
        laneUserId: l.user ? (made.customers.get(l.user)?.id ?? null) : null,
        customerName: l.name,
        email: l.email ?? '',
        phone: l.phone ?? '',
        vehicleWanted: l.wanted,
        laneVehicleId: l.vehicle ? (made.vehicles.get(l.vehicle)?.id ?? null) : null,
        source: l.source,
        status: l.status,
        createdAt,
        updatedAt,
        completedAt: done ? completedAt : null,
        soldAt: l.status === 'sold' ? soldAt : null,
      },
    ];
  });
  return byKey(await db.insert(laneLeads).values(rows).returning(), (l) => l.customerName);
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * A lively lane at stores in New Mexico, Colorado and Arizona (reach.test.ts needs records outside
 * New Mexico): vehicles on offer and reserved, customers' accounts, leads at every status,
 * deliveries scheduled, on their way and delivered with the updates customers read, and quotes.
 */
export async function seedClickLane(db: Db): Promise<void> {
  const now = Date.now();
  const random = seededRandom(19);
  const when: When = (ago, hours = WAKING_HOURS) =>
    plausibleMoment(random, new Date(now - ago), { now: new Date(now), hours });
  const stores = new Map(
    (await db.select({ id: locations.id, code: locations.code }).from(locations)).map((l) => [l.code, l.id]),
  );
  if (!stores.get('ABG')) return;
  const made = await seedVehiclesAndUsers(db, when, stores);
  const leads = await seedLeads(db, when, stores, made, random);
  const staff = await db
    .select({ id: users.id, locationId: users.locationId })
    .from(users)
    .where(and(inArray(users.jobCode, AUTHOR_CODES), eq(users.accountLocked, false)))
    .orderBy(asc(users.id));
  for (const d of demoDeliveries) {
    const lead = leads.get(d.name);
    if (!lead) continue;
    const [delivery] = await db
      .insert(laneDeliveries)
      .values({
        leadId: lead.id,
        laneVehicleId: lead.laneVehicleId,
        locationId: lead.locationId,
        scheduledDate: dayOf(now + d.inDays * DAY),
        deliveredDate: d.delivered === undefined ? null : dayOf(now + d.delivered * DAY),
        status: d.status,
        address: d.address,
        createdAt: new Date(lead.createdAt.getTime() + DAY),
      })
      .returning();
    const authorId = staff.find((u) => u.locationId === lead.locationId)?.id ?? null;
    // Listed oldest first: posted in that order.
    const posted = inSequence(
      random,
      d.updates.map((u) => when(u.ago * HOUR, STORE_HOURS)),
    );
    await db.insert(laneUpdates).values(
      d.updates.map((u, i) => ({
        deliveryId: delivery.id,
        text: u.text,
        photoUrl: u.photo ?? '',
        authorId,
        createdAt: posted[i],
      })),
    );
  }
  const quoteRows = demoQuotes.flatMap((q, i) => {
    const lead = leads.get(q.name);
    if (!lead) return [];
    const createdAt = when(q.ago);
    return [
      {
        leadId: lead.id,
        locationId: lead.locationId,
        carrier: q.carrier,
        coverage: q.coverage,
        termMonths: q.term,
        premiumCents: q.premium ?? null,
        status: q.status,
        reference: `DEMO-${String(1001 + i)}`,
        createdAt,
        quotedAt: new Date(createdAt.getTime() + 40_000),
        updatedAt: new Date(createdAt.getTime() + 40_000),
      },
    ];
  });
  if (quoteRows.length) await db.insert(laneQuotes).values(quoteRows);
}
