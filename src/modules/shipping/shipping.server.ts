import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { defineAction, type ActionContext } from '../../server/platform/actions';
import { defineListAction, equals, fromDay, matches, toDay } from '../../server/platform/lists';
import { AppError } from '../../server/platform/errors';
import { withinReach } from '../../server/platform/reach';
import { loadRecord, notFound } from '../../server/platform/records';
import { searchText } from '../../server/platform/search';
import type { ShipmentRequest } from '../../server/providers/shipping/shipping';
import { locationRecords } from '../locations/locations.db';
import { userName, users } from '../users/users.db';
import { decodeVin } from '../vehicles/vpic.db';
import { shipmentOrders as orders, shipmentRecords } from './shipping.db';
import { loadOrder, loadOrders, loadShippingLocation, newOrder, orderColumns } from './shipping.contract';

defineAction({
  contract: loadShippingLocation,
  summary: "A store's street address, to fill an end of a shipment order.",
  permission: 'stockNumberManager',
  reach: { id: locationRecords },
  readOnly: true,
  async handler(ctx) {
    const l = await loadRecord(ctx, locationRecords, ctx.input.id);
    return { location: { id: l.id, name: l.name, street: l.street, city: l.city, state: l.state, zip: l.zip } };
  },
});

type OrderCtx = ActionContext<z.output<typeof newOrder.input>>;
type OrderInput = OrderCtx['input'];

/** The store the order belongs to: the one it leaves, or the one it goes to from a customer. */
function orderLocation(input: OrderInput): number {
  if (input.customerAddress && input.destinationLocationId) {
    throw AppError.invalid('A shipment goes to a store or to a customer, not both.', [
      'destinationLocationId',
      'customerAddress',
    ]);
  }
  const locationId = input.originLocationId ?? input.destinationLocationId;
  if (!locationId)
    throw AppError.invalid(
      'A shipment leaves one of our stores or goes to one: choose the origin store or the destination store.',
      ['originLocationId', 'destinationLocationId'],
    );
  return locationId;
}

/** The vehicle as given, or as its VIN names it (year, make and model, NHTSA's vPIC) where the form left them out. */
function shippedVehicle(input: OrderInput) {
  const decoded = decodeVin(input.vin);
  return {
    vin: input.vin,
    year: input.year ?? decoded.year,
    make: input.make ?? decoded.make,
    // The decoded model only with the decoded make: never one maker's model under another's name.
    model: input.model ?? (!input.make || input.make === decoded.make ? decoded.model : null),
    stock: input.stock?.toUpperCase() ?? null,
  };
}

/** What the carrier is sent: both ends, the vehicle, the pickup day and the notes. */
function shipmentRequest(input: OrderInput, vehicle: ShipmentRequest['vehicle']): ShipmentRequest {
  return {
    origin: {
      name: input.originName,
      addressOne: input.originAddressOne,
      city: input.originCity,
      state: input.originState,
      zipcode: input.originZipcode,
    },
    destination: {
      name: input.destinationName,
      addressOne: input.destinationAddressOne,
      city: input.destinationCity,
      state: input.destinationState,
      zipcode: input.destinationZipcode,
      customer: input.customerAddress,
    },
    vehicle,
    pickupDate: input.pickupDate,
    notes: input.notes ?? '',
  };
}

/** The order as kept, with what the carrier is sent; its reference is filled once the carrier answers. */
async function keepOrder(
  ctx: OrderCtx,
  locationId: number,
  vehicle: ReturnType<typeof shippedVehicle>,
  request: ShipmentRequest,
) {
  const { input } = ctx;
  const [row] = await ctx.db
    .insert(orders)
    .values({
      locationId,
      originLocationId: input.originLocationId ?? null,
      originName: input.originName,
      originAddressOne: input.originAddressOne,
      originCity: input.originCity,
      originState: input.originState,
      originZipcode: input.originZipcode,
      customerAddress: input.customerAddress,
      destinationLocationId: input.destinationLocationId ?? null,
      destinationName: input.destinationName,
      destinationAddressOne: input.destinationAddressOne,
      destinationCity: input.destinationCity,
      destinationState: input.destinationState,
      destinationZipcode: input.destinationZipcode,
      ...vehicle,
      pickupDate: input.pickupDate,
      notes: input.notes ?? '',
      carrier: ctx.services.shipping.name,
      reference: '',
      request,
      createdBy: ctx.user.id,
    })
    .returning();
  return row;
}

