import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { locations } from '../locations/locations.db';
import { users } from '../users/users.db';
import { makeVin } from '../vehicles/vehicles.api';
import type { AcquiredBy } from './stock.contract';
import { stockNumbers, stockSequences } from './stock.db';

/** Vehicles the demo stores took in: maker's WMI and descriptor, and the vehicle as the catalogue names it. */
const vehicles = [
  { wmi: '4T1', descriptor: 'B11HK', year: 2023, make: 'Toyota', model: 'Camry', trim: 'SE' },
  { wmi: '5TD', descriptor: 'KRFHX', year: 2021, make: 'Toyota', model: 'Highlander', trim: 'XLE' },
  { wmi: '2T3', descriptor: 'P1RFV', year: 2022, make: 'Toyota', model: 'RAV4', trim: 'XLE Premium' },
  { wmi: '3TM', descriptor: 'CZ5AN', year: 2020, make: 'Toyota', model: 'Tacoma', trim: 'TRD Off-Road' },
  { wmi: '1HG', descriptor: 'CV1F3', year: 2019, make: 'Honda', model: 'Accord', trim: 'Sport' },
  { wmi: '2HK', descriptor: 'RW2H8', year: 2024, make: 'Honda', model: 'CR-V', trim: 'EX-L' },
  { wmi: '1FT', descriptor: 'FW1E5', year: 2021, make: 'Ford', model: 'F-150', trim: 'Lariat' },
  { wmi: '1C4', descriptor: 'HJXEG', year: 2022, make: 'Jeep', model: 'Wrangler', trim: 'Rubicon' },
  { wmi: '1GC', descriptor: 'UYDED', year: 2023, make: 'Chevrolet', model: 'Silverado 1500', trim: 'LT' },
  { wmi: 'KNA', descriptor: 'E55LC', year: 2024, make: 'Kia', model: 'EV6', trim: 'Wind' },
  { wmi: '5YJ', descriptor: '3E1EA', year: 2021, make: 'Tesla', model: 'Model 3', trim: 'Long Range' },
  { wmi: 'JF2', descriptor: 'SKAJC', year: 2020, make: 'Subaru', model: 'Forester', trim: 'Premium' },
] as const;

const ways: AcquiredBy[] = ['Purchase', 'Auction', 'Lease Return', 'Early Trade', 'Dealer Trade', 'New'];

/**
 * Stock numbers at New Mexico, Colorado and Arizona stores over the last weeks: purchases, auction
 * buys, lease returns, early trades with the VIN being bought, two trades on sold vehicles, and one
 * generated although its VIN failed the check. Each store's sequence continues after them.
 */
export async function seedStock(db: Db): Promise<void> {
  const stores = await db
    .select({ id: locations.id, code: locations.code })
    .from(locations)
    .where(inArray(locations.code, ['ABG', 'ABH', 'SFS', 'DNC', 'PHX']))
    .orderBy(asc(locations.id));
  if (stores.length === 0) return;
  const now = Date.now();
  let serial = 310_000;
  for (const [s, store] of stores.entries()) {
    const [creator] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.locationId, store.id), eq(users.accountLocked, false)))
      .orderBy(asc(users.id))
      .limit(1);
    const count = s === 0 ? 9 : 5;
    const rows = Array.from({ length: count }, (_, i) => {
      const v = vehicles[(s * 5 + i) % vehicles.length];
      const acquiredBy = ways[(s + i) % ways.length];
      serial += 137;
      return {
        stock: `${store.code}${String(i + 1).padStart(5, '0')}`,
        locationId: store.id,
        vin: makeVin(v.wmi, v.descriptor, v.year, 'U', serial),
        acquiredBy,
        purchaseVin: acquiredBy === 'Early Trade' ? makeVin('4T1', 'C31AK', 2025, 'U', serial + 1) : null,
        year: v.year,
        make: v.make,
        model: v.model,
        trim: v.trim,
        createdBy: creator?.id ?? null,
        // Spread over the last three weeks, the newest last.
        createdAt: new Date(now - (count - i) * 2.3 * 86_400_000),
      };
    });
    await db.insert(stockNumbers).values(rows);
    await db.insert(stockSequences).values({ locationId: store.id, last: count });
  }

  // Two trades on ABG's vehicles, and a number generated although its VIN's check digit is wrong.
  const abg = stores[0];
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
      createdAt: new Date(now - 3 * 86_400_000),
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
      createdAt: new Date(now - 3 * 86_400_000),
    },
  ]);
  const valid = makeVin('5TF', 'DY5F1', 2019, 'X', 77_123);
  const typo = `${valid.slice(0, 8)}${valid[8] === '1' ? '2' : '1'}${valid.slice(9)}`;
  await db.insert(stockNumbers).values({
    stock: `${abg.code}00010`,
    locationId: abg.id,
    vin: typo,
    acquiredBy: 'Auction',
    year: 2019,
    make: 'Toyota',
    model: 'Tundra',
    trim: 'SR5',
    vinOverride: true,
    createdAt: new Date(now - 86_400_000),
  });
  await db.update(stockSequences).set({ last: 10 }).where(eq(stockSequences.locationId, abg.id));
}
