import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { locations } from '../locations/locations.db';
import { makeVin } from '../vehicles/vehicles.api';
import type { Condition } from './inventory.contract';
import { inventoryVehicles, vehicleLibrary } from './inventory.db';

/** What the demo lots hold, by maker: identifier, descriptor, make, model, trim, new price. */
const models = [
  ['4T1', 'B11HK', 'Toyota', 'Camry', 'SE', 31_900],
  ['2T3', 'P1RFV', 'Toyota', 'RAV4', 'XLE', 34_500],
  ['5TD', 'KRFHX', 'Toyota', 'Highlander', 'XLE', 46_200],
  ['3TM', 'CZ5AN', 'Toyota', 'Tacoma', 'TRD Off-Road', 44_800],
  ['1HG', 'CV1F3', 'Honda', 'Accord', 'Sport', 33_100],
  ['2HK', 'RW2H8', 'Honda', 'CR-V', 'EX-L', 37_600],
  ['1FT', 'FW1E5', 'Ford', 'F-150', 'XLT', 52_300],
  ['1C4', 'HJXEG', 'Jeep', 'Wrangler', 'Sahara', 49_900],
  ['1GC', 'UYDED', 'Chevrolet', 'Silverado 1500', 'LT', 51_700],
  ['KNA', 'E55LC', 'Kia', 'EV6', 'Wind', 48_700],
  ['JF2', 'SKAJC', 'Subaru', 'Forester', 'Premium', 33_400],
  ['5YJ', '3E1EA', 'Tesla', 'Model 3', 'Long Range', 47_900],
  ['5FN', 'YG2H7', 'Honda', 'Pilot', 'EX-L', 44_600],
  ['1FM', 'EE5DP', 'Ford', 'Bronco', 'Big Bend', 46_700],
  ['3GN', 'AXKEV', 'Chevrolet', 'Equinox', 'LT', 31_200],
  ['4S4', 'BTACC', 'Subaru', 'Outback', 'Premium', 32_900],
  ['KM8', 'J3CA4', 'Hyundai', 'Tucson', 'SEL', 32_500],
  ['KM8', 'R4DHE', 'Hyundai', 'Palisade', 'SEL', 43_900],
  ['KND', 'PUCAF', 'Kia', 'Sportage', 'EX', 31_600],
] as const;
const colors = ['Midnight Black', 'Super White', 'Celestial Silver', 'Barcelona Red', 'Blueprint', 'Lunar Rock'];

/** The library: this year's and next year's models, each a picture and a line to sell it. */
const libraryModels = [
  ['Toyota', 'Camry'],
  ['Toyota', 'RAV4'],
  ['Toyota', 'Highlander'],
  ['Toyota', 'Tacoma'],
  ['Toyota', 'Tundra'],
  ['Toyota', 'Corolla Cross'],
  ['Toyota', 'Grand Highlander'],
  ['Honda', 'Civic'],
  ['Honda', 'Accord'],
  ['Honda', 'CR-V'],
  ['Honda', 'Pilot'],
  ['Ford', 'F-150'],
  ['Ford', 'Bronco'],
  ['Ford', 'Explorer'],
  ['Ford', 'Maverick'],
  ['Chevrolet', 'Silverado 1500'],
  ['Chevrolet', 'Equinox'],
  ['Jeep', 'Wrangler'],
  ['Jeep', 'Grand Cherokee'],
  ['Kia', 'Telluride'],
  ['Kia', 'Sportage'],
  ['Subaru', 'Outback'],
  ['Subaru', 'Crosstrek'],
  ['Hyundai', 'Tucson'],
  ['Hyundai', 'Palisade'],
] as const;

/**
 * Each demo store's lot: thirty vehicles arrived over the last four months, a few sold. New and
 * certified pre-owned vehicles are of the store's own make, as a franchise sells them; used ones are
 * any make taken in trade. And the vehicle library of the current models.
 */
export async function seedInventory(db: Db): Promise<void> {
  const year = new Date().getFullYear();
  await db.insert(vehicleLibrary).values(
    libraryModels.flatMap(([make, model], i) =>
      [year, year + 1].slice(0, i % 3 === 0 ? 2 : 1).map((y) => ({
        image: `library/${y}-${make}-${model}.jpg`.toLowerCase().replace(/\s+/g, '-'),
        year: y,
        make,
        model,
        description: `The ${y} ${make} ${model}: order it with the colour and options your customer wants.`,
      })),
    ),
  );
  const stores = await db
    .select({ id: locations.id, make: locations.dealership })
    .from(locations)
    .where(inArray(locations.code, ['ABG', 'ABH', 'SFS', 'LCF', 'DNC', 'PHX']))
    .orderBy(asc(locations.id));
  const now = Date.now();
  let serial = 640_000;
  for (const [s, store] of stores.entries()) {
    await db.insert(inventoryVehicles).values(
      Array.from({ length: 30 }, (_, i) => {
        const condition: Condition = i % 3 === 0 ? 'new' : i % 3 === 1 ? 'used' : 'certified';
        const own = models.filter((m) => m[2] === store.make);
        const choices = condition === 'used' || own.length === 0 ? models : own;
        const [wmi, descriptor, make, model, trim, price] = choices[(s * 7 + i) % choices.length];
        const age = condition === 'new' ? 0 : 1 + (i % 6);
        const arrived = new Date(now - ((i * 4 + s) % 120) * 86_400_000);
        serial += 1;
        return {
          locationId: store.id,
          stock: `D${String(store.id).padStart(2, '0')}${String(serial).slice(-5)}`,
          vin: makeVin(wmi, descriptor, year - age, 'U', serial),
          year: year - age,
          make,
          model,
          trim,
          condition,
          exteriorColor: colors[i % colors.length],
          mileage: condition === 'new' ? 12 : age * 11_800 + ((i * 137) % 5_000),
          price: Math.round((price * (1 - age * 0.09)) / 100) * 100,
          status: i % 10 === 9 ? ('sold' as const) : ('in stock' as const),
          source: 'stock' as const,
          createdAt: arrived,
          updatedAt: arrived,
        };
      }),
    );
  }
}
