import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import { type ActInput, type Caller, locationsByCode, testApp, type TestApp } from '../../../tests/helpers';
import { locations } from '../locations/locations.db';
import { optOuts } from '../phones/phones.db';
import { contacts, emailOptOuts } from '../contacts/contacts.db';
import { addContact } from '../contacts/contacts.contract';
import { loadMailingListReport } from './marketing.contract';

let t: TestApp;
let marketer: Caller;
let loc: Record<string, number>;

beforeAll(async () => {
  t = await testApp();
  marketer = await t.signedIn(['marketing']);
  loc = await locationsByCode(t.db);
});
afterAll(async () => {
  await t?.close();
});

interface Row {
  locationId: number;
  code: string;
  name: string;
  region: string;
  contactCount: number;
  textCount: number;
  emailCount: number;
  soldCount: number;
  newCount: number;
}
const report = async (filters: ActInput<typeof loadMailingListReport> = {}) =>
  (await marketer.act(loadMailingListReport, { view: 'rows', limit: 500, ...filters })).body.data as {
    rows: Row[];
    listCount: number;
  };

/** Each store's counts worked out from the contacts themselves, as the report must show them. */
async function recount(): Promise<Map<number, Omit<Row, 'code' | 'name' | 'region'>>> {
  const result = (await t.db.execute(sql`
    select l.id as location_id, count(c.id)::int as contacts,
      count(c.mobile_phone) filter (where not exists (select 1 from opt_outs o where o.phone_number = c.mobile_phone))::int as texts,
      count(c.id) filter (where c.email <> '')::int as emails, count(c.id) filter (where c.sold)::int as sold,
      count(c.id) filter (where c.created_at >= now() - interval '30 days')::int as new
    from locations l left join contacts c on c.location_id = l.id group by l.id`)) as unknown as {
    rows: { location_id: number; contacts: number; texts: number; emails: number; sold: number; new: number }[];
  };
  return new Map(
    result.rows.map((r) => [
      r.location_id,
      {
        locationId: r.location_id,
        contactCount: r.contacts,
        textCount: r.texts,
        emailCount: r.emails,
        soldCount: r.sold,
        newCount: r.new,
      },
    ]),
  );
}

/** The report's counts for every store equal a recount from the contacts. */
async function expectCountsRight() {
  const expected = await recount();
  const { rows } = await report();
  expect(rows).toHaveLength(expected.size);
  for (const row of rows)
    expect({ row: row.code, ...row }).toMatchObject({ row: row.code, ...expected.get(row.locationId) });
}

const rowOf = async (code: string) => (await report()).rows.find((r) => r.code === code)!;

