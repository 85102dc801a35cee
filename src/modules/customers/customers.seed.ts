import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Config } from '../../server/config';
import type { Db } from '../../server/db/client';
import { daysAgo, inSequence } from '../../server/db/demo-times';
import { seededRandom } from '../../server/scale/random';
import { publicAddress } from '../../shared/address';
import { contacts } from '../contacts/contacts.db';
import { conversations } from '../messenger/messenger.db';
import { locations } from '../locations/locations.db';
import { demoTextRows } from '../phones/phones.api';
import { messages, phones } from '../phones/phones.db';
import { repairOrders } from '../repair-orders/repair-orders.db';
import { QUOTE_DAYS, QUOTE_PATH, quoteFigures, quoteMessage } from '../sales/sales.api';
import { salesQuotes } from '../sales/quotes.db';
import { users } from '../users/users.db';
import { customerKeys, customerLinks } from './customers.db';

const ROSA = { firstName: 'Rosa', lastName: 'Martinez', phone: '+15055550142', email: 'rosa.martinez@example.com' };
const MINUTE = 60_000;
const DAY = 86_400_000;

/**
 * The issue's example made real (docs/customers.md): Rosa Martinez texts Albuquerque Toyota from the
 * number her questionnaire gave, is a contact there, and gets a quote on a Highlander, texted and
 * signed by the salesperson who answered her. Her appraisal (another number, the same email),
 * questionnaire and repair order come from the modules above; the quote and the repair order carry
 * her name alone, so they are put on her by hand, as staff would. The triggers do the rest.
 */
export async function seedCustomers(db: Db, config: Config) {
  const [store] = await db.select().from(locations).where(eq(locations.code, 'ABG'));
  if (!store) return;
  const [line] = await db
    .select()
    .from(phones)
    .where(and(eq(phones.locationId, store.id), eq(phones.phoneType, 'main')))
    .orderBy(asc(phones.id))
    .limit(1);
  // Yesterday: she texts, is answered, asks for the quote and gets it a few minutes apart.
  const now = new Date();
  const random = seededRandom(37);
  const texted = inSequence(random, Array(4).fill(daysAgo(random, 1, { now, timeZone: store.timeZone })), now);
  await db.insert(contacts).values({
    locationId: store.id,
    firstName: ROSA.firstName,
    lastName: ROSA.lastName,
    mobilePhone: ROSA.phone,
    email: ROSA.email,
    source: 'text',
    createdAt: texted[0],
  });
  const salesperson = await salespersonAt(db, store.id);
  const quote = rosasQuote(store.id, salesperson?.id ?? null, texted[3]);
  const [kept] = await db.insert(salesQuotes).values(quote).returning({ id: salesQuotes.id });
  if (line) {
    const sent = quoteText(quote, salesperson?.firstName ?? store.name, store.name, config.PUBLIC_URL);
    await seedTexts(db, line, salesperson?.id ?? null, texted, sent);
  }
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
  await byHand('quote', kept.id);
  if (order) await byHand('repairOrder', order.id);
}

/** Who answers the store's sales texts: a sales consultant, else its general manager. */
async function salespersonAt(db: Db, locationId: number) {
  const [person] = await db
    .select({ id: users.id, firstName: users.firstName, jobCode: users.jobCode })
    .from(users)
    .where(
      and(eq(users.locationId, locationId), eq(users.accountLocked, false), inArray(users.jobCode, ['SALES', 'GM'])),
    )
    .orderBy(asc(users.jobCode), asc(users.id));
  return person;
}

/** The price builder's text with the quote's link on its own line, signed by who sent it. */
function quoteText(quote: typeof salesQuotes.$inferInsert, from: string, store: string, publicUrl: string) {
  const message = quoteMessage({
    customerName: quote.customerName ?? '',
    vehicle: `${quote.year} ${quote.make} ${quote.model} ${quote.trim}`,
    stock: quote.stock,
    total: quote.figures.total,
    payment: quote.figures.payment,
    from,
    store,
  });
  return `${message}\n${publicAddress(publicUrl, `${QUOTE_PATH}/${quote.token}`)}`;
}

/** Her texts with the store's main line: a lead asking about a Highlander, answered, and the quote sent. */
async function seedTexts(
  db: Db,
  line: typeof phones.$inferSelect,
  agentId: number | null,
  at: Date[],
  quoteSent: string,
) {
  const exchange: [inbound: boolean, body: string][] = [
    [true, 'Hi, is the 2025 Highlander XLE on your site still there? I would trade my RAV4.'],
    [false, 'Hi Rosa, it is! Bring the RAV4 by and we will appraise it. I can send a quote too.'],
    [true, 'Please send the quote. I filled in the trade-in questionnaire already.'],
    [false, quoteSent],
  ];
  await db.insert(messages).values(
    demoTextRows(
      line,
      ROSA.phone,
      agentId,
      exchange.map(([inbound, body], i) => ({ inbound, body, at: at[i] })),
      (i) => `SMcustomers${String(i).padStart(21, '0')}`,
    ),
  );
  // Read by the agent who answered: her conversation awaits nothing.
  await db
    .update(conversations)
    .set({ unread: 0, readAt: new Date(at[3].getTime() + 2 * MINUTE) })
    .where(and(eq(conversations.locationId, line.locationId), eq(conversations.phone, ROSA.phone)));
}

/** A price builder quote on a 2025 Highlander XLE, as the price builder keeps one (in cents), made when texted. */
function rosasQuote(locationId: number, userId: number | null, createdAt: Date): typeof salesQuotes.$inferInsert {
  const lines = {
    price: 4_589_500,
    discounts: [{ name: 'Dealer discount', amount: 150_000, optional: false, applied: true }],
    addenda: [],
    taxes: [{ name: 'NM motor vehicle excise tax', rate: 4 }],
    incentives: [],
  };
  const figures = quoteFigures(lines);
  return {
    token: randomBytes(16).toString('base64url'),
    locationId,
    userId,
    year: 2025,
    make: 'Toyota',
    model: 'Highlander',
    trim: 'XLE',
    stock: 'T25H118',
    customerName: 'Rosa Martinez',
    lines,
    figures,
    total: figures.total,
    createdAt,
    expiresAt: new Date(createdAt.getTime() + QUOTE_DAYS * DAY),
  };
}
