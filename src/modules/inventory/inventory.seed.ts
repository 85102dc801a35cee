import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { seededRandom, type Random } from '../../server/scale/random';
import { locations } from '../locations/locations.db';
import { stockNumbers } from '../stock/stock.db';
import type { Condition } from './inventory.contract';
import { inventoryVehicles, vehicleLibrary } from './inventory.db';

/** What each model sells for new, in whole dollars; a model not named here sells for DEFAULT_PRICE. */
const newPrices: Record<string, number> = {
  Camry: 31_900,
  RAV4: 34_500,
  Highlander: 46_200,
  Tacoma: 44_800,
  Tundra: 52_400,
  Accord: 33_100,
  'CR-V': 37_600,
  Pilot: 44_600,
  'F-150': 52_300,
  Bronco: 46_700,
  Fusion: 27_500,
  Wrangler: 49_900,
  'Silverado 1500': 51_700,
  Equinox: 31_200,
  EV6: 48_700,
  Sportage: 31_600,
  Forester: 33_400,
  Outback: 32_900,
  'Model 3': 47_900,
  Tucson: 32_500,
  Palisade: 43_900,
};
const DEFAULT_PRICE = 30_000;
const YEAR_MS = 365.25 * 86_400_000;

/**
 * What the odometer read when the vehicle came in: a new one its delivery miles; a used one driven
 * since its model year went on sale (the October before) at its own owner's pace, 7,000 to 16,000
 * miles a year, to the mile.
 */
function odometer(random: Random, condition: Condition, modelYear: number, arrived: Date): number {
  if (condition === 'new') return random.int(4, 60);
  const onSale = Date.UTC(modelYear - 1, 9, 1);
  const years = Math.max(0.25, (arrived.getTime() - onSale) / YEAR_MS);
  return Math.max(1_200, Math.round(years * random.int(7_000, 16_000)) + random.int(-900, 900));
}
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
 * Each demo store's lot: every vehicle its stock numbers name (stock.seed.ts), arrived the day it was
 * numbered, so a VIN carries the same stock number in both (docs/vehicles.md). New ones are of the
 * store's own make; used ones of its make and under six years old are certified every other time; a
 * vehicle whose trades were taken in was sold, and so was every tenth. And the vehicle library of the
 * current models.
 */
export async function seedInventory(db: Db): Promise<void> {
  const year = new Date().getFullYear();
  const random = seededRandom(11);
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
  const numbered = await db
    .select({ number: stockNumbers, storeMake: locations.dealership })
    .from(stockNumbers)
    .innerJoin(locations, eq(locations.id, stockNumbers.locationId))
    .orderBy(asc(stockNumbers.locationId), asc(stockNumbers.createdAt), asc(stockNumbers.id));
  const parents = new Set(numbered.map((n) => n.number.parent).filter(Boolean));
  const rows = numbered.map(({ number: n, storeMake }, i) => {
    const age = Math.max(0, year - (n.year ?? year));
    const condition: Condition =
      n.acquiredBy === 'New' ? 'new' : n.make === storeMake && age < 6 && i % 2 === 0 ? 'certified' : 'used';
    const price = newPrices[n.model ?? ''] ?? DEFAULT_PRICE;
    return {
      locationId: n.locationId,
      stock: n.stock,
      vin: n.vin,
      year: n.year ?? year,
      make: n.make ?? '',
      model: n.model ?? '',
      trim: n.trim,
      condition,
      exteriorColor: colors[i % colors.length],
      mileage: odometer(random, condition, n.year ?? year, n.createdAt),
      // About 6 % a year off the new price, to half of it: over what the store paid a customer for it.
      price: Math.round((price * (1 - Math.min(age, 8) * 0.06)) / 100) * 100,
      status: parents.has(n.stock) || i % 10 === 6 ? ('sold' as const) : ('in stock' as const),
      source: 'stock' as const,
      createdAt: n.createdAt,
      updatedAt: n.createdAt,
    };
  });
  if (rows.length) await db.insert(inventoryVehicles).values(rows);
}
