import { z } from 'zod';
import { id, int, list, optionalChoice, optionalDate, optionalId, optionalText, text } from '../../shared/fields';
import type { ColumnSpec } from '../../shared/lists';
import { defineContract, listContract } from '../../shared/contract';
import { toHundredths } from './amounts';

export const orderStatuses = ['open', 'closed'] as const;
export type OrderStatus = (typeof orderStatuses)[number];
export const orderStatusLabels: Record<OrderStatus, string> = { open: 'Open', closed: 'Closed' };

export const NOTES_MAX = 4_000;
const SERVICES_MAX = 2_000;
const ITEMS_MAX = 100;
/** The order page, reached after an order is created (seed 001, section 2). */
export const orderPage = (orderId: number) => `/tools/repair-orders/order?orderId=${orderId}`;

/** A new repair order (seed 001: service/repair-orders/add); its items are added on the order page. */
const addOrderInput = z.object({
  locationId: id,
  customerName: text(120).meta({ title: 'Customer' }),
  vehicle: text(120),
  servicesRequested: text(SERVICES_MAX),
  notes: optionalText(NOTES_MAX),
});

/** An item's most: what one line of a repair order can be, so an order's totals always fit their columns. */
const ITEM_VALUE_MAX = 1_000_000;
const ITEM_HOURS_MAX = 1_000;

/** A value or hours as typed (up to 30 characters), read by the rules of `amounts.ts`, at most `max`. */
const typedAmount = (max: number, unit: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : String(v)),
    z
      .string()
      .max(30, { error: 'must be at most 30 characters' })
      .refine((typed) => toHundredths(typed) <= max * 100, {
        error: `must be at most ${max.toLocaleString('en-US')} ${unit}`,
      }),
  );

/** An item as the table sends it: a value and hours as typed (the rules of `amounts.ts` read them). */
const itemInput = z.object({
  description: optionalText(200),
  value: typedAmount(ITEM_VALUE_MAX, 'dollars'),
  hours: typedAmount(ITEM_HOURS_MAX, 'hours'),
});

/**
 * Saving an edited order (not shown in the spec: docs/repair-orders.md): its fields and its whole
 * item list, and the version it was loaded at; a save of an older version is refused (409).
 */
const saveOrderInput = z.object({
  repairOrderId: id,
  version: int(1, 2_147_483_647),
  servicesRequested: text(SERVICES_MAX),
  notes: optionalText(NOTES_MAX),
  status: optionalChoice(orderStatuses),
  items: list(itemInput, ITEMS_MAX),
});
const orderIdInput = z.object({ repairOrderId: id });

const orderFilters = {
  /** Part of a customer's name or vehicle, or an order's number. */
  query: optionalText(60).meta({ title: 'Search' }),
  locationId: optionalId,
  status: optionalChoice(orderStatuses),
  minCreatedAt: optionalDate.meta({ title: 'From' }),
  maxCreatedAt: optionalDate.meta({ title: 'To' }),
};

export const orderColumns: ColumnSpec[] = [
  { key: 'repairOrderId', label: 'Order', sortable: true },
  { key: 'customerName', label: 'Customer' },
  { key: 'vehicle', label: 'Vehicle' },
  { key: 'servicesRequested', label: 'Services requested' },
  { key: 'totalValue', label: 'Value' },
  { key: 'totalHours', label: 'Hours' },
  { key: 'statusLabel', label: 'Status' },
  { key: 'locationName', label: 'Location' },
  { key: 'createdAt', label: 'Opened', sortable: true, format: 'datetime' },
];

const orderRow = z.object({
  repairOrderId: z.number().int(),
  locationId: z.number().int(),
  locationName: z.string(),
  customerName: z.string(),
  vehicle: z.string(),
  servicesRequested: z.string(),
  status: z.enum(orderStatuses),
  statusLabel: z.string(),
  /** Dollars and hours as exact decimals with two places; the cents and hundredths beside them. */
  totalValue: z.string(),
  totalHours: z.string(),
  valueCents: z.number().int(),
  hoursHundredths: z.number().int(),
  createdAt: z.string(),
});
export type OrderRow = z.output<typeof orderRow>;

const item = z.object({ itemId: z.number().int(), description: z.string(), value: z.string(), hours: z.string() });
export type OrderItem = z.output<typeof item>;

const repairOrder = orderRow.extend({
  notes: z.string(),
  version: z.number().int(),
  items: z.array(item),
  updatedAt: z.string(),
  updatedByName: z.string().nullable(),
});
export type RepairOrder = z.output<typeof repairOrder>;

/** 'Manage Repair Orders' (seed 002): the list, with `repairOrderCountFormatted` and `html`. */
export const loadOrders = listContract({
  path: 'service/repair-orders/load-orders',
  filters: orderFilters,
  row: orderRow,
  countKey: 'repairOrderCountFormatted',
});
/** The edit modal's one load (seed 002: `data.repairOrder`). */
export const loadOrder = defineContract({
  path: 'service/repair-orders/load-order',
  input: orderIdInput,
  output: z.object({ repairOrder }),
});
/** The item table as the old screens inserted it: value inputs (`html`) and hour inputs (`hoursHtml`). */
export const generateItemizedList = defineContract({
  path: 'service/repair-orders/generate-itemized-list',
  input: orderIdInput,
  output: z.object({ html: z.string(), hoursHtml: z.string(), items: z.array(item) }),
});
/** Adds a blank item to an order: its row's `html`, and the item. */
export const addItem = defineContract({
  path: 'service/repair-orders/items/add-item',
  input: orderIdInput,
  output: z.object({ html: z.string(), item, version: z.number().int() }),
});
/** Seed 001: the reply nests the new order's id as `create.data.orderId`. */
export const addOrder = defineContract({
  path: 'service/repair-orders/add',
  input: addOrderInput,
  output: z.object({ create: z.object({ data: z.object({ orderId: z.number().int() }) }) }),
});
/** Parts chosen in parts-select, added as items at their list price (designed: docs/repair-orders.md). */
export const addParts = defineContract({
  path: 'service/repair-orders/items/add-parts',
  input: z.object({
    repairOrderId: id,
    partIds: list(id, 50)
      .refine((ids) => ids.length > 0, { error: 'must name at least one part' })
      .meta({ title: 'Parts' }),
  }),
  output: z.object({ repairOrderId: z.number().int(), version: z.number().int(), added: z.number().int() }),
});
export const saveOrder = defineContract({
  path: 'service/repair-orders/save',
  input: saveOrderInput,
  output: z.object({ repairOrderId: z.number().int(), version: z.number().int() }),
});

// Not in the spec: docs/repair-orders.md.
export const ORDER_ADDED = 'Repair order created.';
export const ORDER_SAVED = 'Repair order saved.';
