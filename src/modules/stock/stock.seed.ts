import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { daysAgo } from '../../server/db/demo-times';
import { seededRandom, type Random } from '../../server/scale/random';
import { locations } from '../locations/locations.db';
import { users } from '../users/users.db';
import { makeVin } from '../vehicles/vehicles.api';
import type { AcquiredBy } from './stock.contract';
import { stockNumbers, stockSequences } from './stock.db';

/** The makes and models the demo stores take in: maker's WMI and descriptor, make, model, trim. */
const models = [
  ['4T1', 'B11HK', 'Toyota', 'Camry', 'SE'],
  ['2T3', 'P1RFV', 'Toyota', 'RAV4', 'XLE'],
  ['5TD', 'KRFHX', 'Toyota', 'Highlander', 'XLE'],
  ['3TM', 'CZ5AN', 'Toyota', 'Tacoma', 'TRD Off-Road'],
  ['1HG', 'CV1F3', 'Honda', 'Accord', 'Sport'],
  ['2HK', 'RW2H8', 'Honda', 'CR-V', 'EX-L'],
  ['1FT', 'FW1E5', 'Ford', 'F-150', 'XLT'],
  ['1C4', 'HJXEG', 'Jeep', 'Wrangler', 'Sahara'],
  ['1GC', 'UYDED', 'Chevrolet', 'Silverado 1500', 'LT'],
  ['KNA', 'E55LC', 'Kia', 'EV6', 'Wind'],
  ['JF2', 'SKAJC', 'Subaru', 'Forester', 'Premium'],
  ['5YJ', '3E1EA', 'Tesla', 'Model 3', 'Long Range'],
  ['5FN', 'YG2H7', 'Honda', 'Pilot', 'EX-L'],
  ['1FM', 'EE5DP', 'Ford', 'Bronco', 'Big Bend'],
  ['3GN', 'AXKEV', 'Chevrolet', 'Equinox', 'LT'],
  ['4S4', 'BTACC', 'Subaru', 'Outback', 'Premium'],
  ['KM8', 'J3CA4', 'Hyundai', 'Tucson', 'SEL'],
  ['KM8', 'R4DHE', 'Hyundai', 'Palisade', 'SEL'],
  ['KND', 'PUCAF', 'Kia', 'Sportage', 'EX'],
] as const;

/** How a used vehicle came in, in turn; every third number is a new vehicle of the store's own make. */
const usedWays: AcquiredBy[] = ['Purchase', 'Auction', 'Lease Return', 'Early Trade', 'Dealer Trade'];

/** Numbers per store: what each demo lot holds, sold ones included (the inventory demo reads them). */
const PER_STORE = 30;

/**
 * Vehicles bought from the demo's customers, numbered at their store: the acquisition and appraisal
 * demos carry the same VINs, so each vehicle's page joins its appraisal, its acquisition, its stock
 * number and its place on the lot (docs/vehicles.md).
 */
const boughtFromCustomers: Record<string, { vin: string; year: number; make: string; model: string; trim: string }> = {
  ABH: { vin: '1HGCV1F3XJA091734', year: 2018, make: 'Honda', model: 'Accord', trim: 'EX-L' },
};

type Store = { id: number; code: string; make: string; timeZone: string };

/**
 * The store's numbers, oldest first over the last four months (none today): new vehicles of its own
 * make, used ones of any make in the ways stores take them in, and its last number the vehicle it
 * bought from a customer, where the demo has one.
 */
