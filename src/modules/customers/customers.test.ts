import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import { type Caller, locationsByCode, testApp, type TestApp } from '../../../tests/helpers';
import { auditLog } from '../../server/platform/platform.db';
import { appraisals } from '../appraisals/appraisals.db';
import { saveAppraisal } from '../appraisals/appraisals.contract';
import { messages } from '../phones/phones.db';
import { repairOrders } from '../repair-orders/repair-orders.db';
import { findRecords } from '../../shared/shell.contract';
import {
  findCustomerOf,
  linkRecord,
  loadCustomer,
  loadCustomerRecords,
  loadCustomers,
  mergeCustomers,
  recordHref,
} from './customers.contract';
import { customerKeys, customerLinks, customers } from './customers.db';
import { drainJobs } from '../../server/jobs/jobs';
import { afternoonZone } from '../../server/outreach/send-gate';
import { locations } from '../locations/locations.db';
import { sendMassText } from '../messenger/messenger.contract';

let t: TestApp;
let crm: Caller;
let crmAdmin: Caller;
let loc: Record<string, number>;
let rosaId: number;

const ROSA_EMAIL = 'rosa.martinez@example.com';
const customerOfKey = async (kind: 'phone' | 'email', value: string) =>
  (
    await t.db
      .select()
      .from(customerKeys)
      .where(and(eq(customerKeys.kind, kind), eq(customerKeys.value, value)))
  )[0]?.customerId;
const stored = async (id: number) => (await t.db.select().from(customers).where(eq(customers.id, id)))[0];
const auditCount = async () => (await t.db.select({ n: count() }).from(auditLog))[0].n;
/** An appraisal's row: only who it names matters to these tests. */
const appraisalOf = (
  values: Pick<typeof appraisals.$inferInsert, 'customerName'> & Partial<typeof appraisals.$inferInsert>,
): typeof appraisals.$inferInsert => ({
  locationId: loc.ABG,
  source: 'website',
  year: 2020,
  make: 'Kia',
  model: 'Soul',
  mileage: 30_000,
  condition: 'good',
  baseValueCents: 1_500_000,
  offerCents: 1_400_000,
  ...values,
});
/** An appraisal saved around the modules (as an import would). */
const newAppraisal = async (values: Parameters<typeof appraisalOf>[0]) =>
  (await t.db.insert(appraisals).values(appraisalOf(values)).returning())[0];

beforeAll(async () => {
  t = await testApp();
  crm = await t.signedIn(['crmManager']);
  crmAdmin = await t.signedIn(['crmManager', 'crmAdmin', 'appraiser']);
  loc = await locationsByCode(t.db);
  rosaId = (await customerOfKey('email', ROSA_EMAIL))!;
});
afterAll(async () => {
  await t?.close();
});

