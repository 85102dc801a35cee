import { and, desc, eq, gte, lte, or, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { defineAction, type ActionContext } from '../../server/platform/actions';
import { AppError } from '../../server/platform/errors';
import { defineListAction, equals, labelOf, matches } from '../../server/platform/lists';
import { hundredthsAsDecimal } from '../../server/platform/money';
import { toE164 } from '../../server/platform/phone';
import { withinReach } from '../../server/platform/reach';
import { insertRecord, loadRecord, notFound, refusingDuplicate, updateRecord } from '../../server/platform/records';
import { contactRecords, contacts } from '../contacts/contacts.db';
import { inventoryRecords, inventoryVehicles } from '../inventory/inventory.db';
import { locationRecords, locations } from '../locations/locations.db';
import { nameOf, userRecords, users } from '../users/users.db';
import { addPurchase, dealTypeLabels, loadPurchase, loadPurchases, purchaseColumns } from './purchases.contract';
import { purchaseRecords, purchases } from './purchases.db';

type Ctx = Parameters<typeof insertRecord>[0];

/**
 * A customer of the store, found by mobile number (one contact per number per store) or added: what
 * staff typed fills only what the contact left blank. `sold`: they bought (the mailing list's "those
 * who bought" and the sold-list cleaning read it). Audited as contacts are.
 */
export async function contactFor(
  ctx: Ctx,
  locationId: number,
  person: { firstName: string; lastName: string; mobilePhone: string | null; email: string },
  sold: boolean,
): Promise<number> {
  const [found] = person.mobilePhone
    ? await ctx.db
        .select()
        .from(contacts)
        .where(and(eq(contacts.locationId, locationId), eq(contacts.mobilePhone, person.mobilePhone)))
        .limit(1)
    : person.email
      ? await ctx.db
          .select()
          .from(contacts)
          .where(
            and(eq(contacts.locationId, locationId), sql`lower(${contacts.email}) = ${person.email.toLowerCase()}`),
          )
          .limit(1)
      : [];
  if (!found) {
    const added = await refusingDuplicate(
      () => insertRecord(ctx, contactRecords, { locationId, ...person, source: 'staff', sold }),
      () => AppError.conflict('This customer was added to the store a moment ago; send again.', ['mobilePhone']),
    );
    return added.id;
  }
  const changes = {
    ...(found.firstName ? {} : person.firstName ? { firstName: person.firstName } : {}),
    ...(found.lastName ? {} : person.lastName ? { lastName: person.lastName } : {}),
    ...(found.email ? {} : person.email ? { email: person.email } : {}),
    ...(!found.mobilePhone && person.mobilePhone ? { mobilePhone: person.mobilePhone } : {}),
    ...(sold && !found.sold ? { sold: true } : {}),
  };
  await updateRecord(ctx, contactRecords, found.id, changes);
  return found.id;
}

type PurchaseCtx = ActionContext<z.output<typeof addPurchase.input>>;
type PurchaseInput = PurchaseCtx['input'];
type Store = { id: number; name: string };
type LotVehicle = typeof inventoryVehicles.$inferSelect;

/** The customer's mobile number as kept (E.164); one that is not a phone number is refused. */
function mobileOf(input: PurchaseInput): string {
  const mobilePhone = toE164(input.mobilePhone);
  if (!mobilePhone)
    throw AppError.invalid('Mobile phone must be a phone number such as (505) 555-0142.', ['mobilePhone']);
  return mobilePhone;
}

/** Each salesperson credited works at the store. */
async function refuseStaffElsewhere(ctx: PurchaseCtx, location: Store) {
  for (const field of ['salespersonId', 'secondSalespersonId'] as const) {
    const userId = ctx.input[field];
    if (!userId) continue;
    const [user] = await ctx.db
      .select({ locationId: users.locationId, locked: users.accountLocked, name: nameOf() })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) throw AppError.notFound('That user does not exist.');
    if (user.locationId !== location.id || user.locked) {
      throw AppError.invalid(
        `${field === 'salespersonId' ? 'Salesperson' : 'Split with'} must be on the staff of ${location.name}: ${user.name} is not.`,
        [field],
      );
    }
  }
}

