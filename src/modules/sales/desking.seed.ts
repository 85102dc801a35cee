import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { daysAgo } from '../../server/db/demo-times';
import { seededRandom } from '../../server/scale/random';
import { centsToDecimal } from '../../shared/format';
import { appraisals } from '../appraisals/appraisals.db';
import { inventoryVehicles } from '../inventory/inventory.db';
import { locations } from '../locations/locations.db';
import { DEAL_DEFAULTS, DEFAULT_RESIDUALS, type DealType } from './desking';
import { deskDealInput } from './desking.contract';
import { deskingDeals } from './desking.db';
import { quoteDealTerms } from './quote';
import { salesQuotes } from './quotes.db';

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
 * desking tool. `fromQuote`: started from the customer's quote (quotes.seed.ts), its vehicle and price;
 * `tradeIn`: the customer's appraisal at the store, its offer the trade allowance. Some are outside
 * New Mexico (reach.test.ts needs one).
 */
const demoDeals: {
  code: string;
  model: string;
  customer: string;
  ago: number;
  fromQuote?: boolean;
  tradeIn?: boolean;
  fields: Record<string, string>;
}[] = [
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
    code: 'ABH',
    model: 'CR-V',
    customer: 'Laura Sanchez',
    ago: 1,
    fromQuote: true,
    tradeIn: true,
    fields: { dealType: 'Finance', downPayment: '2,000', dealerFees: '499', tradePayoff: '6,850', taxRate: '7.625' },
  },
  {
    code: 'DNC',
    model: 'Silverado 1500',
    customer: 'Ryan Taylor',
    ago: 2,
    fromQuote: true,
    fields: { dealType: 'Lease', msrp: '51,700', acquisitionFee: '695', downPayment: '2,500', taxRate: '4.81' },
  },
  {
    code: 'PHX',
    model: 'Palisade',
    customer: 'Nicole Martinez',
    ago: 3,
    fromQuote: true,
    fields: { dealType: 'Finance', downPayment: '6,000', taxRate: '8.6' },
  },
];

type Store = { id: number; code: string; timeZone: string };

/** The vehicle a deal is on: the quote's, else the store's newest in stock of the model. */
async function dealVehicle(db: Db, store: Store, model: string, quote: typeof salesQuotes.$inferSelect | undefined) {
  const [vehicle] = await db
    .select()
    .from(inventoryVehicles)
    .where(
      quote?.inventoryVehicleId
        ? eq(inventoryVehicles.id, quote.inventoryVehicleId)
        : and(
            eq(inventoryVehicles.locationId, store.id),
            eq(inventoryVehicles.model, model),
            eq(inventoryVehicles.status, 'in stock'),
          ),
    )
    .orderBy(desc(inventoryVehicles.createdAt))
    .limit(1);
  return vehicle;
}

/** The customer's appraisal at the store, whose offer is the deal's trade allowance. */
async function tradeInOf(db: Db, store: Store, customer: string) {
  const [appraisal] = await db
    .select({ id: appraisals.id, offerCents: appraisals.offerCents })
    .from(appraisals)
    .where(and(eq(appraisals.locationId, store.id), eq(appraisals.customerName, customer)))
    .limit(1);
  return appraisal;
}

/**
 * Saved desking deals on vehicles of the demo lots, made by each store's salesperson; three started
 * from the customers' quotes (`quotes`: their ids by customer), one with a trade-in's appraisal.
 */
export async function seedDeskingDeals(
  db: Db,
  now: Date,
  salespeople: Map<number, number[]>,
  quotes: Map<string, number>,
): Promise<void> {
  const random = seededRandom(31);
  const stores = await db
    .select({ id: locations.id, code: locations.code, timeZone: locations.timeZone })
    .from(locations)
    .where(inArray(locations.code, [...new Set(demoDeals.map((d) => d.code))]));
  for (const demo of demoDeals) {
    const store = stores.find((s) => s.code === demo.code);
    if (!store) continue;
    const quoteId = demo.fromQuote ? quotes.get(demo.customer) : undefined;
    const [quote] = quoteId ? await db.select().from(salesQuotes).where(eq(salesQuotes.id, quoteId)) : [];
    const vehicle = await dealVehicle(db, store, demo.model, quote);
    if (!vehicle) continue;
    const tradeIn = demo.tradeIn ? await tradeInOf(db, store, demo.customer) : undefined;
    const terms = quote && quoteDealTerms(quote.lines);
    const inputs = deskDealInput.parse({
      // As the tool starts a deal: the trade credited against the tax.
      tradeTaxCredit: '1',
      sellingPrice: terms ? centsToDecimal(terms.sellingPrice) : String(vehicle.price ?? 0),
      ...(terms ? { rebates: centsToDecimal(terms.rebates), taxRate: String(terms.taxRate) } : {}),
      ...(tradeIn ? { tradeAllowance: centsToDecimal(tradeIn.offerCents) } : {}),
      ...options(demo.fields.dealType as DealType),
      ...demo.fields,
    });
    const at = daysAgo(random, demo.ago, { now, timeZone: store.timeZone });
    await db.insert(deskingDeals).values({
      locationId: store.id,
      vin: vehicle.vin ?? '',
      stock: vehicle.stock ?? '',
      vehicle: [vehicle.year, vehicle.make, vehicle.model, vehicle.trim].filter(Boolean).join(' '),
      customerName: demo.customer,
      dealType: inputs.dealType,
      inputs,
      quoteId: quote?.id ?? null,
      appraisalId: tradeIn?.id ?? null,
      createdBy: quote?.userId ?? salespeople.get(store.id)?.[0] ?? null,
      createdAt: at,
      updatedAt: at,
    });
  }
}
