import { inArray } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { plausibleMoment } from '../../server/db/demo-times';
import { seededRandom } from '../../server/scale/random';
import { locations } from '../locations/locations.db';
import { toHundredths } from './amounts';
import { repairOrderItems, repairOrders } from './repair-orders.db';

/** What the demo service lanes are working on: `hours` ago it was opened; items as description, value, hours. */
const demoOrders: {
  code: string;
  customer: string;
  vehicle: string;
  services: string;
  hours: number;
  closed?: boolean;
  notes?: string;
  items: [string, string, string][];
}[] = [
  {
    code: 'ABG',
    customer: 'David Chavez',
    vehicle: '2019 Toyota RAV4 XLE',
    services: 'Brakes grind when stopping; 60,000-mile service.',
    hours: 3,
    items: [
      ['Front brake pads and rotors', '412.36', '1.8'],
      ['60,000-mile service', '289.95', '2.5'],
      ['Cabin air filter', '34.99', '0.2'],
    ],
  },
  {
    code: 'ABG',
    customer: 'Rosa Martinez',
    vehicle: '2021 Toyota Tacoma TRD Off-Road',
    services: 'Check engine light; rotate tires.',
    hours: 26,
    notes: 'Customer waiting; loaner not needed.',
    items: [
      ['Diagnose check engine light', '149.00', '1'],
      ['Tire rotation', '29.95', '0.5'],
    ],
  },
  {
    code: 'ABH',
    customer: 'Angela Baca',
    vehicle: '2020 Honda CR-V EX-L',
    services: 'Oil change; A/C blows warm.',
    hours: 5,
    items: [
      ['Oil and filter change', '69.95', '0.5'],
      ['A/C performance check', '129.00', '1.2'],
      ['Recharge refrigerant', '189.50', '0.8'],
    ],
  },
  {
    code: 'SFS',
    customer: 'Thomas Romero',
    vehicle: '2017 Subaru Outback Premium',
    services: 'Battery replacement.',
    hours: 50,
    closed: true,
    items: [['Battery', '189.99', '0.4']],
  },
  {
    code: 'LCF',
    customer: 'Maria Gallegos',
    vehicle: '2018 Ford F-150 XLT',
    services: 'Misfire under load.',
    hours: 8,
    items: [
      ['Spark plugs', '148.80', '1.6'],
      ['Ignition coils (2)', '249.90', '0.4'],
    ],
  },
  {
    code: 'DNC',
    customer: 'Michael Johnson',
    vehicle: '2016 Chevrolet Silverado 1500 LT',
    services: 'Transmission service.',
    hours: 72,
    closed: true,
    items: [['Transmission fluid and filter', '279.00', '2.1']],
  },
  {
    code: 'PHX',
    customer: 'Daniel Lopez',
    vehicle: '2021 Hyundai Tucson SEL',
    services: 'Recall 21V-123 and an alignment.',
    hours: 4,
    items: [
      ['Recall 21V-123', '0.00', '1.1'],
      ['Four-wheel alignment', '119.95', '1'],
    ],
  },
];

export async function seedRepairOrders(db: Db): Promise<void> {
  const stores = await db
    .select({ id: locations.id, code: locations.code, timeZone: locations.timeZone })
    .from(locations)
    .where(inArray(locations.code, [...new Set(demoOrders.map((o) => o.code))]));
  const store = Object.fromEntries(stores.map((s) => [s.code, s]));
  const now = new Date();
  const random = seededRandom(23);
  for (const o of demoOrders) {
    const at = plausibleMoment(random, new Date(now.getTime() - o.hours * 3_600_000), {
      now,
      timeZone: store[o.code].timeZone,
    });
    const lines = o.items.map(([description, value, hours], position) => ({
      position,
      description,
      valueCents: toHundredths(value),
      hoursHundredths: toHundredths(hours),
    }));
    const [order] = await db
      .insert(repairOrders)
      .values({
        locationId: store[o.code].id,
        customerName: o.customer,
        vehicle: o.vehicle,
        servicesRequested: o.services,
        notes: o.notes ?? '',
        status: o.closed ? 'closed' : 'open',
        valueCents: lines.reduce((s, l) => s + l.valueCents, 0),
        hoursHundredths: lines.reduce((s, l) => s + l.hoursHundredths, 0),
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: repairOrders.id });
    await db.insert(repairOrderItems).values(lines.map((l) => ({ ...l, repairOrderId: order.id })));
  }
}
