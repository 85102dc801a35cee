import { defineGenerator, FULL_SCALE, spreadOldestFirst } from '../../server/scale/generators';
import { makeVin } from '../vehicles/vehicles.api';
import { carriers, leadSources } from './clicklane.contract';

/**
 * The lane at group scale (docs/clicklane.md): two years of it. Record n of each table (id n) is at
 * location ((n - 1) mod locations) + 1, directly or through its lead, so the bench's sample store has
 * some in any month; oldest first, so ids follow the creation order as they do live.
 */
const SPAN = 2 * 365 * 86_400;
const FULL = {
  vehicles: 20_000,
  users: 120_000,
  leads: 300_000,
  deliveries: 60_000,
  updates: 300_000,
  quotes: 100_000,
};
/** One lead in this many has a delivery (lead 1, 6, 11...), and one in this many a quote. */
const LEADS_PER_DELIVERY = FULL.leads / FULL.deliveries;
const LEADS_PER_QUOTE = FULL.leads / FULL.quotes;
const UPDATES_PER_DELIVERY = FULL.updates / FULL.deliveries;

const firstNames = [
  'Maria',
  'James',
  'Rosa',
  'Daniel',
  'Priya',
  'Kevin',
  'Angela',
  'Marcus',
  'Elena',
  'Tom',
  'Sofia',
  'Luis',
  'Grace',
  'Hector',
  'Aisha',
  'Ben',
];
const lastNames = [
  'Garcia',
  'Martinez',
  'Nguyen',
  'Smith',
  'Lee',
  'Chavez',
  'Brooks',
  'Tran',
  'Yazzie',
  'Okafor',
  'Kim',
  'Lucero',
  'Novak',
  'Ruiz',
  'Patel',
  'Baca',
];
const models = [
  'Toyota RAV4 XLE',
  'Toyota Camry SE',
  'Honda CR-V EX',
  'Honda Civic Sport',
  'Chevrolet Silverado LT',
  'Hyundai Santa Fe SEL',
  'Subaru Outback Premium',
  'Ford F-150 XLT',
  'Kia Sorento LX',
  'Nissan Rogue SV',
];
const makers = [
  ['2T3', 'P1RFV'],
  ['4T1', 'C11AK'],
  ['7FA', 'RW2H9'],
  ['1GC', 'UYDED'],
  ['5NM', 'S24AJ'],
  ['4S4', 'BTANC'],
] as const;

const nameOf = (i: number) =>
  `${firstNames[i % firstNames.length]} ${lastNames[Math.floor(i / firstNames.length) % lastNames.length]}`;
const emailOf = (i: number) => `${nameOf(i).toLowerCase().replace(' ', '.')}${i}@example.com`;
const phoneOf = (i: number) => `+1505${String(2_000_000 + (i % 7_000_000)).padStart(7, '0')}`;
const day = (d: Date) => d.toISOString().slice(0, 10);
const target = (full: number, scale: number, min: number) => Math.max(min, Math.round(full * scale));

defineGenerator({
  table: 'lane_vehicles',
  columns: [
    'location_id',
    'vin',
    'stock_number',
    'description',
    'price_cents',
    'photos_url',
    'status',
    'created_at',
    'updated_at',
  ],
  fullRows: FULL.vehicles,
  minRows: FULL_SCALE.locations * 5,
  after: ['locations'],
  *rows({ random, rows, counts, now }) {
    for (let i = 0; i < rows; i++) {
      const createdAt = spreadOldestFirst(now, SPAN, i, rows);
      const [wmi, descriptor] = makers[i % makers.length];
      const old = now.getTime() - createdAt.getTime() > 60 * 86_400_000;
      yield [
        (i % counts.locations) + 1,
        makeVin(wmi, descriptor, 2018 + (i % 7), 'ABCDEFGH'[i % 8], 300_000 + i),
        `CL${String(100_000 + i)}`,
        `${2018 + (i % 7)} ${models[i % models.length]}`,
        random.int(1_500_000, 6_500_000),
        `https://cdn.forecourt.test/clicklane/${i}/`,
        old
          ? random.pick(['sold', 'sold', 'sold', 'withdrawn'])
          : random.pick(['available', 'available', 'reserved', 'sold']),
        createdAt,
        createdAt,
      ];
    }
  },
});

defineGenerator({
  table: 'lane_users',
  columns: ['name', 'email', 'phone', 'last_sign_in_at', 'created_at', 'updated_at'],
  fullRows: FULL.users,
  minRows: 100,
  *rows({ random, rows, now }) {
    for (let i = 0; i < rows; i++) {
      const createdAt = spreadOldestFirst(now, SPAN, i, rows);
      const signedIn = random.next() < 0.7 ? new Date(createdAt.getTime() + random.int(1, 30) * 86_400_000) : null;
      yield [nameOf(i), emailOf(i), phoneOf(i), signedIn && signedIn < now ? signedIn : null, createdAt, createdAt];
    }
  },
});

