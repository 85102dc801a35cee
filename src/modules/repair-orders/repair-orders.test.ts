import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, count, desc, eq } from 'drizzle-orm';
import { type Caller, locationsByCode, testApp, type TestApp } from '../../../tests/helpers';
import { auditLog } from '../../server/platform/platform.db';
import { repairOrderItems as items, repairOrders as orders } from './repair-orders.db';
import { loadParts } from '../parts/parts.contract';
import {
  addItem,
  addOrder,
  addParts,
  generateItemizedList,
  loadOrder,
  loadOrders,
  saveOrder,
} from './repair-orders.contract';

let t: TestApp;
let advisor: Caller;
let loc: Record<string, number>;

beforeAll(async () => {
  t = await testApp();
  advisor = await t.signedIn(['serviceAdvisor']);
  loc = await locationsByCode(t.db);
});
afterAll(async () => {
  await t?.close();
});

const orderOf = async (customerName: string) =>
  (await t.db.select().from(orders).where(eq(orders.customerName, customerName)).orderBy(desc(orders.id)))[0];
const itemsOf = async (id: number) =>
  t.db.select().from(items).where(eq(items.repairOrderId, id)).orderBy(asc(items.position));
const tableCounts = async () => {
  const [[{ o }], [{ i }], [{ a }]] = await Promise.all([
    t.db.select({ o: count() }).from(orders),
    t.db.select({ i: count() }).from(items),
    t.db.select({ a: count() }).from(auditLog),
  ]);
  return { o, i, a };
};
const create = async (customerName: string, locationId = loc.ABG) => {
  const res = await advisor.act(addOrder, {
    locationId,
    customerName,
    vehicle: '2020 Toyota Camry SE',
    servicesRequested: 'Oil change.',
  });
  expect(res.status).toBe(200);
  return res.body.data.create.data.orderId as number;
};

