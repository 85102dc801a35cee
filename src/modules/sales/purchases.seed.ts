import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { daysAgo } from '../../server/db/demo-times';
import { dayIn } from '../../server/platform/days';
import { seededRandom } from '../../server/scale/random';
import { contacts } from '../contacts/contacts.db';
import { inventoryVehicles } from '../inventory/inventory.db';
import { locations } from '../locations/locations.db';
import { dealTypes } from './purchases.contract';
import { purchases } from './purchases.db';

const buyers: [string, string, string][] = [
  ['Rita', 'Vigil', 'rita.vigil@example.com'],
  ['Marcus', 'Bell', ''],
  ['Elena', 'Garcia', 'egarcia@example.com'],
  ['Tom', 'Archuleta', ''],
  ['Priya', 'Shah', 'priya.shah@example.com'],
  ['Luis', 'Montoya', ''],
  ['Hannah', 'Cole', 'hcole@example.com'],
  ['Andre', 'Lucero', ''],
  ['Grace', 'Kim', 'grace.kim@example.com'],
  ['Victor', 'Sena', ''],
  ['Nora', 'Jaramillo', ''],
  ['Sam', 'Ortega', 'sam.ortega@example.com'],
  ['Julia', 'Reyes', ''],
  ['Owen', 'Baker', 'obaker@example.com'],
  ['Lena', 'Torres', ''],
  ['Caleb', 'Wright', ''],
  ['Mia', 'Duran', 'mia.duran@example.com'],
  ['Ivan', 'Padilla', ''],
  ['Tessa', 'Wong', 'tessa.wong@example.com'],
  ['Ray', 'Quintero', ''],
];

/**
 * What each store's squad sold lately: the inventory vehicles the demo marked sold, each to a
 * different customer (a number in the store's area code), now in the store's contacts as sold,
 * credited to the store's salespeople (every third a split deal where it has two).
 */
export async function seedPurchases(db: Db, now: Date, salespeople: Map<number, number[]>): Promise<void> {
  const sold = await db
    .select({ vehicle: inventoryVehicles, timeZone: locations.timeZone, storePhone: locations.phone })
    .from(inventoryVehicles)
    .innerJoin(locations, eq(locations.id, inventoryVehicles.locationId))
    .where(
      and(eq(inventoryVehicles.status, 'sold'), inArray(locations.code, ['ABG', 'ABH', 'SFS', 'LCF', 'DNC', 'PHX'])),
    )
    .orderBy(asc(inventoryVehicles.id));
  const random = seededRandom(27);
  let n = 0;
  for (const { vehicle, timeZone, storePhone } of sold) {
    const team = salespeople.get(vehicle.locationId) ?? [];
    if (team.length === 0 || n === buyers.length) continue;
    const [firstName, lastName, email] = buyers[n];
    const mobilePhone = `+1${storePhone.slice(2, 5)}555${String(1200 + n).padStart(4, '0')}`;
    const soldAt = daysAgo(random, (n * 3) % 28, { now, timeZone });
    const [contact] = await db
      .insert(contacts)
      .values({
        locationId: vehicle.locationId,
        firstName,
        lastName,
        mobilePhone,
        email,
        sold: true,
        createdAt: soldAt,
      })
      .returning({ id: contacts.id });
    await db.insert(purchases).values({
      locationId: vehicle.locationId,
      stock: vehicle.stock ?? '',
      vin: vehicle.vin ?? '',
      year: vehicle.year,
      make: vehicle.make,
      model: vehicle.model,
      inventoryVehicleId: vehicle.id,
      firstName,
      lastName,
      mobilePhone,
      email,
      contactId: contact.id,
      salespersonId: team[n % team.length],
      secondSalespersonId: n % 3 === 2 && team.length > 1 ? team[(n + 1) % team.length] : null,
      priceCents: (vehicle.price ?? 25_000) * 100 - (n % 4) * 50_000,
      soldDate: dayIn(timeZone, soldAt),
      createdAt: soldAt,
      dealType: dealTypes[n % 3],
    });
    n += 1;
  }
}
