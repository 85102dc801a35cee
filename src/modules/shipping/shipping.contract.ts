import { z } from 'zod';
import { date, flag, id, optionalDate, optionalId, optionalText, text } from '../../shared/fields';
import type { ColumnSpec } from '../../shared/lists';
import { defineContract, listContract } from '../../shared/contract';
import { modelYear, vinCheckedUnlessKept, vinOverride, vinText } from '../vehicles/vehicles.contract';

/** Seed 002, section 9: the success notification shows for 5,000 ms. */
export const ORDER_SUCCESSFUL = 'Order successful!';
export const ORDER_MS = 5000;

const state = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z
    .string({ error: (i) => (i.input == null ? 'is required' : 'must be text') })
    .min(1, { error: 'is required' })
    .regex(/^[A-Z]{2}$/, { error: 'must be a two-letter state code, such as NM' }),
);
const zipcode = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: (i) => (i.input == null ? 'is required' : 'must be text') })
    .min(1, { error: 'is required' })
    .regex(/^\d{5}(-\d{4})?$/, { error: 'must be five digits, such as 87109' }),
);

/**
 * The new-order form (seed 002, "Shipment"): originName and destinationName (a store's or the
 * customer's, `customerAddress` when the vehicle goes to a customer), and for each end AddressOne,
 * City, State and Zipcode, prefixed by the end (`originAddressOne`, `destinationZipcode`); the vehicle
 * and the pickup day are what a carrier needs beside (docs/shipping.md).
 */
const newOrderInput = z
  .object({
    originLocationId: optionalId.meta({ title: 'Origin store' }),
    originName: text(100).meta({ title: 'Origin name' }),
    originAddressOne: text(120).meta({ title: 'Origin address' }),
    originCity: text(60).meta({ title: 'Origin city' }),
    originState: state.meta({ title: 'Origin state' }),
    originZipcode: zipcode.meta({ title: 'Origin ZIP code' }),
    customerAddress: flag.meta({ title: 'To a customer' }),
    destinationLocationId: optionalId.meta({ title: 'Destination store' }),
    destinationName: text(100).meta({ title: 'Destination name' }),
    destinationAddressOne: text(120).meta({ title: 'Destination address' }),
    destinationCity: text(60).meta({ title: 'Destination city' }),
    destinationState: state.meta({ title: 'Destination state' }),
    destinationZipcode: zipcode.meta({ title: 'Destination ZIP code' }),
    vin: vinText,
    vinOverride,
    stock: optionalText(20).meta({ title: 'Stock number' }),
    year: z.preprocess((v) => (v === '' || v === null ? undefined : v), modelYear.optional()),
    make: optionalText(60),
    model: optionalText(80),
    pickupDate: date.meta({ title: 'Pickup date' }),
    notes: optionalText(1000),
  })
  .superRefine(...vinCheckedUnlessKept);
export type NewOrderInput = z.output<typeof newOrderInput>;

const shippingLocation = z.object({
  id: z.number().int(),
  name: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
});

export const orderColumns: ColumnSpec[] = [
  { key: 'createdAt', label: 'Ordered', format: 'datetime', sortable: true },
  { key: 'vehicle', label: 'Vehicle' },
  { key: 'vin', label: 'VIN' },
  { key: 'originName', label: 'From' },
  { key: 'destinationName', label: 'To' },
  { key: 'pickupDate', label: 'Pickup', format: 'date', sortable: true },
  { key: 'reference', label: 'Carrier reference' },
  { key: 'createdByName', label: 'Ordered by' },
];

const orderRow = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  vehicle: z.string(),
  vin: z.string(),
  stock: z.string().nullable(),
  originName: z.string(),
  originCity: z.string(),
  destinationName: z.string(),
  destinationCity: z.string(),
  customerAddress: z.boolean(),
  pickupDate: z.string(),
  carrier: z.string(),
  reference: z.string(),
  createdByName: z.string(),
  locationId: z.number().int(),
});
export type OrderRow = z.output<typeof orderRow>;

const orderFilters = {
  query: optionalText(40).meta({ title: 'Search' }),
  locationId: optionalId,
  minCreatedAt: optionalDate.meta({ title: 'From' }),
  maxCreatedAt: optionalDate.meta({ title: 'To' }),
};

/** A store's street address, to fill an end of the order (seed 002: id → data.location). */
export const loadShippingLocation = defineContract({
  path: 'shipping/load-locations',
  input: z.object({ id }),
  output: z.object({ location: shippingLocation }),
});
export const newOrder = defineContract({
  path: 'shipping/new-order',
  input: newOrderInput,
  output: z.object({ orderId: z.number().int(), reference: z.string() }),
});
/** Not in the spec: the orders placed, so staff can see what was ordered and its reference (docs/shipping.md). */
export const loadOrders = listContract({
  path: 'shipping/load-orders',
  filters: orderFilters,
  row: orderRow,
  countKey: 'orderCount',
});

/** A shipment's own page: its row, both ends' street addresses and the notes for the carrier. */
const orderRecord = orderRow.extend({
  originAddressOne: z.string(),
  originState: z.string(),
  originZipcode: z.string(),
  destinationAddressOne: z.string(),
  destinationState: z.string(),
  destinationZipcode: z.string(),
  notes: z.string(),
});
export type OrderRecord = z.output<typeof orderRecord>;

/** One shipment order within reach, for its page (designed: docs/shipping.md). */
export const loadOrder = defineContract({
  path: 'shipping/load-order',
  input: z.object({ orderId: id }),
  output: z.object({ order: orderRecord }),
});

/** The address of a shipment's page. */
export const shipmentHref = (orderId: number) => `/shipping/shipment?id=${orderId}`;
