import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { daysAgo, plausibleMoment, WAKING_HOURS } from '../../server/db/demo-times';
import { seededRandom } from '../../server/scale/random';
import { inventoryVehicles } from '../inventory/inventory.db';
import { locations } from '../locations/locations.db';
import { QUOTE_DAYS, quotedVehicle, quoteFigures, STATE_VEHICLE_TAX, type QuoteLines } from './quote';
import { salesQuotes } from './quotes.db';

const DAY = 86_400_000;

/**
 * Quotes the squads sent lately, each on the store's newest in-stock vehicle of its model and signed
 * by the store's salesperson. The customers are the demo's own: Laura Sanchez trades in the HR-V she
 * had appraised at Albuquerque Honda, Ryan Taylor and Nicole Martinez desk the deals the desking demo
 * saves; two are outside New Mexico (reach.test.ts needs one). `viewed`: the customer opened it.
 */
export const demoQuotes = [
  { code: 'ABH', model: 'CR-V', customer: 'Laura Sanchez', ago: 2, discount: 150_000, viewed: true },
  { code: 'SFS', model: 'Forester', customer: 'Emily Trujillo', ago: 5, discount: 100_000, viewed: false },
  { code: 'DNC', model: 'Silverado 1500', customer: 'Ryan Taylor', ago: 3, discount: 250_000, viewed: true },
  { code: 'PHX', model: 'Palisade', customer: 'Nicole Martinez', ago: 4, discount: 0, viewed: true },
];

/** Paint and fabric protection on every new vehicle quoted: the addendum stores print on the sticker. */
const PROTECTION = { name: 'Paint and fabric protection', amount: 49_500 };

/** The quote's lines as the price builder keeps them (cents), taxed at its state's motor vehicle rate. */
function linesOf(priceDollars: number, discount: number, state: string, fresh: boolean): QuoteLines {
  const tax = STATE_VEHICLE_TAX[state];
  return {
    price: priceDollars * 100,
    discounts: discount ? [{ name: 'Dealer discount', amount: discount, optional: false, applied: true }] : [],
    addenda: fresh ? [PROTECTION] : [],
    taxes: tax ? [{ name: tax.name, rate: tax.rate }] : [],
    incentives: [],
  };
}

/** The demo's quotes, made by each store's first salesperson (salespeople.seed.ts); their ids by customer. */
export async function seedQuotes(db: Db, now: Date, salespeople: Map<number, number[]>) {
  const random = seededRandom(29);
  const made = new Map<string, number>();
  for (const demo of demoQuotes) {
    const [store] = await db.select().from(locations).where(eq(locations.code, demo.code));
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
    if (!vehicle || vehicle.price === null) continue;
    const lines = linesOf(vehicle.price, demo.discount, store.state, vehicle.condition === 'new');
    const figures = quoteFigures(lines);
    const createdAt = daysAgo(random, demo.ago, { now, timeZone: store.timeZone });
    // Opened on the customer's phone that evening or the day after (not yet, if that is still to come).
    const opened = plausibleMoment(random, new Date(createdAt.getTime() + random.int(1, 20) * 3_600_000), {
      now,
      timeZone: store.timeZone,
      hours: WAKING_HOURS,
    });
    const viewed = demo.viewed && opened > createdAt;
    const [quote] = await db
      .insert(salesQuotes)
      .values({
        token: randomBytes(16).toString('base64url'),
        locationId: store.id,
        userId: salespeople.get(store.id)?.[0] ?? null,
        inventoryVehicleId: vehicle.id,
        ...quotedVehicle(vehicle),
        customerName: demo.customer,
        lines,
        figures,
        total: figures.total,
        createdAt,
        expiresAt: new Date(createdAt.getTime() + QUOTE_DAYS * DAY),
        firstViewedAt: viewed ? opened : null,
        views: viewed ? random.int(1, 4) : 0,
      })
      .returning({ id: salesQuotes.id });
    made.set(demo.customer, quote.id);
  }
  return made;
}