defineGenerator({
  table: 'lane_leads',
  columns: [
    'location_id',
    'lane_user_id',
    'customer_name',
    'email',
    'phone',
    'vehicle_wanted',
    'lane_vehicle_id',
    'source',
    'status',
    'created_at',
    'updated_at',
    'completed_at',
    'sold_at',
  ],
  fullRows: FULL.leads,
  minRows: FULL_SCALE.locations * 20,
  after: ['locations', 'lane_users', 'lane_vehicles'],
  *rows({ random, rows, counts, now, scale }) {
    const locs = counts.locations;
    const vehiclesPerStore = Math.max(1, Math.floor(target(FULL.vehicles, scale, locs * 5) / locs));
    for (let i = 0; i < rows; i++) {
      const createdAt = spreadOldestFirst(now, SPAN, i, rows);
      const age = (now.getTime() - createdAt.getTime()) / 86_400_000;
      const location = (i % locs) + 1;
      // Leads with a delivery (every fifth) were completed, and sold once old enough; the rest spread.
      const delivered = i % LEADS_PER_DELIVERY === 0;
      const status = delivered
        ? age > 10
          ? 'sold'
          : 'completed'
        : age < 3
          ? random.pick(['new', 'new', 'contacted'])
          : random.pick(['contacted', 'quoted', 'lost', 'lost', 'completed', 'sold']);
      const touched = new Date(Math.min(now.getTime(), createdAt.getTime() + random.int(1, 10) * 86_400_000));
      const done = status === 'completed' || status === 'sold';
      yield [
        location,
        random.next() < 0.4 ? random.int(1, counts.lane_users) : null,
        nameOf(i),
        random.next() < 0.9 ? emailOf(i) : '',
        random.next() < 0.8 ? phoneOf(i) : '',
        `${models[i % models.length]}${random.next() < 0.3 ? ', white' : ''}`,
        random.next() < 0.5 ? location + locs * random.int(0, vehiclesPerStore - 1) : null,
        random.pick(leadSources),
        status,
        createdAt,
        touched,
        done ? touched : null,
        status === 'sold' ? touched : null,
      ];
    }
  },
});

defineGenerator({
  table: 'lane_deliveries',
  columns: [
    'lead_id',
    'lane_vehicle_id',
    'location_id',
    'scheduled_date',
    'delivered_date',
    'status',
    'address',
    'created_at',
    'updated_at',
  ],
  fullRows: FULL.deliveries,
  minRows: FULL_SCALE.locations * 4,
  after: ['lane_leads'],
  *rows({ random, rows, counts, now }) {
    const locs = counts.locations;
    for (let j = 0; j < rows; j++) {
      const leadIndex = Math.min(j * LEADS_PER_DELIVERY, counts.lane_leads - 1);
      const leadCreated = spreadOldestFirst(now, SPAN, leadIndex, counts.lane_leads);
      const scheduled = new Date(leadCreated.getTime() + random.int(3, 14) * 86_400_000);
      const past = scheduled < now;
      const status = past
        ? random.next() < 0.97
          ? 'delivered'
          : 'cancelled'
        : random.pick(['scheduled', 'scheduled', 'in-transit']);
      yield [
        leadIndex + 1,
        random.next() < 0.8 ? (leadIndex % locs) + 1 : null,
        (leadIndex % locs) + 1,
        day(scheduled),
        status === 'delivered' ? day(scheduled) : null,
        status,
        `${random.int(100, 9999)} Central Ave, Albuquerque, NM 87${String(random.int(100, 199))}`,
        new Date(leadCreated.getTime() + 86_400_000),
        past ? scheduled : leadCreated,
      ];
    }
  },
});

const updateTexts = [
  'Your car passed its inspection and is being detailed.',
  'Paperwork is ready for your signature.',
  'Delivery is booked; we will call the day before.',
  'Our driver has left the store.',
  'Delivered. Enjoy your new car!',
];

defineGenerator({
  table: 'lane_updates',
  columns: ['delivery_id', 'text', 'photo_url', 'author_id', 'created_at'],
  fullRows: FULL.updates,
  minRows: FULL_SCALE.locations * 4,
  after: ['lane_deliveries', 'users'],
  *rows({ random, rows, counts, now }) {
    const deliveries = counts.lane_deliveries;
    for (let k = 0; k < rows; k++) {
      const delivery = Math.min(Math.floor(k / UPDATES_PER_DELIVERY), deliveries - 1);
      const leadIndex = delivery * LEADS_PER_DELIVERY;
      const base = spreadOldestFirst(now, SPAN, Math.min(leadIndex, counts.lane_leads - 1), counts.lane_leads);
      const at = new Date(Math.min(now.getTime(), base.getTime() + ((k % UPDATES_PER_DELIVERY) + 1) * 2 * 86_400_000));
      yield [
        delivery + 1,
        updateTexts[k % updateTexts.length],
        random.next() < 0.2 ? `https://cdn.forecourt.test/clicklane/updates/${k}.jpg` : '',
        random.int(1, counts.users),
        at,
      ];
    }
  },
});

defineGenerator({
  table: 'lane_quotes',
  columns: [
    'lead_id',
    'location_id',
    'carrier',
    'coverage',
    'term_months',
    'premium_cents',
    'status',
    'reference',
    'requested_by',
    'created_at',
    'quoted_at',
    'updated_at',
  ],
  fullRows: FULL.quotes,
  minRows: FULL_SCALE.locations * 4,
  after: ['lane_leads', 'users'],
  *rows({ random, rows, counts, now }) {
    const locs = counts.locations;
    for (let q = 0; q < rows; q++) {
      const leadIndex = Math.min(q * LEADS_PER_QUOTE, counts.lane_leads - 1);
      const leadCreated = spreadOldestFirst(now, SPAN, leadIndex, counts.lane_leads);
      const createdAt = new Date(
        Math.min(now.getTime() - 60_000, leadCreated.getTime() + random.int(1, 48) * 3_600_000),
      );
      const status = random.pick(['quoted', 'quoted', 'accepted', 'declined']);
      const term = random.pick([6, 12]);
      const answered = new Date(createdAt.getTime() + 30_000);
      yield [
        leadIndex + 1,
        (leadIndex % locs) + 1,
        random.pick(carriers),
        random.pick(['liability', 'full']),
        term,
        status === 'declined' ? null : random.int(300, 1_000) * term * 100,
        status,
        `SQ-${q}`,
        random.int(1, counts.users),
        createdAt,
        answered,
        answered,
      ];
    }
  },
});