describe("the demo's Rosa Martinez", () => {
  it('is one customer joining her texts, appraisal, questionnaire, quote and repair order, by phone and email', async () => {
    const res = await crm.act(loadCustomer, { customerId: rosaId });
    expect(res.status).toBe(200);
    const { customer, counts, texts, mergedFrom } = res.body.data;
    expect(customer).toEqual({
      customerId: rosaId,
      name: 'Rosa Martinez',
      // Her appraisal came first (another number, the same email); her questionnaire's number joined her.
      phone: '+15055550111',
      email: ROSA_EMAIL,
      phones: ['+15055550111', '+15055550142'],
      emails: [ROSA_EMAIL],
      locationId: loc.ABG,
      locationName: 'Albuquerque Toyota',
      createdAt: expect.any(String),
      lastSeenAt: expect.any(String),
    });
    expect(mergedFrom).toBeNull();
    expect(Object.fromEntries(counts.map((c) => [c.kind, c.count]))).toEqual({
      appraisal: 1,
      questionnaire: 1,
      quote: 1,
      repairOrder: 1,
      conversation: 1,
      contact: 1,
    });
    expect(texts.map((m) => m.body)).toEqual([
      // The quote as the price builder texts it, signed by the store's general manager, who answered her.
      expect.stringMatching(
        /^Hi Rosa, here is your price quote for the 2025 Toyota Highlander XLE \(stock T25H118\): \$46,171, or about \$722 a month\. Maria, Albuquerque Toyota\nhttp.*\/quote\/[\w-]{22}$/,
      ),
      'Please send the quote. I filled in the trade-in questionnaire already.',
      'Hi Rosa, it is! Bring the RAV4 by and we will appraise it. I can send a quote too.',
      'Hi, is the 2025 Highlander XLE on your site still there? I would trade my RAV4.',
    ]);
    expect(texts[1]).toMatchObject({ direction: 'inbound', href: `/messenger/?p=5055550142&l=${loc.ABG}` });
  });

  it("pages each kind of her records newest first, each with its own screen's address", async () => {
    const res = await crm.act(loadCustomerRecords, { customerId: rosaId, view: 'rows' });
    expect(res.status).toBe(200);
    expect(res.body.data.recordCount).toBe(6);
    const [order] = await t.db.select().from(repairOrders).where(eq(repairOrders.customerName, 'Rosa Martinez'));
    const ro = res.body.data.rows.find((r) => r.kind === 'repairOrder')!;
    expect(ro).toMatchObject({
      recordId: order.id,
      kindLabel: 'Repair order',
      customerId: rosaId,
      locationName: 'Albuquerque Toyota',
      byHand: true,
      href: `/tools/repair-orders/order?orderId=${order.id}`,
    });
    expect(ro.summary).toContain('2021 Toyota Tacoma TRD Off-Road');
    // Appointments and purchases open their own pages, as repair orders and appraisals do.
    const link = { recordId: 7, locationId: loc.ABG, name: 'Rosa Martinez', phone: '+15055550142' };
    expect(recordHref({ ...link, kind: 'appointment' })).toBe('/reports/service-appointments/appointment?id=7');
    expect(recordHref({ ...link, kind: 'purchase' })).toBe('/sales/purchases/purchase?id=7');
    const times = res.body.data.rows.map((r) => r.at);
    expect(times).toEqual([...times].sort().reverse());

    const appraisalsOnly = await crm.act(loadCustomerRecords, { customerId: rosaId, kind: 'appraisal', view: 'rows' });
    expect(appraisalsOnly.body.data.rows).toHaveLength(1);
    expect(appraisalsOnly.body.data.rows[0].summary).toBe('2019 Toyota RAV4 XLE · offered · offer $22,400.00');
    const page = await crm.act(loadCustomerRecords, { customerId: rosaId, limit: 2, view: 'rows' });
    expect(page.body.data.rows).toHaveLength(2);
    expect(page.body.data.nextCursor).toBeTruthy();
  });

  it('is found in the list and the palette by name, by phone however typed, and by email', async () => {
    for (const query of ['rosa martinez', '(505) 555-0142', '505-555-0111', 'ROSA.MARTINEZ@example']) {
      const res = await crm.act(loadCustomers, { query, view: 'rows' });
      expect(res.status).toBe(200);
      expect(res.body.data.rows.map((r) => r.customerId)).toContain(rosaId);
    }
    const byPhone = await crm.act(loadCustomers, { query: '5055550142', view: 'rows' });
    expect(byPhone.body.data.rows).toEqual([
      {
        customerId: rosaId,
        name: 'Rosa Martinez',
        phone: '+15055550111',
        email: ROSA_EMAIL,
        locationId: loc.ABG,
        locationName: 'Albuquerque Toyota',
        lastSeenAt: expect.any(String),
      },
    ]);
    for (const query of ['Rosa Martinez', '505 555 0142', 'rosa.martinez@']) {
      const found = await crm.act(findRecords, { query });
      expect(found.status).toBe(200);
      const group = found.body.data.groups.find((g) => g.kind === 'customer');
      expect(group?.results.map((f) => f.href)).toContain(`/customers/customer?id=${rosaId}`);
    }
  });

  it('finds customers by the start of each word typed, in any order, newest first and each once', async () => {
    const people = [
      ['Quillon Quillard', 'quillon@example.com', '2026-01-05'],
      ['Quillard Ortega', 'q.ortega@example.com', '2026-02-05'],
      ['Teresa Quillard', 'teresa.q@example.com', '2026-03-05'],
      ['Mara Quillardson', 'mara.q@example.com', '2026-02-20'],
      ['Quillard Quillardson', 'qq@example.com', '2026-04-05'],
    ] as const;
    for (const [customerName, email, day] of people) {
      await newAppraisal({ customerName, email, createdAt: new Date(`${day}T17:00:00Z`) });
    }
    const names = async (query: string) =>
      (await crm.act(loadCustomers, { query, view: 'rows' })).body.data.rows.map((r) => r.name);
    expect(await names('quill')).toEqual([
      'Quillard Quillardson',
      'Teresa Quillard',
      'Mara Quillardson',
      'Quillard Ortega',
      'Quillon Quillard',
    ]);
    // The word itself and the longer words starting with it, merged newest first.
    expect(await names('quillard')).toEqual([
      'Quillard Quillardson',
      'Teresa Quillard',
      'Mara Quillardson',
      'Quillard Ortega',
      'Quillon Quillard',
    ]);
    expect(await names('quillards')).toEqual(['Quillard Quillardson', 'Mara Quillardson']);
    expect(await names('quillard t')).toEqual(['Teresa Quillard']);
    expect(await names('ORTEGA, quil')).toEqual(['Quillard Ortega']);
    expect(await names('teresa.q@')).toEqual(['Teresa Quillard']);
    // Inside a word is not the start of one.
    expect(await names('uillard')).toEqual([]);
    const count = await crm.act(loadCustomers, { query: 'quill' });
    expect(count.body.data).toMatchObject({ count: 5, countEstimated: false });
  });

  it('finds a word of one or two letters whole, in the list and the palette; from three, its start', async () => {
    for (const [customerName, email, day] of [
      ['Xu Qiyang', 'xu.q@example.com', '2026-05-02'],
      ['Xuan Qiyang', 'xuan.q@example.com', '2026-05-01'],
    ] as const)
      await newAppraisal({ customerName, email, createdAt: new Date(`${day}T17:00:00Z`) });
    const names = async (query: string) =>
      (await crm.act(loadCustomers, { query, view: 'rows' })).body.data.rows.map((r) => r.name);
    expect(await names('xu')).toEqual(['Xu Qiyang']);
    expect(await names('XU qiy')).toEqual(['Xu Qiyang', 'Xuan Qiyang']);
    expect(await names('xua')).toEqual(['Xuan Qiyang']);
    expect(await names('qiyang xu')).toEqual(['Xu Qiyang', 'Xuan Qiyang']);
    const found = await crm.act(findRecords, { query: 'xu' });
    expect(found.body.data.groups.find((g) => g.kind === 'customer')?.results.map((r) => r.title)).toEqual([
      'Xu Qiyang',
    ]);
  });

  it('is the customer of each of her records', async () => {
    const [appraisal] = await t.db.select().from(appraisals).where(eq(appraisals.email, ROSA_EMAIL));
    const res = await crm.act(findCustomerOf, { kind: 'appraisal', recordId: appraisal.id });
    expect(res.body.data).toEqual({ customerId: rosaId, name: 'Rosa Martinez' });
    const missing = await crm.act(findCustomerOf, { kind: 'appraisal', recordId: 999_999 });
    expect(missing.status).toBe(404);
    expect(missing.body.errors).toEqual(['That appraisal does not exist.']);
  });
});

