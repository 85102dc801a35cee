import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { type Caller, locationsByCode, testApp, type TestApp } from '../../../tests/helpers';
import { drainJobs } from '../../server/jobs/jobs';
import { jobs } from '../../server/jobs/jobs.db';
import { auditLog, outbox } from '../../server/platform/platform.db';
import { vinCheckDigit, vinProblem } from '../vehicles/vehicles.api';
import {
  laneDeliveries,
  laneLeads,
  lanePasswordResets,
  laneQuotes,
  laneUpdates,
  laneUsers,
  laneVehicles,
} from './clicklane.db';
import {
  addLead,
  addUpdate,
  addVehicle,
  deleteUpdate,
  leadLogin,
  loadDeliveries,
  loadDelivery,
  loadLead,
  loadLeads,
  loadLocationLeads,
  loadQuotes,
  loadUser,
  loadUsers,
  loadVehicle,
  loadVehicles,
  resetPassword,
  saveDelivery,
  saveLead,
  saveUser,
  saveVehicle,
  setPassword,
  startQuote,
} from './clicklane.contract';
import { simulatedAnswer } from '../../server/providers/insurance/insurance';

let t: TestApp;
let marketer: Caller;
let lane: Caller;
let laneAdmin: Caller;
let offers: Caller;
let admin: Caller;
let nm: Caller;
let loc: Record<string, number>;

beforeAll(async () => {
  t = await testApp();
  marketer = await t.signedIn(['marketing']);
  lane = await t.signedIn(['stockNumberManager']);
  laneAdmin = await t.signedIn(['stockNumberManager', 'stockNumberAdmin']);
  offers = await t.signedIn(['marketing', 'marketingOfferEditor']);
  admin = await t.signedIn(['userAdmin']);
  nm = await t.signedIn(['marketing', 'marketingOfferEditor', 'stockNumberManager', 'stockNumberAdmin', 'userAdmin'], {
    groupWide: false,
    regions: ['New Mexico'],
  });
  loc = await locationsByCode(t.db);
});
afterAll(async () => {
  await t?.close();
});