/** The vehicle on the store's lot, by stock number or VIN. */
async function vehicleOnLot(ctx: PurchaseCtx, location: Store, stock: string): Promise<LotVehicle | undefined> {
  const [onLot] = await ctx.db
    .select()
    .from(inventoryVehicles)
    .where(
      and(
        eq(inventoryVehicles.locationId, location.id),
        eq(inventoryVehicles.status, 'in stock'),
        or(
          stock ? eq(inventoryVehicles.stock, stock) : undefined,
          ctx.input.vin ? eq(inventoryVehicles.vin, ctx.input.vin) : undefined,
        ),
      ),
    )
    .orderBy(desc(inventoryVehicles.createdAt))
    .limit(1);
  return onLot;
}

/** The vehicle sold as typed, or as the lot has it where the form left it out: year, make and model are required. */
function soldVehicle(input: PurchaseInput, onLot: LotVehicle | undefined, location: Store, stock: string) {
  const year = input.year ?? onLot?.year;
  const make = input.make ?? onLot?.make;
  const model = input.model ?? onLot?.model;
  if (!year)
    throw AppError.invalid(`Year is required: ${stock || input.vin} is not in ${location.name}'s inventory.`, ['year']);
  if (!make) throw AppError.invalid('Make is required.', ['make']);
  if (!model) throw AppError.invalid('Model is required.', ['model']);
  return { year, make, model };
}

/** The sale as kept: the vehicle (the lot's stock number and VIN where the form left them out), the customer and who sold it. */
function recordPurchase(
  ctx: PurchaseCtx,
  sale: {
    location: Store;
    stock: string;
    onLot: LotVehicle | undefined;
    vehicle: ReturnType<typeof soldVehicle>;
    customer: { firstName: string; lastName: string; mobilePhone: string; email: string };
    contactId: number;
  },
) {
  const { input } = ctx;
  const { location, stock, onLot } = sale;
  return insertRecord(ctx, purchaseRecords, {
    locationId: location.id,
    stock: stock || onLot?.stock || '',
    vin: input.vin ?? onLot?.vin ?? '',
    ...sale.vehicle,
    inventoryVehicleId: onLot?.id ?? null,
    ...sale.customer,
    contactId: sale.contactId,
    salespersonId: input.salespersonId,
    secondSalespersonId: input.secondSalespersonId ?? null,
    priceCents: input.price,
    soldDate: input.soldDate,
    dealType: input.dealType,
    createdBy: ctx.user.id,
  });
}

defineAction({
  contract: addPurchase,
  summary:
    "Records a vehicle the store's sales squad sold: filled from inventory (and marked sold there) when its stock number or VIN is on the lot; the customer's contact is found or added and marked sold.",
  permission: 'sales',
  reach: { salespersonId: userRecords, secondSalespersonId: userRecords },
  async handler(ctx) {
    const { input } = ctx;
    const location = await loadRecord(ctx, locationRecords, input.locationId);
    const mobilePhone = mobileOf(input);
    await refuseStaffElsewhere(ctx, location);
    const stock = input.stock?.toUpperCase() ?? '';
    const onLot = await vehicleOnLot(ctx, location, stock);
    const vehicle = soldVehicle(input, onLot, location, stock);
    if (onLot) await updateRecord(ctx, inventoryRecords, onLot.id, { status: 'sold' });

    const customer = { firstName: input.firstName, lastName: input.lastName, mobilePhone, email: input.email ?? '' };
    const contactId = await contactFor(ctx, location.id, customer, true);
    const purchase = await recordPurchase(ctx, { location, stock, onLot, vehicle, customer, contactId });
    return { purchaseId: purchase.id, contactId, fromInventory: !!onLot };
  },
});

const second = alias(users, 'second_salesperson');