describe('the triggers', () => {
  it('put an appraisal saved with her number typed another way on her page', async () => {
    const [other] = await t.db.select().from(appraisals).where(eq(appraisals.customerName, 'Anthony Robinson'));
    const res = await crmAdmin.act(saveAppraisal, {
      appraisalId: other.id,
      customerName: other.customerName,
      phone: '(505) 555-0142',
      email: other.email,
      vin: other.vin,
      year: other.year,
      make: other.make,
      model: other.model,
      trim: other.trim,
      mileage: other.mileage,
      condition: other.condition,
      baseValue: (other.baseValueCents / 100).toFixed(2),
      appraisalStatus: other.status,
      workingStatus: other.workingStatus,
      notes: other.notes,
    });
    expect(res.status).toBe(200);
    const found = await crm.act(findCustomerOf, { kind: 'appraisal', recordId: other.id });
    expect(found.body.data.customerId).toBe(rosaId);
  });

  it('read a US number written any way by a row inserted around the modules, and an email in any case', async () => {
    const a = await newAppraisal({ source: 'walk-in', customerName: 'R. Martinez', phone: '505.555.0142' });
    const b = await newAppraisal({ source: 'walk-in', customerName: 'Rosa M', email: '  Rosa.Martinez@Example.COM ' });
    const links = await t.db.select().from(customerLinks).where(eq(customerLinks.kind, 'appraisal'));
    expect(links.find((l) => l.recordId === a.id)).toMatchObject({ customerId: rosaId, phone: '+15055550142' });
    expect(links.find((l) => l.recordId === b.id)?.customerId).toBe(rosaId);
    // Deleted, it leaves her page.
    await t.db.delete(appraisals).where(eq(appraisals.id, a.id));
    expect(
      (await t.db.select().from(customerLinks).where(eq(customerLinks.recordId, a.id))).filter(
        (l) => l.kind === 'appraisal',
      ),
    ).toEqual([]);
  });

  it('make a new customer of a record with a phone nobody has, and leave a name-only record unlinked', async () => {
    const a = await newAppraisal({ source: 'phone', customerName: 'Quinn Newcustomer', phone: '+15055559001' });
    const id = (await customerOfKey('phone', '+15055559001'))!;
    expect(await stored(id)).toMatchObject({ name: 'Quinn Newcustomer', phone: '+15055559001', locationId: loc.ABG });
    const found = await crm.act(findCustomerOf, { kind: 'appraisal', recordId: a.id });
    expect(found.body.data.customerId).toBe(id);

    const [order] = await t.db
      .insert(repairOrders)
      .values({
        locationId: loc.ABG,
        customerName: 'Quinn  Newcustomer',
        vehicle: '2020 Kia Soul',
        servicesRequested: 'Oil change',
      })
      .returning();
    const noCustomer = await crm.act(findCustomerOf, { kind: 'repairOrder', recordId: order.id });
    expect(noCustomer.body.data).toEqual({ customerId: null, name: 'Quinn Newcustomer' });
    const page = await crm.act(loadCustomer, { customerId: id });
    expect(page.body.data.unlinked.map((r) => [r.kind, r.recordId])).toEqual([['repairOrder', order.id]]);
  });
  it('link records inserted together as they link inserted one at a time (decision 047)', async () => {
    const day = (n: number) => new Date(Date.UTC(2026, 5, n, 15));
    // Three customers of the demo with a number and an email (not Rosa, whose keys the batch uses).
    const [x, y, z] = await t.db
      .select()
      .from(customers)
      .where(and(ne(customers.phone, ''), ne(customers.email, ''), ne(customers.email, ROSA_EMAIL)))
      .orderBy(customers.id)
      .limit(3);
    // Every case of a batch: a new number twice (named by its second), typed two ways; an email alone
    // twice; her number and her email, each alone; both keys, one of them the batch's new number; a
    // name alone; both keys where the phone is new and the email is hers; both keys nobody has.
    const records: Partial<typeof appraisals.$inferInsert>[] = [
      { customerName: '', phone: '+15055559101', createdAt: day(1) },
      { customerName: 'Nova  Batch', phone: '(505) 555-9101', locationId: loc.PHX, createdAt: day(3) },
      { customerName: 'Ivo Batch', email: 'ivo.batch@example.com', createdAt: day(2) },
      { customerName: 'Ivo B.', email: 'IVO.batch@example.com ', createdAt: day(1) },
      { customerName: 'Rosa', phone: '505-555-0142', createdAt: day(4) },
      { customerName: 'Rosa', email: ROSA_EMAIL, createdAt: day(5) },
      { customerName: 'Nova Batch', phone: '+15055559101', email: 'nova@example.com', createdAt: day(6) },
      { customerName: 'Nameless Batch', createdAt: day(2) },
      { customerName: 'Rosa M', phone: '+15055559102', email: ROSA_EMAIL, createdAt: day(7) },
      { customerName: 'Zed Alone', phone: '505 555 9103', email: 'Zed.Alone@example.com', createdAt: day(8) },
      // Both keys, no other record's, one or both a customer's: joins the phone's customer, else the
      // email's, which takes the new key (the last customer twice, its new number at the end of its keys).
      { customerName: 'Known By Phone', phone: x.phone, email: 'known.phone@example.com', createdAt: day(9) },
      { customerName: '', phone: '+15055559104', email: y.email, createdAt: day(10) },
      { customerName: 'Two Customers', phone: z.phone, email: x.email, createdAt: day(11) },
      { customerName: 'Zee Again', phone: '+15055559105', email: z.email, createdAt: day(12) },
    ];
    const rows = records.map((r) => ({ ...r, customerName: r.customerName ?? '' }));
    // What each record was linked to, told by the record each customer was first linked from.
    const outcome = async (tx: typeof t.db, ids: number[]) => {
      const links = await tx.select().from(customerLinks).where(eq(customerLinks.kind, 'appraisal'));
      const firstOf = new Map<number, number>();
      return Promise.all(
        ids.map(async (id, i) => {
          const link = links.find((l) => l.recordId === id)!;
          if (link.customerId === null) return { link: [link.name, link.phone], customer: null };
          if (!firstOf.has(link.customerId)) firstOf.set(link.customerId, i);
          const [c] = await tx.select().from(customers).where(eq(customers.id, link.customerId));
          const words = await tx.execute(
            sql`select string_agg(word || '<' || prior_word, ' ' order by word) as w from customer_words where customer_id = ${c.id}`,
          );
          const keys = await tx
            .select({ kind: customerKeys.kind, value: customerKeys.value })
            .from(customerKeys)
            .where(eq(customerKeys.customerId, c.id))
            .orderBy(customerKeys.kind, customerKeys.value);
          return {
            link: [link.name, link.phone, link.at.toISOString(), link.summary],
            keys: keys.map((k) => `${k.kind}:${k.value}`),
            customer: [
              firstOf.get(link.customerId),
              c.name,
              c.phone,
              c.email,
              c.searchKeys,
              c.locationId,
              c.lastSeenAt,
            ],
            words: (words as unknown as { rows: { w: string }[] }).rows[0].w,
          };
        }),
      );
    };
    const inTransaction = async (insert: (tx: typeof t.db) => Promise<number[]>) => {
      let seen: Awaited<ReturnType<typeof outcome>> = [];
      await t.db
        .transaction(async (tx) => {
          seen = await outcome(tx, await insert(tx));
          tx.rollback();
        })
        .catch((error) => {
          if (!String(error).includes('Rollback')) throw error;
        });
      return seen;
    };
    const one = await inTransaction(async (tx) => {
      const ids = [];
      for (const row of rows) ids.push((await tx.insert(appraisals).values(appraisalOf(row)).returning())[0].id);
      return ids;
    });
    const together = await inTransaction(async (tx) =>
      (await tx.insert(appraisals).values(rows.map(appraisalOf)).returning()).map((r) => r.id),
    );
    expect(together).toEqual(one);
    // The cases happened: one new customer for the number, named by its second record and placed by its first.
    expect(one[1].customer).toEqual([
      0,
      'Nova Batch',
      '+15055559101',
      'nova@example.com',
      '+15055559101 nova@example.com',
      loc.ABG,
      day(6),
    ]);
    expect(one[3].customer?.[0]).toBe(2);
    expect([one[4].customer?.[0], one[5].customer?.[0], one[8].customer?.[0]]).toEqual([4, 4, 4]);
    expect(one[7].customer).toBeNull();
    expect(one[9].customer).toEqual([
      9,
      'Zed Alone',
      '+15055559103',
      'zed.alone@example.com',
      '+15055559103 zed.alone@example.com',
      loc.ABG,
      day(8),
    ]);
    expect(one[10].customer?.slice(0, 5)).toEqual([
      10,
      x.name,
      x.phone,
      x.email,
      `${x.searchKeys} known.phone@example.com`,
    ]);
    expect(one[11].customer?.slice(0, 5)).toEqual([11, y.name, y.phone, y.email, `${y.searchKeys} +15055559104`]);
    expect(one[12].customer?.slice(0, 5)).toEqual([12, z.name, z.phone, z.email, `${z.searchKeys} +15055559105`]);
    expect(one[13].customer?.[0]).toBe(12);
  });

  it("plan a whole insert's statements for that insert, and a single record's with the kept plans (migration 0057)", async () => {
    // A plan kept after a few small inserts took a batch for ten rows and read it again for each of
    // its records: 20,000 records linked in 41 s instead of 9 (decision 047, fourth addendum).
    const {
      rows: [fn],
    } = (await t.db.execute(
      sql`select proconfig as config, prosrc as body from pg_proc where proname = 'customer_link_all'`,
    )) as unknown as { rows: { config: string[]; body: string }[] };
    expect(fn.config).toEqual(['plan_cache_mode=force_custom_plan']);
    expect(fn.body.match(/SET LOCAL plan_cache_mode = auto;/g)).toHaveLength(2);
  });

  it('link the conversations a batch of texts starts together: a new customer per new number, the known number to its customer', async () => {
    const before = (await stored(rosaId)).lastSeenAt;
    const at = new Date();
    const text = (to: string, n: number) => ({
      messageSid: `SMbatch${n}${Date.now()}`,
      locationId: loc.SFS,
      direction: 'outbound' as const,
      purpose: 'marketing' as const,
      from: '+15055550999',
      to,
      body: 'Tire sale all weekend.',
      status: 'sent' as const,
      createdAt: at,
    });
    // One statement, as a mass text's batch is recorded: two new numbers (one texted twice) and hers.
    await t.db
      .insert(messages)
      .values([text('+15055559101', 1), text('+15055559102', 2), text('+15055559101', 3), text('+15055550142', 4)]);
    const first = (await customerOfKey('phone', '+15055559101'))!;
    const second = (await customerOfKey('phone', '+15055559102'))!;
    expect(new Set([first, second, rosaId]).size).toBe(3);
    // Each new customer whole: its number, the words it is found by, its store and when.
    expect(await stored(first)).toMatchObject({
      phone: '+15055559101',
      searchKeys: '+15055559101',
      locationId: loc.SFS,
    });
    const links = await t.db
      .select()
      .from(customerLinks)
      .where(and(eq(customerLinks.kind, 'conversation'), eq(customerLinks.locationId, loc.SFS)));
    const linkOf = (phone: string) => links.filter((l) => l.phone === phone).map((l) => l.customerId);
    expect([linkOf('+15055559101'), linkOf('+15055559102'), linkOf('+15055550142')]).toEqual([
      [first],
      [second],
      [rosaId],
    ]);
    // Seen again now: her last-seen moves up to the text (never back).
    expect((await stored(rosaId)).lastSeenAt.getTime()).toBeGreaterThanOrEqual(
      Math.max(before.getTime(), at.getTime() - 1000),
    );
    const found = await crm.act(findRecords, { query: '505 555 9102' });
    expect(found.body.data.groups.flatMap((g) => g.results.map((r) => r.href))).toContain(
      `/customers/customer?id=${second}`,
    );
  });
});