describe('the mailing-list report', () => {
  it("counts each store's contacts, who a text or an email reaches, who bought and who is new, by store name", async () => {
    const res = await marketer.act(loadMailingListReport, {});
    expect(res.status).toBe(200);
    const [{ n }] = await t.db.select({ n: count() }).from(locations);
    expect(res.body.data.listCount).toBe(n);
    const names = (res.body.data.rows as Row[]).map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(res.body.data.html).toContain('<th data-key="textCount">Reached by text</th>');
    expect(res.body.data.html).toContain('Albuquerque Toyota');

    // The demo: the first store's contacts include one who texted STOP and one with an email alone, who bought.
    const abg = await rowOf('ABG');
    expect(abg.textCount).toBeLessThan(abg.contactCount - 1);
    expect(abg.soldCount).toBeGreaterThan(0);
    await expectCountsRight();
  });

  it('keeps its counts as contacts are added, changed, opted out, moved and removed', async () => {
    const before = await rowOf('ABH');
    const add = await (await t.signedIn(['messenger'])).act(addContact, {
      locationId: loc.ABH,
      firstName: 'Rita',
      lastName: 'Vigil',
      mobilePhone: '(505) 555-0177',
      email: 'rita@example.com',
    });
    expect(add.status).toBe(200);
    const { contactId } = add.body.data;
    expect(await rowOf('ABH')).toMatchObject({
      contactCount: before.contactCount + 1,
      textCount: before.textCount + 1,
      emailCount: before.emailCount + 1,
      soldCount: before.soldCount,
      newCount: before.newCount + 1,
    });

    // Opted out: still a contact, no longer reached by text; opted back in (START), reached again.
    await t.db.insert(optOuts).values({ phoneNumber: '+15055550177', keyword: 'STOP' });
    expect(await rowOf('ABH')).toMatchObject({ contactCount: before.contactCount + 1, textCount: before.textCount });
    await t.db.delete(optOuts).where(eq(optOuts.phoneNumber, '+15055550177'));
    expect((await rowOf('ABH')).textCount).toBe(before.textCount + 1);

    // Bought, and the email removed; a rename alone moves nothing.
    await t.db.update(contacts).set({ sold: true, email: '' }).where(eq(contacts.id, contactId));
    await t.db.update(contacts).set({ firstName: 'Margarita' }).where(eq(contacts.id, contactId));
    expect(await rowOf('ABH')).toMatchObject({ soldCount: before.soldCount + 1, emailCount: before.emailCount });

    // Moved to another store (with an opted-out number), then removed.
    await t.db.insert(optOuts).values({ phoneNumber: '+15055550177', keyword: 'STOP' });
    const sfsBefore = await rowOf('SFS');
    await t.db.update(contacts).set({ locationId: loc.SFS }).where(eq(contacts.id, contactId));
    expect(await rowOf('ABH')).toMatchObject({
      contactCount: before.contactCount,
      soldCount: before.soldCount,
      newCount: before.newCount,
    });
    expect(await rowOf('SFS')).toMatchObject({
      contactCount: sfsBefore.contactCount + 1,
      textCount: sfsBefore.textCount,
      soldCount: sfsBefore.soldCount + 1,
    });
    await t.db.delete(contacts).where(eq(contacts.id, contactId));
    expect(await rowOf('SFS')).toEqual(sfsBefore);

    // Many at once, one of them added long ago (not new); a store that had no contacts gets its row.
    const [quiet] = [...(await recount()).values()].filter((r) => r.contactCount === 0);
    await t.db.insert(contacts).values([
      {
        locationId: quiet.locationId,
        firstName: 'Ana',
        mobilePhone: '+15055550178',
        createdAt: new Date(Date.now() - 40 * 86_400_000),
      },
      { locationId: quiet.locationId, firstName: 'Eli', email: 'eli@example.com', sold: true },
      { locationId: loc.ABH, firstName: 'Opted', mobilePhone: '+15055550177' },
    ]);
    const code = (await report()).rows.find((r) => r.locationId === quiet.locationId)!.code;
    expect(await rowOf(code)).toMatchObject({
      contactCount: 2,
      textCount: 1,
      emailCount: 1,
      soldCount: 1,
      newCount: 1,
    });
    await expectCountsRight();
  });

  it('keeps its counts when the opt-out list or the contacts are emptied at once (TRUNCATE, as the scale loader does)', async () => {
    await t.db.execute(sql`truncate opt_outs`);
    await expectCountsRight();
    // Nobody is opted out now: a text reaches every ABG contact with a mobile number.
    const [{ n: withPhones }] = await t.db
      .select({ n: count() })
      .from(contacts)
      .where(and(eq(contacts.locationId, loc.ABG), isNotNull(contacts.mobilePhone)));
    expect((await rowOf('ABG')).textCount).toBe(withPhones);
    await t.db.insert(optOuts).values({ phoneNumber: '+15055550388', keyword: 'STOP' });
    await expectCountsRight();
  });

  it('does not count an address that unsubscribed from list emails as reached by email', async () => {
    const before = await rowOf('ABG');
    const [withEmail] = await t.db
      .select({ email: contacts.email })
      .from(contacts)
      .where(and(eq(contacts.locationId, loc.ABG), sql`${contacts.email} <> ''`))
      .limit(1);
    await t.db.insert(emailOptOuts).values({ email: withEmail.email.toLowerCase() });
    expect(await rowOf('ABG')).toMatchObject({ emailCount: before.emailCount - 1, contactCount: before.contactCount });
    await t.db.delete(emailOptOuts);
  });

  it('narrows to a region or a store name, and counts the stores', async () => {
    const nm = (await t.db.select({ id: locations.id }).from(locations).where(eq(locations.region, 'New Mexico'))).map(
      (l) => l.id,
    );
    const region = await report({ region: 'New Mexico' });
    expect(region.listCount).toBe(nm.length);
    expect(region.rows.map((r) => r.locationId).sort()).toEqual([...nm].sort());
    const named = await report({ query: 'toyota' });
    expect(named.rows.length).toBeGreaterThan(0);
    expect(named.rows.every((r) => r.name.toLowerCase().includes('toyota'))).toBe(true);
    expect(named.listCount).toBe(named.rows.length);
    expect((await report({ query: 'abg' })).rows.map((r) => r.code)).toEqual(['ABG']);
    expect((await report({ query: '%' })).listCount).toBe(0);
    const byRegion = (await report({ sort: 'region' })).rows.map((r) => r.region);
    expect(byRegion).toEqual([...byRegion].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('keeps a user to the stores of their region', async () => {
    const nmUser = await t.signedIn(['marketing'], { groupWide: false, regions: ['New Mexico'] });
    const res = await nmUser.act(loadMailingListReport, { view: 'rows' });
    const nm = (await t.db.select({ id: locations.id }).from(locations).where(eq(locations.region, 'New Mexico'))).map(
      (l) => l.id,
    );
    expect(res.body.data.listCount).toBe(nm.length);
    expect((res.body.data.rows as Row[]).every((r) => nm.includes(r.locationId))).toBe(true);
    expect((await nmUser.act(loadMailingListReport, { region: 'Colorado' })).body.data).toMatchObject({
      listCount: 0,
      rows: [],
    });
  });

  it('needs the marketing flag, and answers bad filters with a sentence naming the field', async () => {
    const denied = await (await t.signedIn(['messenger'])).act(loadMailingListReport, {});
    expect(denied).toMatchObject({ status: 403, body: { errors: ['You do not have permission to do that.'] } });
    expect((await t.anonymous().act(loadMailingListReport, {})).status).toBe(401);
    const long = await marketer.act(loadMailingListReport, { region: 'x'.repeat(61) });
    expect(long).toMatchObject({
      status: 400,
      body: { errors: ['Region must be at most 60 characters.'], data: { fields: ['region'] } },
    });
    const search = await marketer.act(loadMailingListReport, { query: ['a'] });
    expect(search).toMatchObject({ status: 400, body: { errors: ['Search must be text.'] } });
  });
});