defineAction({
  contract: newOrder,
  summary:
    'Orders a vehicle moved by the carrier, from a store or a customer to a store or a customer; kept with what the carrier was sent.',
  permission: 'stockNumberManager',
  reach: { originLocationId: locationRecords, destinationLocationId: locationRecords },
  outside: true,
  async handler(ctx) {
    const locationId = orderLocation(ctx.input);
    const vehicle = shippedVehicle(ctx.input);
    const request = shipmentRequest(ctx.input, vehicle);
    // Kept first, then the carrier is asked outside any transaction: one that refuses or does not
    // answer takes the order back; one that takes it fills in its reference.
    const row = await ctx.change(async (c) => {
      const kept = await keepOrder(c, locationId, vehicle, request);
      c.audit({ recordType: 'shipmentOrder', recordId: kept.id, after: kept });
      return kept;
    });
    const placed = await ctx.services.shipping.placeOrder(request).catch(async (error: unknown) => {
      await ctx.change(async (c) => {
        await c.db.delete(orders).where(eq(orders.id, row.id));
        c.audit({ recordType: 'shipmentOrder', recordId: row.id, before: row });
      });
      throw error;
    });
    await ctx.change(async (c) => {
      await c.db.update(orders).set({ reference: placed.reference }).where(eq(orders.id, row.id));
      c.audit({
        recordType: 'shipmentOrder',
        recordId: row.id,
        before: row,
        after: { ...row, reference: placed.reference },
      });
    });
    return { orderId: row.id, reference: placed.reference };
  },
});

/** A shipment as its list and its page show it. */
const orderFields = {
  id: orders.id,
  createdAt: orders.createdAt,
  vehicle: sql<string>`concat_ws(' ', ${orders.year}::text, ${orders.make}, ${orders.model})`.as('vehicle'),
  vin: orders.vin,
  stock: orders.stock,
  originName: orders.originName,
  originCity: orders.originCity,
  destinationName: orders.destinationName,
  destinationCity: orders.destinationCity,
  customerAddress: orders.customerAddress,
  pickupDate: orders.pickupDate,
  carrier: orders.carrier,
  reference: orders.reference,
  createdByName: sql<string>`coalesce(${userName}, '')`.as('created_by_name'),
  locationId: orders.locationId,
};

const orderSearch = searchText(orders.vin, orders.originName, orders.destinationName, orders.reference);

defineListAction({
  contract: loadOrders,
  summary:
    "Shipment orders, newest first: by store, days ordered and part of a VIN, a name or the carrier's reference.",
  permission: 'stockNumberManager',
  reach: orders.locationId,
  bench: (s) => [
    { name: 'newest', filters: {} },
    { name: 'location, 30 days', filters: { locationId: s.locationId, minCreatedAt: s.from, maxCreatedAt: s.to } },
    { name: 'search', filters: { query: '123457' } },
  ],
  columns: orderColumns,
  sorts: { createdAt: orders.createdAt, pickupDate: orders.pickupDate },
  defaultSort: 'createdAt',
  defaultDir: 'desc',
  id: { key: 'id', column: orders.id },
  filters: {
    locationId: equals(orders.locationId),
    minCreatedAt: fromDay(orders.createdAt),
    maxCreatedAt: toDay(orders.createdAt),
    query: matches(orderSearch),
  },
  query: ({ db }) => ({
    select: db.select(orderFields).from(orders).leftJoin(users, eq(users.id, orders.createdBy)).$dynamic(),
  }),
});

defineAction({
  contract: loadOrder,
  summary:
    "One shipment order within reach, for its page: both ends with their addresses, the vehicle, the pickup day, the notes and the carrier's reference.",
  permission: 'stockNumberManager',
  reach: { orderId: shipmentRecords },
  readOnly: true,
  async handler({ db, input, user }) {
    const [row] = await db
      .select({
        ...orderFields,
        originAddressOne: orders.originAddressOne,
        originState: orders.originState,
        originZipcode: orders.originZipcode,
        destinationAddressOne: orders.destinationAddressOne,
        destinationState: orders.destinationState,
        destinationZipcode: orders.destinationZipcode,
        notes: orders.notes,
      })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.createdBy))
      .where(and(eq(orders.id, input.orderId), withinReach(user.reach, orders.locationId)));
    if (!row) throw notFound(shipmentRecords, input.orderId);
    return { order: { ...row, createdAt: row.createdAt.toISOString() } };
  },
});
