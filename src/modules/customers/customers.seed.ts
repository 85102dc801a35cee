import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { contacts } from '../contacts/contacts.db';
import { conversations } from '../messenger/messenger.db';
import { locations } from '../locations/locations.db';
import { messages, phones } from '../phones/phones.db';
import { repairOrders } from '../repair-orders/repair-orders.db';
import { salesQuotes } from '../sales/quotes.db';
import { customerKeys, customerLinks } from './customers.db';

const ROSA = { firstName: 'Rosa', lastName: 'Martinez', phone: '+15055550142', email: 'rosa.martinez@example.com' };
const HOUR = 3_600_000;

/**
 * The example made real (docs/customers.md): Rosa Martinez texts Albuquerque Toyota from the
 * number her questionnaire gave, is a contact there, and gets a quote on a Highlander. Her appraisal
 * (another number, the same email), questionnaire and repair order come from the modules above; the
 * quote and the repair order carry her name alone, so they are put on her by hand, as staff would.
 * The triggers do the rest.
 */
export async function seedCustomers(db: Db) {
  const [store] = await db.select().from(locations).where(eq(locations.code, 'ABG'));
  if (!store) return;
  const [line] = await db
    .select()
    .from(phones)
    .where(and(eq(phones.locationId, store.id), eq(phones.phoneType, 'main')))
    .orderBy(asc(phones.id))
    .limit(1);
  const now = Date.now();
  await db.insert(contacts).values({
    locationId: store.id,
    firstName: ROSA.firstName,
    lastName: ROSA.lastName,
    mobilePhone: ROSA.phone,
    email: ROSA.email,
    source: 'text',
    createdAt: new Date(now - 30 * HOUR),
  });
  if (line) await seedTexts(db, line, now);
  const [quote] = await db.insert(salesQuotes).values(rosasQuote(store.id, now)).returning({ id: salesQuotes.id });
  const [order] = await db
    .select({ id: repairOrders.id })
    .from(repairOrders)
    .where(and(eq(repairOrders.locationId, store.id), eq(repairOrders.customerName, 'Rosa Martinez')))
    .limit(1);
  const [rosa] = await db
    .select({ id: customerKeys.customerId })
    .from(customerKeys)
    .where(and(eq(customerKeys.kind, 'email'), eq(customerKeys.value, ROSA.email)));
  if (!rosa) return;
  const byHand = async (kind: 'quote' | 'repairOrder', recordId: number) =>
    db
      .update(customerLinks)
      .set({ customerId: rosa.id, byHand: true })
      .where(and(eq(customerLinks.kind, kind), eq(customerLinks.recordId, recordId)));
  await byHand('quote', quote.id);
  if (order) await byHand('repairOrder', order.id);
}

/** Her texts with the store's main line: a lead asking about a Highlander, answered. */
async function seedTexts(db: Db, line: typeof phones.$inferSelect, now: number) {
  const exchange: [inbound: boolean, body: string][] = [
    [true, 'Hi, is the 2025 Highlander XLE on your site still there? I would trade my RAV4.'],
    [false, 'Hi Rosa, it is! Bring the RAV4 by and we will appraise it. I can send a quote too.'],
    [true, 'Please send the quote. I filled in the trade-in questionnaire already.'],
  ];
  await db.insert(messages).values(
    exchange.map(([inbound, body], i) => {
      const at = new Date(now - 26 * HOUR + i * 7 * 60_000);
      return {
        messageSid: `SMcustomers${String(i).padStart(21, '0')}`,
        phoneId: line.id,
        locationId: line.locationId,
        direction: inbound ? ('inbound' as const) : ('outbound' as const),
        purpose: inbound ? ('inbound' as const) : ('transactional' as const),
        from: inbound ? ROSA.phone : line.phoneNumber,
        to: inbound ? line.phoneNumber : ROSA.phone,
        body,
        status: inbound ? ('received' as const) : ('delivered' as const),
        createdAt: at,
        statusAt: at,
        updatedAt: at,
      };
    }),
  );
  // Read by the agent who answered: her conversation awaits nothing.
  await db
    .update(conversations)
    .set({ unread: 0, readAt: new Date(now - 25 * HOUR) })
    .where(and(eq(conversations.locationId, line.locationId), eq(conversations.phone, ROSA.phone)));
}

/** A price builder quote on a 2025 Highlander XLE, as the price builder keeps one (in cents). */
function rosasQuote(locationId: number, now: number): typeof salesQuotes.$inferInsert {
  const price = 4_589_500;
  const savings = 150_000;
  const subtotal = price - savings;
  const tax = Math.round(subtotal * 0.04);
  const total = Math.round((subtotal + tax) / 100) * 100;
  return {
    token: randomBytes(16).toString('base64url'),
    locationId,
    year: 2025,
    make: 'Toyota',
    model: 'Highlander',
    trim: 'XLE',
    stock: 'T25H118',
    customerName: 'Rosa Martinez',
    lines: {
      price,
      discounts: [{ name: 'Dealer discount', amount: savings, optional: false, applied: true }],
      addenda: [],
      taxes: [{ name: 'NM motor vehicle excise tax', rate: 4 }],
      incentives: [],
    },
    figures: {
      savings,
      addenda: 0,
      subtotal,
      taxes: [{ name: 'NM motor vehicle excise tax', rate: 4, amount: tax }],
      total,
      payment: Math.round(total / 72 / 100) * 100,
    },
    total,
    createdAt: new Date(now - 25 * HOUR),
    expiresAt: new Date(now + 13 * 24 * HOUR),
  };
}
