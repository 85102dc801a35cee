import { defineGenerator, FULL_SCALE, spreadOldestFirst } from '../../server/scale/generators';
import { makeVin } from '../vehicles/vehicles.api';
import { vehicleTypes } from './acquisition.contract';

/** Two years of acquisitions: about 35 a month per store at full scale. */
const SPAN_DAYS = 2 * 365;
const FULL_ROWS = 50_000;
/** Vehicles added in the last this many days are still under way, most older ones are finished. */
const UNDER_WAY_DAYS = 45;
/** Makers' identifiers and descriptors of what stores buy. */
const makers = [
  ['4T1', 'B11HK'],
  ['1FT', 'FW1E5'],
  ['1GC', 'UYDED'],
  ['1HG', 'CV1F3'],
  ['5TD', 'KRFHX'],
  ['1C4', 'HJXEG'],
] as const;
/** The mix of what stores buy: cars, trucks and SUVs mostly; a few vans, motorcycles and RVs. */
const typeMix = [
  'car',
  'car',
  'car',
  'truck',
  'truck',
  'suv',
  'suv',
  'suv',
  'van',
  'motorcycle',
  'rv',
] as const satisfies readonly (typeof vehicleTypes)[number][];

/**
 * Vehicle n (id n) is at location ((n - 1) mod locations) + 1, so every store, the bench's sample one
 * included, has some in any month; oldest first, so ids follow the creation order as they do live.
 */
defineGenerator({
  table: 'acquisition_vehicles',
  columns: [
    'vin',
    'service_tag_number',
    'vehicle_type',
    'location_id',
    'active',
    'notes',
    'created_by',
    'created_at',
    'updated_at',
  ],
  fullRows: FULL_ROWS,
  minRows: FULL_SCALE.locations * 10,
  after: ['locations', 'users'],
  *rows({ random, rows, counts, now }) {
    const span = SPAN_DAYS * 86_400;
    for (let i = 0; i < rows; i++) {
      const createdAt = spreadOldestFirst(now, span, i, rows);
      const ageDays = (now.getTime() - createdAt.getTime()) / 86_400_000;
      // Bought in the service lane (a tag) or at auction (none), about half each.
      const tag = random.next() < 0.5 ? String(random.int(1000, 99999)) : '';
      const active = ageDays < UNDER_WAY_DAYS ? random.next() < 0.9 : random.next() < 0.03;
      const updatedAt = active ? createdAt : new Date(createdAt.getTime() + random.int(1, 20) * 86_400_000);
      const [wmi, descriptor] = makers[i % makers.length];
      yield [
        makeVin(wmi, descriptor, 2012 + (i % 15), 'ABCDEFGH'[i % 8], 200_000 + i),
        tag,
        random.pick(typeMix),
        (i % counts.locations) + 1,
        active,
        random.next() < 0.2 ? 'Needs tires and a detail.' : '',
        random.next() < 0.95 ? random.int(1, counts.users) : null,
        createdAt,
        updatedAt < now ? updatedAt : now,
      ];
    }
  },
});
