import { inArray } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { daysAgo } from '../../server/db/demo-times';
import { seededRandom } from '../../server/scale/random';
import { dayIn } from '../../server/platform/days';
import { locations } from '../locations/locations.db';
import type { InvoiceType, PartCategory } from './parts.contract';
import { partsCatalog, partsInvoices } from './parts.db';

/**
 * A fortnight at six parts counters: what each billed (invoice numbers in each store's own series),
 * to whom, and whether it has been paid. `day`: how many days before the seed ran; amounts in cents.
 */
const demoInvoices: {
  code: string;
  number: string;
  type: InvoiceType;
  day: number;
  name: string;
  account?: string;
  amount: number;
  collected: boolean;
  notes?: string;
}[] = [
  {
    code: 'ABG',
    number: 'P-104211',
    type: 'counter',
    day: 0,
    name: 'Rosa Martinez',
    amount: 8_499,
    collected: true,
    notes: 'Cabin air filter and wiper blades, 2019 RAV4.',
  },
  {
    code: 'ABG',
    number: 'P-104212',
    type: 'repair order',
    day: 0,
    name: 'David Chavez',
    account: 'RO-58812',
    amount: 41_236,
    collected: false,
    notes: 'Front brake pads and rotors for RO 58812.',
  },
  {
    code: 'ABG',
    number: 'P-104207',
    type: 'warranty',
    day: 2,
    name: 'Toyota Motor Sales',
    account: 'WTY-TMS',
    amount: 118_950,
    collected: false,
    notes: 'Water pump under powertrain warranty, claim filed.',
  },
  {
    code: 'ABG',
    number: 'P-104199',
    type: 'wholesale',
    day: 5,
    name: 'Sandia Auto Repair',
    account: 'W-2231',
    amount: 263_410,
    collected: true,
  },
  {
    code: 'ABG',
    number: 'P-104190',
    type: 'return',
    day: 9,
    name: 'Rosa Martinez',
    amount: 2_599,
    collected: true,
    notes: 'Wrong wiper size returned unopened.',
  },
  {
    code: 'ABH',
    number: 'H-55021',
    type: 'counter',
    day: 1,
    name: 'Kevin Nguyen',
    amount: 5_425,
    collected: true,
    notes: 'Oil filter and drain plug gasket, 2020 Civic.',
  },
  {
    code: 'ABH',
    number: 'H-55018',
    type: 'internal',
    day: 3,
    name: 'Albuquerque Honda used cars',
    account: 'INT-USED',
    amount: 36_780,
    collected: true,
    notes: 'Reconditioning: tires for stock A10422.',
  },
  {
    code: 'ABH',
    number: 'H-55012',
    type: 'repair order',
    day: 6,
    name: 'Angela Baca',
    account: 'RO-20417',
    amount: 72_315,
    collected: false,
  },
  {
    code: 'SFS',
    number: 'S-8812',
    type: 'counter',
    day: 0,
    name: 'Thomas Romero',
    amount: 12_999,
    collected: true,
    notes: 'Battery, 2017 Outback.',
  },
  {
    code: 'SFS',
    number: 'S-8807',
    type: 'warranty',
    day: 4,
    name: 'Subaru of America',
    account: 'WTY-SOA',
    amount: 54_300,
    collected: false,
  },
  {
    code: 'LCF',
    number: 'F-30155',
    type: 'repair order',
    day: 1,
    name: 'Maria Gallegos',
    account: 'RO-7742',
    amount: 89_870,
    collected: false,
    notes: 'Spark plugs and coil packs, 2018 F-150.',
  },
  {
    code: 'LCF',
    number: 'F-30149',
    type: 'wholesale',
    day: 7,
    name: 'Mesilla Valley Fleet',
    account: 'W-118',
    amount: 412_560,
    collected: false,
  },
  { code: 'DNC', number: 'C-71230', type: 'counter', day: 2, name: 'Jessica Brown', amount: 3_150, collected: true },
  {
    code: 'DNC',
    number: 'C-71224',
    type: 'repair order',
    day: 8,
    name: 'Michael Johnson',
    account: 'RO-99102',
    amount: 153_025,
    collected: true,
    notes: 'Transmission service kit.',
  },
  {
    code: 'PHX',
    number: 'Y-40017',
    type: 'counter',
    day: 1,
    name: 'Daniel Lopez',
    amount: 6_775,
    collected: true,
    notes: 'Cabin and engine air filters, 2021 Tucson.',
  },
  {
    code: 'PHX',
    number: 'Y-40011',
    type: 'warranty',
    day: 11,
    name: 'Hyundai Motor America',
    account: 'WTY-HMA',
    amount: 98_440,
    collected: false,
  },
];

