import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { inventoryVehicles } from '../inventory/inventory.db';
import { locations } from '../locations/locations.db';
import { users } from '../users/users.db';
import { DEAL_DEFAULTS, DEFAULT_RESIDUALS, type DealType } from './desking';
import { deskDealInput } from './desking.contract';
import { deskingDeals } from './desking.db';

const DAY = 86_400_000;

/** The tool's three options as it starts them for the kind of deal (seed 000, section 9). */
function options(dealType: DealType) {
  const { terms, rate } = DEAL_DEFAULTS[dealType];
  return Object.fromEntries(
    ([1, 2, 3] as const).flatMap((n) => [
      [`term${n}`, terms[n - 1]],
      [`rate${n}`, rate],
      [`residual${n}`, dealType === 'Lease' ? DEFAULT_RESIDUALS[n - 1] : undefined],
    ]),
  );
}

/**
 * Deals the squads saved lately, each on a vehicle on its store's lot: `model` picks the store's newest
 * of it (the Accord at Albuquerque Honda is the one bought from Jessica Brown), `fields` as typed in the
 * desking tool. Some are outside New Mexico (reach.test.ts needs one).
 */
const demoDeals = [
  {
    code: 'ABG',
    model: 'RAV4',
    customer: 'Maria Sandoval',
    ago: 1,
    fields: { dealType: 'Finance', downPayment: '4,000', dealerFees: '499', governmentFees: '350', taxRate: '7.75' },
  },
  {
    code: 'ABH',
    model: 'Accord',
    customer: 'Owen Baker',
    ago: 0.5,
    fields: {
      dealType: 'Finance',
      downPayment: '1,500',
      tradeAllowance: '3,000',
      tradePayoff: '1,200',
      taxRate: '7.5',
    },
  },
  {
    code: 'DNC',
    model: 'Silverado 1500',
    customer: 'Ryan Taylor',
    ago: 2,
    fields: { dealType: 'Lease', msrp: '51,700', acquisitionFee: '695', downPayment: '2,500', taxRate: '4.81' },
  },
  {
    code: 'PHX',
    model: 'Palisade',
    customer: 'Nicole Martinez',
    ago: 3,
    fields: { dealType: 'Finance', downPayment: '6,000', taxRate: '8.6' },
  },
];

/** Saved desking deals on vehicles of the demo lots, made by each store's first sales user. */
export async function seedDeskingDeals(db: Db, now: Date): Promise<void> {
  const stores = await db
    .select({ id: locations.id, code: locations.code })
    .from(locations)
    .where(inArray(locations.code, [...new Set(demoDeals.map((d) => d.code))]));
  for (const demo of demoDeals) {
    const store = stores.find((s) => s.code === demo.code);
    if (!store) continue;
    const [vehicle] = await db
      .select()
      .from(inventoryVehicles)
      .where(
        and(
          eq(inventoryVehicles.locationId, store.id),
          eq(inventoryVehicles.model, demo.model),
          eq(inventoryVehicles.status, 'in stock'),
        ),
      )
      .orderBy(desc(inventoryVehicles.createdAt))
      .limit(1);
    if (!vehicle) continue;
    const [maker] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.locationId, store.id), eq(users.accountLocked, false)))
      .orderBy(asc(users.id))
      .limit(1);
    const inputs = deskDealInput.parse({
      sellingPrice: String(vehicle.price ?? 0),
      ...options(demo.fields.dealType as DealType),
      ...demo.fields,
    });
    const at = new Date(now.getTime() - demo.ago * DAY);
    await db.insert(deskingDeals).values({
      locationId: store.id,
      vin: vehicle.vin ?? '',
      stock: vehicle.stock ?? '',
      vehicle: [vehicle.year, vehicle.make, vehicle.model, vehicle.trim].filter(Boolean).join(' '),
      customerName: demo.customer,
      dealType: inputs.dealType,
      inputs,
      createdBy: maker?.id ?? null,
      createdAt: at,
      updatedAt: at,
    });
  }
}