/** A purchase as its list and its page show it. */
const purchaseFields = {
  purchaseId: purchases.id,
  locationId: purchases.locationId,
  locationName: locations.name,
  soldDate: purchases.soldDate,
  stock: purchases.stock,
  vin: purchases.vin,
  year: purchases.year,
  make: purchases.make,
  model: purchases.model,
  vehicle: sql<string>`${purchases.year}::text || ' ' || ${purchases.make} || ' ' || ${purchases.model}`.as('vehicle'),
  customerName: sql<string>`${purchases.firstName} || ' ' || ${purchases.lastName}`.as('customer_name'),
  mobilePhone: purchases.mobilePhone,
  email: purchases.email,
  contactId: purchases.contactId,
  salespersonId: purchases.salespersonId,
  secondSalespersonId: purchases.secondSalespersonId,
  salespeople: sql<string>`${nameOf()} || coalesce(' and ' || ${nameOf(second)}, '')`.as('salespeople'),
  dealType: purchases.dealType,
  dealTypeLabel: labelOf(purchases.dealType, dealTypeLabels).as('deal_type_label'),
  price: hundredthsAsDecimal(purchases.priceCents).as('price_decimal'),
  priceCents: purchases.priceCents,
};

/** The purchases with their store and salespeople: the list's select, and the page's. */
const withNames = <T extends PgSelect>(query: T) =>
  query
    .innerJoin(locations, eq(locations.id, purchases.locationId))
    .innerJoin(users, eq(users.id, purchases.salespersonId))
    .leftJoin(second, eq(second.id, purchases.secondSalespersonId));

defineListAction({
  contract: loadPurchases,
  summary:
    "Vehicles the stores' sales squads sold, newest first: by store, sale days, salesperson (alone or split) and part of a stock number, VIN or customer's name.",
  permission: 'sales',
  reach: purchases.locationId,
  records: { salespersonId: userRecords },
  bench: (s) => [
    { name: 'newest', filters: {} },
    { name: "newest, a region's user", filters: {}, regional: true },
    { name: 'location, 30 days', filters: { locationId: s.locationId, minSoldDate: s.from, maxSoldDate: s.to } },
    { name: 'salesperson', filters: { salespersonId: s.userId } },
    { name: 'by price', filters: { sort: 'price', dir: 'desc' } },
    { name: 'search', filters: { query: 'garcia' } },
  ],
  columns: purchaseColumns,
  sorts: { soldDate: purchases.soldDate, price: purchases.priceCents },
  defaultSort: 'soldDate',
  defaultDir: 'desc',
  id: { key: 'purchaseId', column: purchases.id },
  filters: {
    locationId: equals(purchases.locationId),
    // Credited alone or on a split.
    salespersonId: (userId) => or(eq(purchases.salespersonId, userId), eq(purchases.secondSalespersonId, userId)),
    // Calendar days, first and last included.
    minSoldDate: (day) => gte(purchases.soldDate, day),
    maxSoldDate: (day) => lte(purchases.soldDate, day),
    query: matches(purchases.search),
  },
  query: ({ db }) => ({ select: withNames(db.select(purchaseFields).from(purchases).$dynamic()) }),
});

const recorder = alias(users, 'recorded_by');

defineAction({
  contract: loadPurchase,
  summary: 'One purchase within reach, for its page: the vehicle, the customer, the deal, and who recorded it when.',
  permission: 'sales',
  reach: { purchaseId: purchaseRecords },
  readOnly: true,
  async handler({ db, input, user }) {
    const [row] = await withNames(
      db
        .select({
          ...purchaseFields,
          fromInventory: sql<boolean>`${purchases.inventoryVehicleId} is not null`.as('from_inventory'),
          recordedByName: nameOf(recorder).as('recorded_by_name'),
          recordedAt: purchases.createdAt,
        })
        .from(purchases)
        .$dynamic(),
    )
      .leftJoin(recorder, eq(recorder.id, purchases.createdBy))
      .where(and(eq(purchases.id, input.purchaseId), withinReach(user.reach, purchases.locationId)));
    if (!row) throw notFound(purchaseRecords, input.purchaseId);
    return { purchase: { ...row, recordedAt: row.recordedAt.toISOString() } };
  },
});