function storeNumbers(
  store: Store,
  s: number,
  now: Date,
  createdBy: number | null,
  random: Random,
): (typeof stockNumbers.$inferInsert)[] {
  const year = now.getFullYear();
  return Array.from({ length: PER_STORE }, (_, i) => {
    const fresh = i % 3 === 0;
    const own = models.filter((m) => m[2] === store.make);
    const choices = fresh && own.length > 0 ? own : models;
    const [wmi, descriptor, make, model, trim] = choices[(s * 7 + i) % choices.length];
    const acquiredBy: AcquiredBy = fresh ? 'New' : usedWays[(s + i) % usedWays.length];
    const age = fresh ? 0 : 1 + (i % 6);
    const serial = 640_000 + s * PER_STORE + i;
    const vehicle =
      i === PER_STORE - 1 && boughtFromCustomers[store.code]
        ? { ...boughtFromCustomers[store.code], acquiredBy: 'Purchase' as const }
        : { vin: makeVin(wmi, descriptor, year - age, 'U', serial), year: year - age, make, model, trim, acquiredBy };
    return {
      stock: `${store.code}${String(i + 1).padStart(5, '0')}`,
      locationId: store.id,
      ...vehicle,
      purchaseVin: vehicle.acquiredBy === 'Early Trade' ? makeVin('4T1', 'C31AK', year, 'U', serial + 260_000) : null,
      createdBy,
      createdAt: daysAgo(random, (PER_STORE - i) * 4 - 2, { now, timeZone: store.timeZone }),
    };
  });
}

/**
 * Every vehicle on the demo lots has its stock number, at New Mexico, Colorado and Arizona stores:
 * new, purchased, auction buys, lease returns, early trades with the VIN being bought, two trades on
 * a vehicle sold (ABG00002), and one generated although its VIN failed the check (ABG00010). Each
 * store's sequence continues after them.
 */
export async function seedStock(db: Db): Promise<void> {
  const stores = await db
    .select({ id: locations.id, code: locations.code, make: locations.dealership, timeZone: locations.timeZone })
    .from(locations)
    .where(inArray(locations.code, ['ABG', 'ABH', 'SFS', 'LCF', 'DNC', 'PHX']))
    .orderBy(asc(locations.id));
  if (stores.length === 0) return;
  const now = new Date();
  const random = seededRandom(7);
  for (const [s, store] of stores.entries()) {
    const [creator] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.locationId, store.id), eq(users.accountLocked, false)))
      .orderBy(asc(users.id))
      .limit(1);
    const rows = storeNumbers(store, s, now, creator?.id ?? null, random);
    if (store.code === 'ABG') rows[9] = { ...rows[9], ...mistypedTundra() };
    await db.insert(stockNumbers).values(rows);
    await db.insert(stockSequences).values({ locationId: store.id, last: rows.length });
  }

  // Two trades taken in on ABG00002 when it sold.
  const abg = stores.find((store) => store.code === 'ABG');
  if (!abg) return;
  const traded = daysAgo(random, 3, { now, timeZone: abg.timeZone });
  await db.insert(stockNumbers).values([
    {
      stock: 'ABG00002A',
      locationId: abg.id,
      vin: makeVin('1HG', 'CV1F3', 2018, 'A', 42_001),
      acquiredBy: 'Trade',
      parent: 'ABG00002',
      tradeOrder: 1,
      year: 2018,
      make: 'Honda',
      model: 'Accord',
      trim: 'EX-L',
      createdAt: traded,
    },
    {
      stock: 'ABG00002B',
      locationId: abg.id,
      vin: makeVin('3FA', 'P0HDE', 2016, 'R', 42_002),
      acquiredBy: 'Trade',
      parent: 'ABG00002',
      tradeOrder: 2,
      year: 2016,
      make: 'Ford',
      model: 'Fusion',
      trim: 'SE',
      createdAt: traded,
    },
  ]);
}

/** ABG00010: bought at auction, numbered although its VIN's check digit is wrong (the user confirmed). */
function mistypedTundra() {
  const valid = makeVin('5TF', 'DY5F1', 2019, 'X', 77_123);
  return {
    vin: `${valid.slice(0, 8)}${valid[8] === '1' ? '2' : '1'}${valid.slice(9)}`,
    acquiredBy: 'Auction' as const,
    purchaseVin: null,
    year: 2019,
    make: 'Toyota',
    model: 'Tundra',
    trim: 'SR5',
    vinOverride: true,
  };
}