describe('repair orders', () => {
  it("lists the demo orders newest first as 'Manage Repair Orders' does, with their values and hours", async () => {
    const res = await advisor.act(loadOrders, {});
    expect(res.status).toBe(200);
    const [{ n }] = await t.db.select({ n: count() }).from(orders);
    expect(res.body.data.repairOrderCountFormatted).toBe(String(n));
    const opened = res.body.data.rows.map((r: { createdAt: string }) => r.createdAt);
    expect(opened).toEqual([...opened].sort().reverse());
    const rav4 = res.body.data.rows.find((r: { customerName: string }) => r.customerName === 'David Chavez')!;
    // 412.36 + 289.95 + 34.99, and 1.8 + 2.5 + 0.2 hours.
    expect(rav4).toMatchObject({
      locationName: 'Albuquerque Toyota',
      vehicle: '2019 Toyota RAV4 XLE',
      totalValue: '737.30',
      valueCents: 73_730,
      totalHours: '4.50',
      hoursHundredths: 450,
      status: 'open',
      statusLabel: 'Open',
    });
    expect(res.body.data.html).toContain('<th data-key="servicesRequested">Services requested</th>');
    const closed = await advisor.act(loadOrders, { status: 'closed' });
    expect(closed.body.data.rows.map((r: { customerName: string }) => r.customerName).sort()).toEqual([
      'Michael Johnson',
      'Thomas Romero',
    ]);
    expect(
      (await advisor.act(loadOrders, { query: 'tacoma' })).body.data.rows.map(
        (r: { customerName: string }) => r.customerName,
      ),
    ).toEqual(['Rosa Martinez']);
    expect((await advisor.act(loadOrders, { query: String(rav4.repairOrderId) })).body.data.rows).toHaveLength(1);
    // Part of the name or vehicle, in any case, with the other filters.
    const names = async (filters: { query: string; status?: 'closed' }) =>
      (await advisor.act(loadOrders, filters)).body.data.rows.map((r: { customerName: string }) => r.customerName);
    expect(await names({ query: 'THOMAS rom', status: 'closed' })).toEqual(['Thomas Romero']);
    expect(await names({ query: 'omero' })).toEqual(['Thomas Romero']);
  });

  it('creates an order (data.create.data.orderId), loads it with its items, and lists them as the old inputs', async () => {
    const orderId = await create('Lucia Archuleta');
    const stored = await orderOf('Lucia Archuleta');
    expect(stored).toMatchObject({
      id: orderId,
      locationId: loc.ABG,
      vehicle: '2020 Toyota Camry SE',
      servicesRequested: 'Oil change.',
      status: 'open',
      version: 1,
      valueCents: 0,
      createdBy: advisor.userId,
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'service/repair-orders/add'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({ recordType: 'repairOrder', recordId: String(orderId) });
    // The search text is stored with the order for its list, and left out of the audit, which keeps
    // what people wrote.
    expect(stored.search).toBe('lucia archuleta 2020 toyota camry se');
    expect(audit.after).toMatchObject({ customerName: 'Lucia Archuleta' });
    expect(audit.after).not.toHaveProperty('search');

    const demo = await orderOf('David Chavez');
    const loaded = await advisor.call('service/repair-orders/load-order.php', { repairOrderId: demo.id });
    expect(loaded.body.data.repairOrder).toMatchObject({
      repairOrderId: demo.id,
      locationId: loc.ABG,
      servicesRequested: 'Brakes grind when stopping; 60,000-mile service.',
      version: 1,
      totalValue: '737.30',
      items: [
        { description: 'Front brake pads and rotors', value: '412.36', hours: '1.80' },
        { description: '60,000-mile service', value: '289.95', hours: '2.50' },
        { description: 'Cabin air filter', value: '34.99', hours: '0.20' },
      ],
    });
    const list = await advisor.call('service/repair-orders/generate-itemized-list.php', { repairOrderId: demo.id });
    expect(list.body.data.html).toContain('value="412.36"');
    expect(list.body.data.hoursHtml).toContain('value="1.80"');
    expect(list.body.data.hoursHtml).not.toContain('412.36');
  });

  it('adds a blank item, and saves the order with the input rules: empty is 0, minus signs and letters go, sums exact to the cent', async () => {
    const orderId = await create('Samuel Ortega');
    const added = await advisor.call('service/repair-orders/items/add-item.php', { repairOrderId: orderId });
    expect(added.body.data).toMatchObject({ item: { description: '', value: '0.00', hours: '0.00' }, version: 2 });
    expect(added.body.data.html).toContain(`data-item-id="${added.body.data.item.itemId}"`);
    expect(await itemsOf(orderId)).toHaveLength(1);

    const saved = await advisor.act(saveOrder, {
      repairOrderId: orderId,
      version: 2,
      servicesRequested: 'Oil change; brakes.',
      notes: 'Waiting.',
      status: 'open',
      items: [
        { description: 'Oil change', value: '0.1', hours: '-0.5' },
        { description: 'Brake pads', value: '0.2', hours: '1.25 hrs' },
        { description: 'Shop supplies', value: '-12.345abc', hours: '' },
      ],
    });
    expect(saved.body.data).toEqual({ repairOrderId: orderId, version: 3 });
    expect(await orderOf('Samuel Ortega')).toMatchObject({
      servicesRequested: 'Oil change; brakes.',
      notes: 'Waiting.',
      valueCents: 10 + 20 + 1_235,
      hoursHundredths: 175,
      version: 3,
      updatedBy: advisor.userId,
    });
    expect((await itemsOf(orderId)).map((i) => [i.position, i.description, i.valueCents, i.hoursHundredths])).toEqual([
      [0, 'Oil change', 10, 50],
      [1, 'Brake pads', 20, 125],
      [2, 'Shop supplies', 1_235, 0],
    ]);
    const listed = await advisor.act(loadOrders, { query: String(orderId) });
    expect(listed.body.data.rows[0]).toMatchObject({ totalValue: '12.65', totalHours: '1.75' });
    // The save's audit keeps what was written, before and after, without the stored search text.
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'service/repair-orders/save'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit.before).toMatchObject({ notes: '', version: 2 });
    expect(audit.after).toMatchObject({ notes: 'Waiting.', version: 3 });
    expect(audit.before).not.toHaveProperty('search');
    expect(audit.after).not.toHaveProperty('search');
  });

  it('refuses a save of an older version (409 naming who saved since), changing nothing; of two saves at once one wins', async () => {
    const orderId = await create('Irene Vigil');
    const first = await advisor.act(saveOrder, {
      repairOrderId: orderId,
      version: 1,
      servicesRequested: 'First advisor.',
      items: [{ description: 'A', value: '10', hours: '1' }],
    });
    expect(first.status).toBe(200);
    const before = await tableCounts();
    const stale = await advisor.act(saveOrder, {
      repairOrderId: orderId,
      version: 1,
      servicesRequested: 'Second advisor.',
      items: [],
    });
    expect(stale.status).toBe(409);
    expect(stale.body.errors[0]).toMatch(
      /^This repair order was saved by .+ at \d{4}-\d{2}-\d{2} \d{2}:\d{2} since you opened it\. Reload it to see those changes, then make yours again\.$/,
    );
    expect(await tableCounts()).toEqual(before);
    expect(await orderOf('Irene Vigil')).toMatchObject({
      servicesRequested: 'First advisor.',
      version: 2,
      valueCents: 1_000,
    });

    const race = await Promise.all(
      ['Left', 'Right'].map((who) =>
        advisor.act(saveOrder, {
          repairOrderId: orderId,
          version: 2,
          servicesRequested: who,
          items: [{ description: who, value: '5', hours: '0' }],
        }),
      ),
    );
    expect(race.map((r) => r.status).sort()).toEqual([200, 409]);
    const after = await orderOf('Irene Vigil');
    expect(after.version).toBe(3);
    expect((await itemsOf(orderId)).map((i) => i.description)).toEqual([after.servicesRequested]);
  });

  it('names the fields at fault and stores nothing', async () => {
    const before = await tableCounts();
    const blank = await advisor.act(addOrder, {
      locationId: '',
      customerName: ' ',
      vehicle: '',
      servicesRequested: '',
    });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual([
      'Location is required.',
      'Customer is required.',
      'Vehicle is required.',
      'Services requested is required.',
    ]);
    const orderId = (await orderOf('David Chavez')).id;
    const bad = await advisor.act(saveOrder, {
      repairOrderId: orderId,
      version: 'x',
      servicesRequested: 'x',
      status: 'lost',
      items: [{ value: '1'.repeat(31) }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields).toEqual(['version', 'status', 'items']);
    // Amounts past what a line can be (the order's totals would overflow their columns) are refused, not a 500.
    for (const [field, typed, sentence] of [
      ['value', '9'.repeat(30), 'Value must be at most 1,000,000 dollars.'],
      ['value', '1000000.01', 'Value must be at most 1,000,000 dollars.'],
      ['hours', '99999999999', 'Hours must be at most 1,000 hours.'],
      ['hours', '21474836.48', 'Hours must be at most 1,000 hours.'],
    ]) {
      const huge = await advisor.act(saveOrder, {
        repairOrderId: orderId,
        version: 1,
        servicesRequested: 'x',
        items: [{ description: 'Big', [field]: typed }],
      });
      expect(huge.status, typed).toBe(400);
      expect(huge.body.errors, typed).toEqual([sentence]);
    }
    expect(await tableCounts()).toEqual(before);
  });

  it('holds an order of the most items at the most each, its totals exact', async () => {
    const order = await orderOf('David Chavez');
    const most = Array.from({ length: 100 }, () => ({ description: 'Most', value: '1,000,000', hours: '1000' }));
    const full = await advisor.act(saveOrder, {
      repairOrderId: order.id,
      version: order.version,
      servicesRequested: order.servicesRequested,
      items: most,
    });
    expect(full.status).toBe(200);
    expect(await orderOf('David Chavez')).toMatchObject({
      valueCents: 100 * 100_000_000,
      hoursHundredths: 100 * 100_000,
    });
  });

  it('keeps a New Mexico advisor to New Mexico orders', async () => {
    const nm = await t.signedIn(['serviceAdvisor'], { groupWide: false, regions: ['New Mexico'] });
    const names = (await nm.act(loadOrders, {})).body.data.rows.map((r: { locationName: string }) => r.locationName);
    expect(names).toContain('Albuquerque Toyota');
    expect(names).not.toContain('Denver Chevrolet');
    const denver = await orderOf('Michael Johnson');
    for (const contract of [loadOrder, generateItemizedList, addItem]) {
      expect((await nm.act(contract, { repairOrderId: denver.id })).status, contract.path).toBe(404);
    }
    expect(
      (await nm.act(saveOrder, { repairOrderId: denver.id, version: 1, servicesRequested: 'x', items: [] })).status,
    ).toBe(404);
  });

  it('adds catalogue parts as items at their list price, after the others, summed into the order', async () => {
    const orderId = await create('Marcus Trujillo');
    await advisor.act(saveOrder, {
      repairOrderId: orderId,
      version: 1,
      servicesRequested: 'Brakes.',
      items: [{ description: 'Labour', value: '150', hours: '1.5' }],
    });
    const parts = (await advisor.act(loadParts, { query: 'rav4', category: 'Brakes' })).body.data.rows as {
      partId: number;
      partNumber: string;
    }[];
    expect(parts.map((p) => p.partNumber)).toEqual(['04465-42180', '43512-42070']);
    const added = await advisor.act(addParts, { repairOrderId: orderId, partIds: parts.map((p) => p.partId) });
    expect(added.body.data).toEqual({ repairOrderId: orderId, version: 3, added: 2 });
    expect((await itemsOf(orderId)).map((i) => [i.position, i.description, i.valueCents])).toEqual([
      [0, 'Labour', 15_000],
      [1, '04465-42180 Front brake pads, RAV4 2019-2024', 8_950],
      [2, '43512-42070 Front brake rotor, RAV4', 11_475],
    ]);
    expect(await orderOf('Marcus Trujillo')).toMatchObject({
      valueCents: 15_000 + 8_950 + 11_475,
      hoursHundredths: 150,
      version: 3,
    });

    const before = await tableCounts();
    const none = await advisor.act(addParts, { repairOrderId: orderId, partIds: [] });
    expect(none.body.errors).toEqual(['Parts must name at least one part.']);
    const gone = await advisor.act(addParts, { repairOrderId: orderId, partIds: [parts[0].partId, 999_999] });
    expect(gone).toMatchObject({
      status: 400,
      body: { errors: ['Parts: a part chosen is no longer in the catalogue; search again.'] },
    });
    expect(await tableCounts()).toEqual(before);
  });
});
