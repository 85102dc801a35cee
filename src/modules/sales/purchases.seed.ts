import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { addDays, dayIn } from '../../server/platform/days';
import { contacts } from '../contacts/contacts.db';
import { inventoryVehicles } from '../inventory/inventory.db';
import { locations } from '../locations/locations.db';
import { users } from '../users/users.db';
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
];

/**
 * What each store's squad sold lately: the inventory vehicles the demo marked sold, each to a
 * customer now in the store's contacts as sold, credited to the store's staff (every third a split deal).
 */
export async function seedPurchases(db: Db, now: Date): Promise<void> {
  const sold = await db
    .select({ vehicle: inventoryVehicles, timeZone: locations.timeZone })
    .from(inventoryVehicles)
    .innerJoin(locations, eq(locations.id, inventoryVehicles.locationId))
    .where(
      and(eq(inventoryVehicles.status, 'sold'), inArray(locations.code, ['ABG', 'ABH', 'SFS', 'LCF', 'DNC', 'PHX'])),
    )
    .orderBy(asc(inventoryVehicles.id));
  const staff = await db
    .select({ id: users.id, locationId: users.locationId })
    .from(users)
    .where(eq(users.accountLocked, false))
    .orderBy(asc(users.id));
  let n = 0;
  for (const { vehicle, timeZone } of sold) {
    const team = staff.filter((u) => u.locationId === vehicle.locationId);
    if (team.length === 0) continue;
    const [firstName, lastName, email] = buyers[n % buyers.length];
    const mobilePhone = `+1505555${String(1200 + n).padStart(4, '0')}`;
    const [contact] = await db
      .insert(contacts)
      .values({ locationId: vehicle.locationId, firstName, lastName, mobilePhone, email, sold: true })
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
      salespersonId: team[n % team.length].id,
      secondSalespersonId: n % 3 === 2 && team.length > 1 ? team[(n + 1) % team.length].id : null,
      priceCents: (vehicle.price ?? 25_000) * 100 - (n % 4) * 50_000,
      soldDate: addDays(dayIn(timeZone, now), -((n * 3) % 28)),
      dealType: dealTypes[n % 3],
    });
    n += 1;
  }
}