/** The catalogue the service lanes choose from: part number, description, category, list price in cents. */
const demoParts: [string, string, PartCategory, number][] = [
  ['04465-42180', 'Front brake pads, RAV4 2019-2024', 'Brakes', 8_950],
  ['43512-42070', 'Front brake rotor, RAV4', 'Brakes', 11_475],
  ['45022-TLA-A00', 'Front brake pads, CR-V 2017-2022', 'Brakes', 7_920],
  ['BR-FL3Z-2001', 'Front brake pads, F-150 2015-2020', 'Brakes', 9_640],
  ['04152-YZZA1', 'Oil filter, Toyota 2.5L', 'Filters', 1_099],
  ['15400-PLM-A02', 'Oil filter, Honda', 'Filters', 995],
  ['87139-0E040', 'Cabin air filter, Toyota', 'Filters', 3_499],
  ['17220-5PA-A00', 'Engine air filter, CR-V', 'Filters', 2_875],
  ['FL-500S', 'Oil filter, Ford', 'Filters', 1_150],
  ['SOA635071', 'Oil filter, Subaru', 'Filters', 1_045],
  ['00279-0WQTE-01', 'Motor oil 0W-16, quart', 'Fluids', 899],
  ['08798-9037', 'Motor oil 0W-20, quart', 'Fluids', 849],
  ['08886-02505', 'ATF WS, quart', 'Fluids', 1_399],
  ['OL-DOT3', 'Brake fluid DOT 3, 12 oz', 'Fluids', 1_195],
  ['28800-F0010', 'Battery H5, 12V', 'Electrical', 18_999],
  ['90919-01275', 'Spark plug, iridium', 'Engine', 1_860],
  ['DG-521', 'Ignition coil, Ford 5.0L', 'Engine', 12_495],
  ['16100-09531', 'Water pump, Toyota 2.5L', 'Engine', 22_680],
  ['85222-42170', 'Wiper blade 26 in', 'Wipers', 2_599],
  ['76622-TLA-A01', 'Wiper blade 16 in', 'Wipers', 1_895],
  ['TR-22560R17', 'Tire 225/60R17 all-season', 'Tires', 16_900],
  ['48510-80A21', 'Front strut, RAV4', 'Suspension', 21_450],
];

export async function seedPartsInvoices(db: Db): Promise<void> {
  await db.insert(partsCatalog).values(
    demoParts.map(([partNumber, description, category, priceCents]) => ({
      partNumber,
      description,
      category,
      priceCents,
    })),
  );
  const stores = await db
    .select({ id: locations.id, code: locations.code, timeZone: locations.timeZone })
    .from(locations)
    .where(inArray(locations.code, [...new Set(demoInvoices.map((i) => i.code))]));
  const store = Object.fromEntries(stores.map((s) => [s.code, s]));
  const now = new Date();
  const random = seededRandom(17);
  await db.insert(partsInvoices).values(
    demoInvoices.map((i) => {
      const at = daysAgo(random, i.day, { now, timeZone: store[i.code].timeZone });
      return {
        locationId: store[i.code].id,
        invoiceNumber: i.number,
        invoiceType: i.type,
        invoiceDate: dayIn(store[i.code].timeZone, at),
        name: i.name,
        account: i.account ?? '',
        amount: i.amount,
        collected: i.collected,
        notes: i.notes ?? '',
        createdAt: at,
        updatedAt: at,
      };
    }),
  );
}