describe("a mass text's new numbers", () => {
  it('become customers once the send is done, by the job that links them, and a known number joins its customer', async () => {
    const marketer = await t.signedIn(['marketing']);
    // Toll-free numbers follow the store's clock: an afternoon keeps the send clear of quiet hours.
    await t.db.update(locations).set({ timeZone: afternoonZone() }).where(eq(locations.id, loc.ABG));
    const sent = await marketer.act(sendMassText, {
      locationId: loc.ABG,
      message: 'Tire sale all weekend.',
      numbers: ['8005559301', '8885559302', '5055550142'],
      confirm: 1,
    });
    expect(sent.status).toBe(200);
    // The send alone: its texts are out, its new numbers noted for the job, not yet customers.
    expect(await drainJobs(t.app.services, { kinds: ['messenger.bulk-send'] })).toBe(1);
    const conversationOf = async (phone: string) =>
      (
        await t.db
          .select()
          .from(customerLinks)
          .where(
            and(
              eq(customerLinks.kind, 'conversation'),
              eq(customerLinks.phone, phone),
              eq(customerLinks.locationId, loc.ABG),
            ),
          )
      )[0]?.customerId;
    expect(await customerOfKey('phone', '+18005559301')).toBeUndefined();
    expect(await conversationOf('+18005559301')).toBeUndefined();
    // Then the job: each new number a customer of its own, hers on her page.
    expect(await drainJobs(t.app.services, { kinds: ['customers.link-later'] })).toBe(1);
    const first = await customerOfKey('phone', '+18005559301');
    const second = await customerOfKey('phone', '+18885559302');
    expect(new Set([first, second, rosaId]).size).toBe(3);
    expect(await stored(first!)).toMatchObject({ phone: '+18005559301', locationId: loc.ABG });
    expect([
      await conversationOf('+18005559301'),
      await conversationOf('+18885559302'),
      await conversationOf('+15055550142'),
    ]).toEqual([first, second, rosaId]);
    // Nothing is left waiting, and no job is queued for nothing.
    expect(await drainJobs(t.app.services)).toBe(0);
  });
});

