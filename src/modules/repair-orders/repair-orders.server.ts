import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import { createElement as h, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { defineAction, type ActionContext } from '../../server/platform/actions';
import { defineListAction, equals, fromDay, labelOf, toDay } from '../../server/platform/lists';
import { DEFAULT_TIME_ZONE } from '../../server/platform/days';
import { AppError } from '../../server/platform/errors';
import { hundredthsAsDecimal } from '../../server/platform/money';
import { auditedRow, insertRecord, loadRecord } from '../../server/platform/records';
import { matchesSearch } from '../../server/platform/search';
import { centsToDecimal, formatDateTime } from '../../shared/format';
import { locationRecords, locations } from '../locations/locations.db';
import { catalogRecords, partsCatalog } from '../parts/parts.db';
import { nameOf, users } from '../users/users.db';
import { toHundredths } from './amounts';
import { orderRecords, repairOrderItems as items, repairOrders as orders } from './repair-orders.db';
import {
  addItem,
  addOrder,
  addParts,
  generateItemizedList,
  loadOrder,
  loadOrders,
  orderColumns,
  orderStatusLabels,
  saveOrder,
  type OrderItem,
  type RepairOrder,
} from './repair-orders.contract';

defineListAction({
  contract: loadOrders,
  summary:
    "Repair orders within reach, newest first: by location, status, days opened and part of a customer's name or vehicle; each with its value and hours.",
  permission: 'serviceAdvisor',
  reach: orders.locationId,
  bench: (s) => [
    { name: 'newest', filters: {} },
    { name: "newest, a region's user", filters: {}, regional: true },
    { name: 'location, 30 days', filters: { locationId: s.locationId, minCreatedAt: s.from, maxCreatedAt: s.to } },
    { name: 'open', filters: { status: 'open' } },
    // A customer's surname and initial, as an advisor types it (the scale data has 130 such names).
    { name: 'search', filters: { query: 'romero d' } },
  ],
  columns: orderColumns,
  sorts: { createdAt: orders.createdAt, repairOrderId: orders.id },
  defaultSort: 'createdAt',
  defaultDir: 'desc',
  id: { key: 'repairOrderId', column: orders.id },
  filters: {
    locationId: equals(orders.locationId),
    status: equals(orders.status),
    minCreatedAt: fromDay(orders.createdAt),
    maxCreatedAt: toDay(orders.createdAt),
    // Digits alone are an order's number.
    query: (term) =>
      /^\d+$/.test(term.trim()) ? eq(orders.id, Number(term.trim())) : matchesSearch(orders.search, term),
  },
  query: ({ db }) => ({
    select: db
      .select({
        repairOrderId: orders.id,
        locationId: orders.locationId,
        locationName: locations.name,
        customerName: orders.customerName,
        vehicle: orders.vehicle,
        servicesRequested: orders.servicesRequested,
        status: orders.status,
        statusLabel: labelOf(orders.status, orderStatusLabels).as('status_label'),
        totalValue: hundredthsAsDecimal(orders.valueCents).as('total_value'),
        totalHours: hundredthsAsDecimal(orders.hoursHundredths).as('total_hours'),
        valueCents: orders.valueCents,
        hoursHundredths: orders.hoursHundredths,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .innerJoin(locations, eq(locations.id, orders.locationId))
      .$dynamic(),
  }),
});

type Ctx = ActionContext<unknown>;

async function orderItems(ctx: Ctx, repairOrderId: number): Promise<OrderItem[]> {
  const rows = await ctx.db
    .select()
    .from(items)
    .where(eq(items.repairOrderId, repairOrderId))
    .orderBy(asc(items.position), asc(items.id));
  return rows.map((r) => ({
    itemId: r.id,
    description: r.description,
    value: centsToDecimal(r.valueCents),
    hours: centsToDecimal(r.hoursHundredths),
  }));
}

/** The item table's inputs as the old screens inserted them: a row per item, values and hours apart. */
const itemRow = (item: OrderItem, field: 'value' | 'hours') =>
  h(
    'tr',
    { key: item.itemId, 'data-item-id': item.itemId },
    h('td', null, item.description),
    h(
      'td',
      null,
      h('input', {
        type: 'text',
        inputMode: 'decimal',
        name: `${field}[${item.itemId}]`,
        defaultValue: item[field],
        'aria-label': `${field === 'value' ? 'Value' : 'Hours'} of ${item.description || 'item'}`,
      }),
    ),
  );
const itemsHtml = (list: OrderItem[], field: 'value' | 'hours') =>
  renderToStaticMarkup(h(Fragment, null, ...list.map((i) => itemRow(i, field))));

defineAction({
  contract: loadOrder,
  summary: 'One repair order with its items and totals, for the edit modal and the order page.',
  permission: 'serviceAdvisor',
  reach: { repairOrderId: orderRecords },
  readOnly: true,
  async handler(ctx) {
    const row = await loadRecord(ctx, orderRecords, ctx.input.repairOrderId);
    const [[location], [editor], list] = await Promise.all([
      ctx.db.select({ name: locations.name }).from(locations).where(eq(locations.id, row.locationId)),
      row.updatedBy ? ctx.db.select({ name: nameOf() }).from(users).where(eq(users.id, row.updatedBy)) : [],
      orderItems(ctx, row.id),
    ]);
    const repairOrder: RepairOrder = {
      repairOrderId: row.id,
      locationId: row.locationId,
      locationName: location.name,
      customerName: row.customerName,
      vehicle: row.vehicle,
      servicesRequested: row.servicesRequested,
      notes: row.notes,
      status: row.status,
      statusLabel: orderStatusLabels[row.status],
      totalValue: centsToDecimal(row.valueCents),
      totalHours: centsToDecimal(row.hoursHundredths),
      valueCents: row.valueCents,
      hoursHundredths: row.hoursHundredths,
      version: row.version,
      items: list,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      updatedByName: editor?.name ?? null,
    };
    return { repairOrder };
  },
});

defineAction({
  contract: generateItemizedList,
  summary: "A repair order's items as the item table's value inputs (`html`) and hour inputs (`hoursHtml`).",
  permission: 'serviceAdvisor',
  reach: { repairOrderId: orderRecords },
  readOnly: true,
  async handler(ctx) {
    await loadRecord(ctx, orderRecords, ctx.input.repairOrderId);
    const list = await orderItems(ctx, ctx.input.repairOrderId);
    return { html: itemsHtml(list, 'value'), hoursHtml: itemsHtml(list, 'hours'), items: list };
  },
});

defineAction({
  contract: addItem,
  summary: 'Adds a blank item at the end of a repair order; a new version of the order.',
  permission: 'serviceAdvisor',
  reach: { repairOrderId: orderRecords },
  async handler(ctx) {
    const order = await loadRecord(ctx, orderRecords, ctx.input.repairOrderId);
    const [{ last }] = await ctx.db
      .select({ last: max(items.position) })
      .from(items)
      .where(eq(items.repairOrderId, order.id));
    const [created] = await ctx.db
      .insert(items)
      .values({ repairOrderId: order.id, position: (last ?? -1) + 1 })
      .returning();
    const [after] = await ctx.db
      .update(orders)
      .set({ version: sql`${orders.version} + 1`, updatedBy: ctx.user.id, updatedAt: new Date() })
      .where(eq(orders.id, order.id))
      .returning({ version: orders.version });
    ctx.audit({
      recordType: 'repairOrder',
      recordId: String(order.id),
      before: { version: order.version },
      after: { version: after.version, addedItem: created.id },
    });
    const item: OrderItem = { itemId: created.id, description: '', value: '0.00', hours: '0.00' };
    return {
      html: renderToStaticMarkup(h('table', null, h('tbody', null, itemRow(item, 'value'), itemRow(item, 'hours')))),
      item,
      version: after.version,
    };
  },
});

defineAction({
  contract: addOrder,
  summary: 'Opens a repair order at a location for a customer and vehicle; its items are added on the order page.',
  permission: 'serviceAdvisor',
  reach: {},
  async handler(ctx) {
    const { input } = ctx;
    await loadRecord(ctx, locationRecords, input.locationId);
    const created = await insertRecord(ctx, orderRecords, {
      locationId: input.locationId,
      customerName: input.customerName,
      vehicle: input.vehicle,
      servicesRequested: input.servicesRequested,
      notes: input.notes ?? '',
      createdBy: ctx.user.id,
      updatedBy: ctx.user.id,
    });
    return { create: { data: { orderId: created.id } } };
  },
});

defineAction({
  contract: saveOrder,
  summary:
    'Saves an edited repair order and its whole item list, refused (409) when another save came after the version it was loaded at.',
  permission: 'serviceAdvisor',
  reach: { repairOrderId: orderRecords },
  async handler(ctx) {
    const { input } = ctx;
    const before = await loadRecord(ctx, orderRecords, input.repairOrderId);
    const lines = input.items.map((item, position) => ({
      repairOrderId: before.id,
      position,
      description: item.description ?? '',
      valueCents: toHundredths(item.value),
      hoursHundredths: toHundredths(item.hours),
    }));
    const valueCents = lines.reduce((sum, l) => sum + l.valueCents, 0);
    const hoursHundredths = lines.reduce((sum, l) => sum + l.hoursHundredths, 0);
    // The version check is the update's own condition: of two saves of one version, the second waits
    // for the first's row lock, then finds the version gone and changes nothing.
    const [after] = await ctx.db
      .update(orders)
      .set({
        servicesRequested: input.servicesRequested,
        notes: input.notes ?? '',
        status: input.status ?? before.status,
        valueCents,
        hoursHundredths,
        version: sql`${orders.version} + 1`,
        updatedBy: ctx.user.id,
        updatedAt: new Date(),
      })
      .where(and(eq(orders.id, before.id), eq(orders.version, input.version)))
      .returning();
    if (!after) throw await savedSince(ctx, before.id);
    await ctx.db.delete(items).where(eq(items.repairOrderId, before.id));
    if (lines.length) await ctx.db.insert(items).values(lines);
    ctx.audit({
      recordType: 'repairOrder',
      recordId: String(before.id),
      before: auditedRow(orders, before),
      after: { ...auditedRow(orders, after), items: lines.map(({ repairOrderId: _, ...l }) => l) },
    });
    return { repairOrderId: after.id, version: after.version };
  },
});

/** The 409 for a save of an older version: who saved the order since, and when, on the group's clock. */
async function savedSince(ctx: Ctx, repairOrderId: number): Promise<AppError> {
  const [latest] = await ctx.db
    .select({ updatedAt: orders.updatedAt, name: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}` })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.updatedBy))
    .where(eq(orders.id, repairOrderId));
  const by = latest.name ? ` by ${latest.name}` : '';
  return AppError.conflict(
    `This repair order was saved${by} at ${formatDateTime(latest.updatedAt, DEFAULT_TIME_ZONE)} since you opened it. Reload it to see those changes, then make yours again.`,
    ['version'],
  );
}

/** The parts chosen, each once, by part number; all of them still in the catalogue, or none is added. */
async function chosenParts(ctx: Ctx, partIds: number[]) {
  const ids = [...new Set(partIds)];
  const parts = await ctx.db
    .select()
    .from(partsCatalog)
    .where(inArray(partsCatalog.id, ids))
    .orderBy(asc(partsCatalog.partNumber));
  if (parts.length !== ids.length)
    throw AppError.invalid('Parts: a part chosen is no longer in the catalogue; search again.', ['partIds']);
  return parts;
}

/** The parts as items after the order's others: "number description" at the list price, no hours. */
async function appendPartItems(ctx: Ctx, repairOrderId: number, parts: (typeof partsCatalog.$inferSelect)[]) {
  const [{ last }] = await ctx.db
    .select({ last: max(items.position) })
    .from(items)
    .where(eq(items.repairOrderId, repairOrderId));
  const lines = parts.map((p, i) => ({
    repairOrderId,
    position: (last ?? -1) + 1 + i,
    description: `${p.partNumber} ${p.description}`,
    valueCents: p.priceCents,
    hoursHundredths: 0,
  }));
  await ctx.db.insert(items).values(lines);
  return lines;
}

defineAction({
  contract: addParts,
  summary:
    'Adds catalogue parts to a repair order as items at their list price, after its other items; a new version of the order.',
  permission: 'serviceAdvisor',
  reach: { repairOrderId: orderRecords, partIds: catalogRecords },
  async handler(ctx) {
    const order = await loadRecord(ctx, orderRecords, ctx.input.repairOrderId);
    const parts = await chosenParts(ctx, ctx.input.partIds);
    const lines = await appendPartItems(ctx, order.id, parts);
    const added = lines.reduce((sum, l) => sum + l.valueCents, 0);
    const [after] = await ctx.db
      .update(orders)
      .set({
        valueCents: sql`${orders.valueCents} + ${added}`,
        version: sql`${orders.version} + 1`,
        updatedBy: ctx.user.id,
        updatedAt: new Date(),
      })
      .where(eq(orders.id, order.id))
      .returning({ version: orders.version });
    ctx.audit({
      recordType: 'repairOrder',
      recordId: String(order.id),
      before: { version: order.version },
      after: { version: after.version, addedParts: lines.map((l) => l.description) },
    });
    return { repairOrderId: order.id, version: after.version, added: lines.length };
  },
});