/** A VIN that passes the check, serial `n`. */
function validVin(n: number): string {
  const draft = `1HGCM8263${'3A'}${String(n).padStart(6, '0')}`;
  const vin = `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
  expect(vinProblem(vin)).toBeNull();
  return vin;
}

const countOf = async (table: PgTable) => (await t.db.select({ n: count() }).from(table))[0].n;
/** Rows of every lane table and of the audit log: a refusal leaves them all as they were. */
const snapshot = async () => ({
  leads: await countOf(laneLeads),
  vehicles: await countOf(laneVehicles),
  deliveries: await countOf(laneDeliveries),
  updates: await countOf(laneUpdates),
  quotes: await countOf(laneQuotes),
  resets: await countOf(lanePasswordResets),
  audit: await countOf(auditLog),
  outbox: await countOf(outbox),
});
const leadByName = async (name: string) =>
  (await t.db.select().from(laneLeads).where(eq(laneLeads.customerName, name)).orderBy(desc(laneLeads.id)))[0];

const newLead = async (name: string, overrides: Record<string, unknown> = {}) => {
  const res = await marketer.act(addLead, {
    locationId: loc.ABG,
    customerName: name,
    email: `${name.replace(/\s/g, '.')}@Example.com`,
    phone: '(505) 555-0142',
    vehicleWanted: '2022 RAV4',
    source: 'partner-site',
    ...overrides,
  });
  expect(res.status).toBe(200);
  return res.body.data.leadId;
};

describe('leads', () => {
  it('lists the demo leads newest first, with vrLeads, completed and sold counted as stored', async () => {
    const res = await marketer.act(loadLeads, {});
    expect(res.status).toBe(200);
    const statusCount = async (status: 'completed' | 'sold') =>
      (await t.db.select({ n: count() }).from(laneLeads).where(eq(laneLeads.status, status)))[0].n;
    expect(res.body.data.vrLeads).toBe(await countOf(laneLeads));
    expect(res.body.data.completed).toBe(await statusCount('completed'));
    expect(res.body.data.sold).toBe(await statusCount('sold'));
    expect(res.body.data.completed).toBeGreaterThan(0);
    expect(res.body.data.sold).toBeGreaterThan(0);
    const created = res.body.data.rows.map((r) => r.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    const rosa = res.body.data.rows.find((r) => r.customerName === 'Rosa Martinez')!;
    expect(rosa).toMatchObject({
      locationName: 'Albuquerque Toyota',
      status: 'completed',
      statusLabel: 'Completed',
      sourceLabel: 'Partner site',
      email: 'rosa.martinez@example.com',
      phone: '+15055550142',
    });
    // Shown by its country's format, in the page and its download (issue 33).
    expect(res.body.data.html).toContain('(505) 555-0142');
    expect(res.body.data.html).not.toContain('+15055550142');
    expect(rosa.deliveryLabel).toMatch(/^Scheduled \d{4}-\d{2}-\d{2}$/);
    expect(res.body.data.html).toContain('<th data-key="customerName">Customer</th>');
    expect(res.body.data.html).toContain('Rosa Martinez');

    const sold = await marketer.act(loadLeads, { status: 'sold' });
    expect(sold.body.data.rows.every((r) => r.status === 'sold')).toBe(true);
    expect(sold.body.data.completed).toBe(0);
    expect(sold.body.data.sold).toBe(sold.body.data.vrLeads);
    const search = await marketer.act(loadLeads, { query: 'RAV4' });
    expect(search.body.data.rows.map((r) => r.customerName)).toContain('Rosa Martinez');
  });

  it("lists one store's leads by latest activity, with the same counts for that store", async () => {
    const res = await marketer.act(loadLocationLeads, { locationId: loc.PHX });
    expect(res.status).toBe(200);
    expect(res.body.data.rows.length).toBeGreaterThan(0);
    expect(res.body.data.rows.every((r) => r.locationId === loc.PHX)).toBe(true);
    const touched = res.body.data.rows.map((r) => r.updatedAt);
    expect(touched).toEqual([...touched].sort().reverse());
    const [{ n }] = await t.db.select({ n: count() }).from(laneLeads).where(eq(laneLeads.locationId, loc.PHX));
    expect(res.body.data.vrLeads).toBe(n);
    const [{ c }] = await t.db
      .select({ c: count() })
      .from(laneLeads)
      .where(and(eq(laneLeads.locationId, loc.PHX), eq(laneLeads.status, 'completed')));
    expect(res.body.data.completed).toBe(c);
  });

  it('adds a lead with its phone in E.164 and its email in lower case, audited; refuses bad input changing nothing', async () => {
    const before = await snapshot();
    const leadId = await newLead('Nora Quintana');
    const stored = await leadByName('Nora Quintana');
    expect(stored).toMatchObject({
      id: leadId,
      email: 'nora.quintana@example.com',
      phone: '+15055550142',
      status: 'new',
      source: 'partner-site',
    });
    expect((await snapshot()).audit).toBe(before.audit + 1);

    const after = await snapshot();
    const badPhone = await marketer.act(addLead, {
      locationId: loc.ABG,
      customerName: 'Bad Phone',
      phone: '555-01',
      source: 'phone',
    });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.errors).toEqual(['Phone must be a phone number such as (505) 555-0142.']);
    const unreachable = await marketer.act(addLead, {
      locationId: loc.ABG,
      customerName: 'No Contact',
      source: 'phone',
    });
    expect(unreachable.status).toBe(400);
    expect(unreachable.body.errors).toEqual(['Give the customer’s email or phone.']);
    const badEmail = await marketer.actRaw(addLead, {
      locationId: loc.ABG,
      customerName: 'X',
      email: 'nope',
      source: 'web',
    });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.errors).toEqual([
      'Email must be an email address.',
      'Source must be one of: partner-site, insurance-partner, phone, walk-in.',
    ]);
    expect(await snapshot()).toEqual(after);
  });

  it('saves a lead to sold, stamping when it was completed and sold; a car of another store is refused', async () => {
    const leadId = await newLead('Oscar Benavidez');
    const form = {
      leadId,
      locationId: loc.ABG,
      customerName: 'Oscar Benavidez',
      email: 'oscar@example.com',
      phone: '',
      vehicleWanted: 'Tundra',
      source: 'phone' as const,
      status: 'sold' as const,
    };
    const res = await marketer.act(saveLead, form);
    expect(res.status).toBe(200);
    const stored = await leadByName('Oscar Benavidez');
    expect(stored.status).toBe('sold');
    expect(stored.completedAt).not.toBeNull();
    expect(stored.soldAt).not.toBeNull();
    const loaded = await marketer.act(loadLead, { leadId });
    expect(loaded.body.data.lead).toMatchObject({
      customerName: 'Oscar Benavidez',
      status: 'sold',
      email: 'oscar@example.com',
    });

    const [phoenixCar] = await t.db.select().from(laneVehicles).where(eq(laneVehicles.locationId, loc.PHX));
    const refused = await marketer.act(saveLead, { ...form, laneVehicleId: phoenixCar.id, status: 'new' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([`Lane vehicle ${phoenixCar.stockNumber} is at another store.`]);
    expect((await leadByName('Oscar Benavidez')).status).toBe('sold');
  });

  it('keeps a New Mexico user to their stores, and each call to its flag', async () => {
    const listed = await nm.act(loadLeads, {});
    expect(listed.body.data.rows.length).toBeGreaterThan(0);
    expect(listed.body.data.rows.every((r) => [loc.ABG, loc.ABH, loc.SFS, loc.LCF].includes(r.locationId))).toBe(true);
    const denver = await leadByName('Angela Brooks');
    const hidden = await nm.act(loadLead, { leadId: denver.id });
    expect(hidden.status).toBe(404);
    expect(hidden.body.errors).toEqual(['That lead does not exist.']);
    const moved = await nm.act(addLead, {
      locationId: loc.DNC,
      customerName: 'Far Away',
      phone: '5055550142',
      source: 'phone',
    });
    expect(moved.status).toBe(404);

    expect((await lane.act(loadLeads, {})).status).toBe(403);
    expect((await marketer.act(loadDeliveries, {})).status).toBe(403);
    expect((await lane.act(addVehicle, {} as never)).status).toBe(403);
    expect((await marketer.act(startQuote, {} as never)).status).toBe(403);
    expect((await marketer.act(loadUsers, {})).status).toBe(403);
    expect((await t.anonymous().act(loadQuotes, {})).status).toBe(401);
  });
});

const vehicleForm = (n: number, overrides: Record<string, unknown> = {}) => ({
  locationId: loc.ABG,
  vin: validVin(n),
  stockNumber: `cl-${n}`,
  description: '2022 Toyota RAV4 XLE',
  price: '31,450.50',
  photosUrl: 'https://photos.example.com/rav4',
  status: 'available' as const,
  ...overrides,
});

describe('lane vehicles', () => {
  it('adds a vehicle by checked VIN with its price in cents; a second live listing of the VIN is a 409', async () => {
    const res = await laneAdmin.act(addVehicle, vehicleForm(700001));
    expect(res.status).toBe(200);
    const [stored] = await t.db.select().from(laneVehicles).where(eq(laneVehicles.id, res.body.data.vehicleId));
    expect(stored).toMatchObject({
      vin: validVin(700001),
      stockNumber: 'CL-700001',
      priceCents: 3_145_050,
      status: 'available',
    });
    const loaded = await lane.act(loadVehicle, { vehicleId: stored.id });
    expect(loaded.body.data.vehicle).toMatchObject({ price: '$31,450.50', locationName: 'Albuquerque Toyota' });

    const before = await snapshot();
    const again = await laneAdmin.act(addVehicle, vehicleForm(700001, { stockNumber: 'OTHER' }));
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual([`VIN ${validVin(700001)} is already on the lane.`]);
    const badVin = await laneAdmin.act(addVehicle, vehicleForm(700002, { vin: '1HGCM82633A00000X', price: '-5' }));
    expect(badVin.status).toBe(400);
    expect(badVin.body.data?.fields).toEqual(expect.arrayContaining(['vin', 'price']));
    expect(await snapshot()).toEqual(before);

    // A VIN that fails its check goes on the lane once the admin says it is right as typed.
    const kept = await laneAdmin.act(addVehicle, vehicleForm(700003, { vin: '1HGCM82643A004352', vinOverride: 1 }));
    expect(kept.status).toBe(200);

    const listed = await lane.act(loadVehicles, { query: '700001' });
    expect(listed.body.data.vehicleCount).toBe(1);
    expect(listed.body.data.rows[0].stockNumber).toBe('CL-700001');
    const saved = await laneAdmin.act(saveVehicle, {
      ...vehicleForm(700001),
      vehicleId: stored.id,
      price: '29999',
      status: 'reserved',
    });
    expect(saved.status).toBe(200);
    const [after] = await t.db.select().from(laneVehicles).where(eq(laneVehicles.id, stored.id));
    expect(after).toMatchObject({ priceCents: 2_999_900, status: 'reserved' });
  });

  it('lists vehicles within reach by store and status', async () => {
    const res = await lane.act(loadVehicles, { status: 'reserved' });
    expect(res.body.data.rows.length).toBeGreaterThan(0);
    expect(res.body.data.rows.every((r) => r.status === 'reserved')).toBe(true);
    const nmList = await nm.act(loadVehicles, { locationId: loc.PHX });
    expect(nmList.status).toBe(404);
  });
});

describe('deliveries and updates', () => {
  it('takes a new lead to a delivered car: scheduled, two updates, delivered marks the lead and the car sold', async () => {
    const leadId = await newLead('Camila Ortiz');
    const car = await laneAdmin.act(addVehicle, vehicleForm(700010));
    const vehicleId = car.body.data.vehicleId;
    const scheduled = await lane.act(saveDelivery, {
      leadId,
      vehicleId,
      scheduledDate: '2026-12-04',
      status: 'scheduled',
      address: '1208 Montaño Rd NW, Albuquerque, NM 87107',
    });
    expect(scheduled.status).toBe(200);
    const deliveryId = scheduled.body.data.deliveryId;
    const [reserved] = await t.db.select().from(laneVehicles).where(eq(laneVehicles.id, vehicleId));
    expect(reserved.status).toBe('reserved');

    const twice = await lane.act(saveDelivery, {
      leadId,
      scheduledDate: '2026-12-05',
      status: 'scheduled',
      address: 'Elsewhere',
    });
    expect(twice.status).toBe(409);
    expect(twice.body.errors).toEqual(['Camila Ortiz already has a delivery.']);

    for (const text of ['Your RAV4 is detailed.', 'Our driver has left the store.']) {
      const added = await lane.act(addUpdate, { deliveryId, text, photoUrl: '' });
      expect(added.status).toBe(200);
    }
    const before = await snapshot();
    const notDated = await lane.act(saveDelivery, {
      deliveryId,
      leadId,
      vehicleId,
      scheduledDate: '2026-12-04',
      status: 'delivered',
      address: '1208 Montaño Rd NW, Albuquerque, NM 87107',
    });
    expect(notDated.status).toBe(400);
    expect(notDated.body.errors).toEqual(['Delivered on is required once the car is delivered.']);
    const early = await lane.act(saveDelivery, {
      deliveryId,
      leadId,
      scheduledDate: '2026-12-04',
      deliveredDate: '2099-12-01',
      status: 'delivered',
      address: 'x',
    });
    expect(early.status).toBe(400);
    expect(early.body.errors).toEqual(['Delivered on cannot be a day still to come.']);
    expect(await snapshot()).toEqual(before);

    const delivered = await lane.act(saveDelivery, {
      deliveryId,
      leadId,
      vehicleId,
      scheduledDate: '2026-12-04',
      deliveredDate: '2025-12-04',
      status: 'delivered',
      address: '1208 Montaño Rd NW, Albuquerque, NM 87107',
    });
    expect(delivered.status).toBe(200);
    expect((await leadByName('Camila Ortiz')).status).toBe('sold');
    const [sold] = await t.db.select().from(laneVehicles).where(eq(laneVehicles.id, vehicleId));
    expect(sold.status).toBe('sold');

    const loaded = await lane.act(loadDelivery, { deliveryId });
    expect(loaded.body.data.delivery).toMatchObject({
      status: 'delivered',
      deliveredDate: '2025-12-04',
      updateCount: 2,
      leadStatus: 'sold',
    });
    expect(loaded.body.data.vehicle?.vin).toBe(validVin(700010));
    expect(loaded.body.data.updates.map((u) => u.text)).toEqual([
      'Our driver has left the store.',
      'Your RAV4 is detailed.',
    ]);
    expect(loaded.body.data.updates[0].authorName).toMatch(/^Test User/);

    const listed = await lane.act(loadDeliveries, { query: 'camila', status: 'delivered' });
    expect(listed.body.data.deliveryCount).toBe(1);
    expect(listed.body.data.rows[0]).toMatchObject({
      customerName: 'Camila Ortiz',
      updateCount: 2,
      statusLabel: 'Delivered',
    });
  });

  it("adds a vehicle from a delivery as that delivery's, and deletes an update", async () => {
    const leadId = await newLead('Ivan Petrov');
    const { body } = await lane.act(saveDelivery, {
      leadId,
      scheduledDate: '2026-12-10',
      status: 'scheduled',
      address: '1 Main St, Albuquerque, NM 87102',
    });
    const deliveryId = body.data.deliveryId;
    const car = await laneAdmin.act(addVehicle, { ...vehicleForm(700020), deliveryId });
    expect(car.status).toBe(200);
    const [delivery] = await t.db.select().from(laneDeliveries).where(eq(laneDeliveries.id, deliveryId));
    expect(delivery.laneVehicleId).toBe(car.body.data.vehicleId);
    const elsewhere = await laneAdmin.act(addVehicle, { ...vehicleForm(700021), locationId: loc.ABH, deliveryId });
    expect(elsewhere.status).toBe(400);

    const added = await lane.act(addUpdate, {
      deliveryId,
      text: 'Booked.',
      photoUrl: 'https://photos.example.com/1.jpg',
    });
    const updateId = added.body.data.updateId;
    const gone = await lane.act(deleteUpdate, { updateId });
    expect(gone.status).toBe(200);
    expect(await t.db.select().from(laneUpdates).where(eq(laneUpdates.id, updateId))).toEqual([]);
    const again = await lane.act(deleteUpdate, { updateId });
    expect(again.status).toBe(404);
    expect(again.body.errors).toEqual(['That update does not exist.']);

    const badPhoto = await lane.act(addUpdate, { deliveryId, text: '', photoUrl: 'javascript:alert(1)' });
    expect(badPhoto.status).toBe(400);
    expect(badPhoto.body.data?.fields).toEqual(['text', 'photoUrl']);
  });

  it('refuses an update on a delivery outside reach', async () => {
    const [phoenix] = await t.db.select().from(laneDeliveries).where(eq(laneDeliveries.locationId, loc.PHX));
    const before = await snapshot();
    const res = await nm.act(addUpdate, { deliveryId: phoenix.id, text: 'Hello' });
    expect(res.status).toBe(404);
    const [update] = await t.db.select().from(laneUpdates).where(eq(laneUpdates.deliveryId, phoenix.id));
    expect((await nm.act(deleteUpdate, { updateId: update.id })).status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});

describe('insurance quotes', () => {
  /** Makes the local carrier's realistic delay pass for a quote, and its job due. */
  const passDelay = async (reference: string) => {
    await t.db.update(outbox).set({ createdAt: sql`now() - interval '1 minute'` }).where(eq(outbox.sid, reference));
    await t.db.update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.kind, 'clicklane.answer-quote'));
  };

  it('sends the request to the carrier and records the premium when it answers, after the delay', async () => {
    const leadId = await newLead('Hana Suzuki');
    const res = await offers.act(startQuote, {
      leadId,
      carrier: 'geico',
      coverage: 'full',
      termMonths: '6',
      zip: '87107',
      dateOfBirth: '1988-04-02',
    });
    expect(res.status).toBe(200);
    const { quoteId, reference } = res.body.data;
    const [sent] = await t.db.select().from(outbox).where(eq(outbox.sid, reference));
    expect(sent).toMatchObject({ channel: 'insurance', to: 'geico', from: 'Albuquerque Toyota', status: 'sent' });
    expect(sent.subject).toBe('Quote request for Hana Suzuki');
    const [quote] = await t.db.select().from(laneQuotes).where(eq(laneQuotes.id, quoteId));
    expect(quote).toMatchObject({ status: 'requested', premiumCents: null, termMonths: 6, carrier: 'geico' });

    // The carrier takes its time: nothing is due yet.
    expect(await drainJobs(t.app.services, { kinds: ['clicklane.answer-quote'] })).toBe(0);
    await passDelay(reference);
    expect(await drainJobs(t.app.services, { kinds: ['clicklane.answer-quote'] })).toBe(1);
    const [answered] = await t.db.select().from(laneQuotes).where(eq(laneQuotes.id, quoteId));
    const expected = simulatedAnswer(
      (sent.meta as { request: Parameters<typeof simulatedAnswer>[0] }).request,
      new Date(),
    ) as { premiumCents: number };
    expect(answered).toMatchObject({ status: 'quoted', premiumCents: expected.premiumCents });
    expect(answered.premiumCents).toBeGreaterThan(30_000);
    expect((await leadByName('Hana Suzuki')).status).toBe('quoted');

    const listed = await offers.act(loadQuotes, { query: 'hana' });
    expect(listed.body.data.quoteCount).toBe(1);
    expect(listed.body.data.rows[0]).toMatchObject({
      carrierLabel: 'GEICO',
      statusLabel: 'Quoted',
      coverageLabel: 'Full coverage',
    });
    expect(listed.body.data.rows[0].premium).toMatch(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
  });

  it('records a carrier that declines; refuses a bad form and a lead outside reach, sending nothing', async () => {
    const leadId = await newLead('Zed Outofarea');
    const res = await offers.act(startQuote, {
      leadId,
      carrier: 'allstate',
      coverage: 'liability',
      termMonths: '12',
      zip: '99999',
      dateOfBirth: '1970-01-01',
    });
    await passDelay(res.body.data.reference);
    await drainJobs(t.app.services, { kinds: ['clicklane.answer-quote'] });
    const [quote] = await t.db.select().from(laneQuotes).where(eq(laneQuotes.id, res.body.data.quoteId));
    expect(quote).toMatchObject({ status: 'declined', premiumCents: null });

    const before = await snapshot();
    const bad = await offers.actRaw(startQuote, {
      leadId,
      carrier: 'acme',
      coverage: 'full',
      termMonths: '3',
      zip: '8710',
      dateOfBirth: '1990-02-30',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      'Carrier must be one of: progressive, geico, state-farm, allstate, liberty-mutual.',
      'Term must be one of: 6, 12.',
      'ZIP code must be five digits, such as 87109.',
      "Driver's date of birth must be a real date.",
    ]);
    const denver = await leadByName('Angela Brooks');
    const outside = await nm.act(startQuote, {
      leadId: denver.id,
      carrier: 'geico',
      coverage: 'full',
      termMonths: '6',
      zip: '80222',
      dateOfBirth: '1980-01-01',
    });
    expect(outside.status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});

describe("the lane's users and the lead login", () => {
  it('lists the users with userCount, and saves one; a taken email is a 409', async () => {
    const res = await admin.act(loadUsers, {});
    expect(res.status).toBe(200);
    expect(res.body.data.userCount).toBe(await countOf(laneUsers));
    const never = await admin.act(loadUsers, { signedIn: '0' });
    expect(never.body.data.rows.every((r) => r.lastSignInAt === null)).toBe(true);
    const [tom] = (await admin.act(loadUsers, { query: 'whitehorse' })).body.data.rows;
    expect(tom).toMatchObject({ name: 'Tom Whitehorse', leadCount: 1 });

    const saved = await admin.act(saveUser, {
      userId: tom.userId,
      name: 'Tom Whitehorse Jr.',
      email: 'TOM.W@example.com',
      phone: '505 555 0163',
    });
    expect(saved.status).toBe(200);
    const loaded = await admin.act(loadUser, { userId: tom.userId });
    expect(loaded.body.data.user).toMatchObject({
      name: 'Tom Whitehorse Jr.',
      email: 'tom.w@example.com',
      phone: '+15055550163',
      hasPassword: false,
    });
    const taken = await admin.act(saveUser, { userId: tom.userId, name: 'Tom', email: 'rosa.martinez@example.com' });
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toEqual(['Another lane user has the email rosa.martinez@example.com.']);
  });

  it('sends a reset link that works once within 24 hours, then the customer signs in and reads their updates', async () => {
    const [rosa] = await t.db.select().from(laneUsers).where(eq(laneUsers.email, 'rosa.martinez@example.com'));
    const sent = await admin.act(resetPassword, { userId: rosa.id });
    expect(sent.status).toBe(200);
    const hours = (Date.parse(sent.body.data.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, 'email'), eq(outbox.to, 'rosa.martinez@example.com')))
      .orderBy(desc(outbox.id));
    expect(mail.subject).toBe('Set your ClickLane password');
    const token = /\/clicklane\/login\?token=([A-Za-z0-9_-]+)/.exec(mail.body)![1];
    // Stored hashed: the token itself is nowhere in the database.
    const [reset] = await t.db
      .select()
      .from(lanePasswordResets)
      .where(eq(lanePasswordResets.laneUserId, rosa.id))
      .orderBy(desc(lanePasswordResets.id));
    expect(reset.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(reset.tokenHash).not.toContain(token);
    expect((await admin.act(loadUser, { userId: rosa.id })).body.data.user.resetPending).toBe(true);

    const customer = t.anonymous();
    const short = await customer.act(setPassword, { token, password: 'short' });
    expect(short.status).toBe(400);
    const set = await customer.act(setPassword, { token, password: 'delivery-day-2026' });
    expect(set.status).toBe(200);
    expect(set.body.data.email).toBe('rosa.martinez@example.com');
    const second = await customer.act(setPassword, { token, password: 'another-password-1' });
    expect(second.status).toBe(400);
    expect(second.body.errors).toEqual(['This reset link has already been used. Ask your store to send a new one.']);

    const wrong = await customer.act(leadLogin, { email: 'rosa.martinez@example.com', password: 'another-password-1' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual(['That email and password do not match.']);
    const signedIn = await customer.act(leadLogin, {
      email: 'Rosa.Martinez@example.com',
      password: 'delivery-day-2026',
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.name).toBe('Rosa Martinez');
    const [delivery] = signedIn.body.data.deliveries;
    expect(delivery).toMatchObject({
      vehicle: '2022 Toyota RAV4 XLE',
      storeName: 'Albuquerque Toyota',
      statusLabel: 'Scheduled',
    });
    expect(delivery.updates.length).toBe(2);
    const [after] = await t.db.select().from(laneUsers).where(eq(laneUsers.id, rosa.id));
    expect(after.lastSignInAt).not.toBeNull();
  });

  it('refuses an expired link and one a newer link replaced, and a token never sent', async () => {
    const [kevin] = await t.db.select().from(laneUsers).where(eq(laneUsers.email, 'kevin.tran@example.com'));
    const tokenOf = async () => {
      const [mail] = await t.db
        .select()
        .from(outbox)
        .where(eq(outbox.to, 'kevin.tran@example.com'))
        .orderBy(desc(outbox.id));
      return /token=([A-Za-z0-9_-]+)/.exec(mail.body)![1];
    };
    await admin.act(resetPassword, { userId: kevin.id });
    const first = await tokenOf();
    await admin.act(resetPassword, { userId: kevin.id });
    const second = await tokenOf();
    const replaced = await t.anonymous().act(setPassword, { token: first, password: 'delivery-day-2026' });
    expect(replaced.body.errors).toEqual(['This reset link has expired. Ask your store to send a new one.']);
    await t.db
      .update(lanePasswordResets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(lanePasswordResets.laneUserId, kevin.id));
    const expired = await t.anonymous().act(setPassword, { token: second, password: 'delivery-day-2026' });
    expect(expired.status).toBe(400);
    expect(expired.body.errors).toEqual(['This reset link has expired. Ask your store to send a new one.']);
    const unknown = await t.anonymous().act(setPassword, { token: 'x'.repeat(43), password: 'delivery-day-2026' });
    expect(unknown.body.errors).toEqual(['This reset link is not valid. Ask your store to send a new one.']);
    const [still] = await t.db.select().from(laneUsers).where(eq(laneUsers.id, kevin.id));
    expect(still.passwordHash).toBeNull();
    expect((await admin.act(resetPassword, { userId: 999_999 })).status).toBe(404);
  });
});

describe('counting a common name', () => {
  it('estimates the count of a search thousands of leads match, and counts a rarer one exactly', async () => {
    // 6,000 leads of one family name (a third of them sold), and statistics as a settled table has.
    await t.db.execute(sql`insert into lane_leads (location_id, customer_name, email, source, status)
      select ${loc.ABG}, 'Ana Quintanilla ' || n, 'ana' || n || '@example.com', 'partner-site',
        case when n % 3 = 0 then 'sold' else 'new' end
      from generate_series(1, 6000) as n`);
    await t.db.execute(sql`analyze lane_leads`);

    const common = await marketer.act(loadLeads, { query: 'quintanilla', view: 'rows' });
    expect(common.status).toBe(200);
    expect(common.body.data.countEstimated).toBe(true);
    // The planner's figures: near the 6,000 and 2,000 stored, never counted row by row.
    expect(common.body.data.vrLeads).toBeGreaterThanOrEqual(4000);
    expect(common.body.data.vrLeads).toBeLessThan(12_000);
    expect(common.body.data.sold).toBeGreaterThan(500);
    expect(common.body.data.sold).toBeLessThan(6000);
    expect(common.body.data.completed).toBeLessThan(1000);
    expect(common.body.data.rows).toHaveLength(100);
    expect(common.body.data.rows.every((r) => r.customerName.startsWith('Ana Quintanilla'))).toBe(true);

    const rare = await marketer.act(loadLeads, { query: 'quintanilla 599', view: 'rows' });
    expect(rare.body.data).toMatchObject({ countEstimated: false, vrLeads: 11, sold: 3, completed: 0 });

    await t.db.execute(sql`delete from lane_leads where customer_name like 'Ana Quintanilla %'`);
  });
});

describe("searching deliveries and quotes by the lead's customer", () => {
  it('finds them by the name the lead has now, after the lead is renamed', async () => {
    const [{ leadId }] = await t.db
      .select({ leadId: laneDeliveries.leadId })
      .from(laneDeliveries)
      .innerJoin(laneQuotes, eq(laneQuotes.leadId, laneDeliveries.leadId))
      .limit(1)
      .then((rows) =>
        rows.length ? rows : t.db.select({ leadId: laneDeliveries.leadId }).from(laneDeliveries).limit(1),
      );
    const lead = (await marketer.act(loadLead, { leadId })).body.data.lead;
    const renamed = await marketer.act(saveLead, {
      leadId,
      locationId: lead.locationId,
      customerName: 'Zenobia Marchetti',
      email: lead.email,
      phone: lead.phone,
      vehicleWanted: lead.vehicleWanted,
      source: lead.source,
      status: lead.status,
    });
    expect(renamed.status).toBe(200);
    const deliveries = await lane.act(loadDeliveries, { query: 'marchetti' });
    expect(deliveries.body.data.rows.map((r) => r.customerName)).toEqual(['Zenobia Marchetti']);
    const byOldName = await lane.act(loadDeliveries, { query: lead.customerName });
    expect(byOldName.body.data.rows.map((r) => r.leadId)).not.toContain(leadId);
    // A quote asked for the renamed lead is found by the new name too.
    const quote = await offers.act(startQuote, {
      leadId,
      carrier: 'geico',
      coverage: 'full',
      termMonths: '6',
      zip: '87107',
      dateOfBirth: '1988-04-02',
    });
    expect(quote.status).toBe(200);
    const quotes = await offers.act(loadQuotes, { query: 'zenobia' });
    expect(quotes.body.data.rows.length).toBeGreaterThan(0);
    expect(quotes.body.data.rows.every((r) => r.customerName === 'Zenobia Marchetti')).toBe(true);
  });
});