describe('linking by hand and merging', () => {
  it('links a name-only repair order to a customer, audited, and the trigger keeps it there', async () => {
    const id = (await customerOfKey('phone', '+15055559001'))!;
    const [order] = await t.db.select().from(repairOrders).where(eq(repairOrders.customerName, 'Quinn  Newcustomer'));
    const link = (await t.db.select().from(customerLinks).where(eq(customerLinks.recordId, order.id))).find(
      (l) => l.kind === 'repairOrder',
    )!;

    const denied = await crm.act(linkRecord, { customerId: id, linkId: link.id });
    expect(denied.status).toBe(403);

    const before = await auditCount();
    const res = await crmAdmin.act(linkRecord, { customerId: id, linkId: link.id });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ customerId: id, linkId: link.id });
    expect(await auditCount()).toBe(before + 1);
    await t.db.update(repairOrders).set({ status: 'closed' }).where(eq(repairOrders.id, order.id));
    const [after] = await t.db.select().from(customerLinks).where(eq(customerLinks.id, link.id));
    expect(after).toMatchObject({ customerId: id, byHand: true });
    expect(after.summary).toContain('closed');

    const again = await crmAdmin.act(linkRecord, { customerId: id, linkId: link.id });
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual(['That record is already on this customer.']);
  });

  it('merges one customer into another: records, phones and emails move, the merged one leads to the kept one', async () => {
    const kept = (await customerOfKey('phone', '+15055559001'))!;
    const dup = await newAppraisal({ customerName: 'Quinn Newcustomer', email: 'quinn@example.com' });
    const merged = (await customerOfKey('email', 'quinn@example.com'))!;
    expect(merged).not.toBe(kept);
    const page = await crm.act(loadCustomer, { customerId: kept });
    expect(page.body.data.sameName.map((c) => c.customerId)).toEqual([merged]);

    expect((await crm.act(mergeCustomers, { customerId: kept, mergedId: merged })).status).toBe(403);
    const before = await auditCount();
    const self = await crmAdmin.act(mergeCustomers, { customerId: kept, mergedId: kept });
    expect(self.status).toBe(400);
    expect(self.body.errors).toEqual(['A customer cannot be merged into itself.']);
    expect(await auditCount()).toBe(before);

    const res = await crmAdmin.act(mergeCustomers, { customerId: kept, mergedId: merged });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ customerId: kept, mergedId: merged, moved: 1 });
    expect(await auditCount()).toBe(before + 2);
    expect(await stored(merged)).toMatchObject({ mergedInto: kept });
    expect(await customerOfKey('email', 'quinn@example.com')).toBe(kept);
    expect((await crm.act(findCustomerOf, { kind: 'appraisal', recordId: dup.id })).body.data.customerId).toBe(kept);

    // The merged customer's page answers with the kept one; the list no longer shows it.
    const redirected = await crm.act(loadCustomer, { customerId: merged });
    expect(redirected.body.data.customer.customerId).toBe(kept);
    expect(redirected.body.data.customer.emails).toEqual(['quinn@example.com']);
    expect(redirected.body.data.mergedFrom).toBe(merged);
    const list = await crm.act(loadCustomers, { query: 'quinn', view: 'rows' });
    expect(list.body.data.rows.map((r) => r.customerId)).toEqual([kept]);
    const again = await crmAdmin.act(mergeCustomers, { customerId: kept, mergedId: merged });
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual([`Customer ${merged} was merged into customer ${kept}.`]);
  });

  it('refuses bad input with a sentence, and nobody without the flag reads a customer', async () => {
    const bad = await crmAdmin.actRaw(mergeCustomers, { customerId: 'x', mergedId: rosaId });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatch(/^Customer kept /);
    const badKind = await crm.actRaw(findCustomerOf, { kind: 'spaceship', recordId: 1 });
    expect(badKind.status).toBe(400);
    expect(badKind.body.errors[0]).toMatch(/^Kind /);
    const nobody = await t.signedIn(['appraiser']);
    expect((await nobody.act(loadCustomer, { customerId: rosaId })).status).toBe(403);
    expect((await nobody.act(loadCustomers, {})).status).toBe(403);
    const missing = await crm.act(loadCustomer, { customerId: 999_999 });
    expect(missing.status).toBe(404);
    expect(missing.body.errors).toEqual(['That customer does not exist.']);
  });
});
