import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parse } from 'csv-parse/sync';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { type ActInput, type Caller, locationsByCode, testApp, type TestApp } from '../../../tests/helpers';
import { locations } from '../locations/locations.db';
import { optOuts } from '../phones/phones.db';
import { contacts } from './contacts.db';
import { loadMailingList } from './contacts.contract';
import { formatPhone } from '../../shared/format';

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

type Row = {
  contactId: number;
  locationId: number;
  lastName: string;
  mobilePhone: string | null;
  email: string;
  optedOut: boolean;
  sold: boolean;
  sourceLabel: string;
};
const rows = async (filters: ActInput<typeof loadMailingList>) =>
  (await marketer.act(loadMailingList, { ...filters, view: 'rows', limit: 500 })).body.data.rows as Row[];

describe('the mailing list', () => {
  it("lists a store's contacts by name, with who a text or email reaches, in html and a count", async () => {
    const res = await marketer.act(loadMailingList, { locationId: loc.ABG });
    expect(res.status).toBe(200);
    const [{ n }] = await t.db.select({ n: count() }).from(contacts).where(eq(contacts.locationId, loc.ABG));
    expect(res.body.data.contactCount).toBe(n);
    const names = (res.body.data.rows as Row[]).map((r) => r.lastName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || 0));
    expect(res.body.data.html).toContain('<th data-key="sourceLabel">Source</th>');

    // An opted-out contact is listed, marked, and left out of who a text reaches.
    const [someone] = await t.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.locationId, loc.ABG), isNotNull(contacts.mobilePhone)))
      .limit(1);
    await t.db.insert(optOuts).values({ phoneNumber: someone.mobilePhone!, keyword: 'STOP' }).onConflictDoNothing();
    const listed = (await rows({ locationId: loc.ABG })).find((r) => r.contactId === someone.id);
    expect(listed).toMatchObject({ optedOut: true, mobilePhone: someone.mobilePhone });
    const byText = await rows({ locationId: loc.ABG, reach: 'text' });
    expect(byText.some((r) => r.contactId === someone.id)).toBe(false);
    expect(byText.every((r) => r.mobilePhone && !r.optedOut)).toBe(true);
    expect((await rows({ reach: 'email' })).every((r) => r.email !== '')).toBe(true);
    expect((await rows({ query: someone.lastName })).some((r) => r.contactId === someone.id)).toBe(true);
    expect((await rows({ source: 'text' })).every((r) => r.sourceLabel === 'Texted the store')).toBe(true);

    const bad = await marketer.act(loadMailingList, { reach: 'fax' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toBe('Reached by must be text or email.');
    expect((await (await t.signedIn(['messenger'])).act(loadMailingList, {})).status).toBe(403);
  });

  it('keeps a user to the contacts of their region', async () => {
    const nm = await t.signedIn(['marketing'], { groupWide: false, regions: ['New Mexico'] });
    const nmIds = (
      await t.db.select({ id: locations.id }).from(locations).where(eq(locations.region, 'New Mexico'))
    ).map((l) => l.id);
    const listed = (await nm.act(loadMailingList, { view: 'rows', limit: 500 })).body.data.rows as Row[];
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((r) => nmIds.includes(r.locationId))).toBe(true);
    expect((await nm.act(loadMailingList, { locationId: loc.DNC })).status).toBe(404);
  });

  it("downloads a store's list as CSV, limited as asked", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/tools/mailing-list/export?locationId=${loc.ABG}&limit=2`,
      cookies: { forecourt_session: marketer.cookie! },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('Last name,First name,Mobile phone,Email,Location,Source,Sold,Opted out,Added');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('Albuquerque Toyota');
    const denied = await t.app.inject({
      method: 'GET',
      url: '/tools/mailing-list/export',
      cookies: { forecourt_session: (await t.signedIn(['messenger'])).cookie! },
    });
    expect(denied.statusCode).toBe(403);
  });

  it("downloads a CSV that Excel opens as it is: UTF-8 with its byte-order mark, phones as text formatted by country, named for the store's day", async () => {
    // Denver's day by the IANA time zone database: 2026-03-10 04:30 UTC is 22:30 on the 9th (MDT, UTC−6,
    // from 8 March 2026); the file was named for the 10th, UTC's day.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-10T04:30:00Z') });
    try {
      const [den] = await t.db.select().from(locations).where(eq(locations.id, loc.ABG));
      expect(den.timeZone).toBe('America/Denver');
      // North American numbers of every area code and exchange digit, as PostgreSQL formats them in the
      // download, must read as libphonenumber writes them on the screens.
      const northAmerican = Array.from(
        { length: 24 },
        (_, i) => `+1${200 + i * 33}${(i * 7) % 10}${100000 + ((i * 41_357) % 900_000)}`,
      );
      await t.db.insert(contacts).values([
        // A quoted name over two lines before the row PostgreSQL cannot format: rows are found outside quotes.
        { locationId: loc.ABG, firstName: 'Ana "Annie"\nMaría', lastName: 'Ñúñez-Åberg', mobilePhone: '+15055550169' },
        { locationId: loc.ABG, firstName: 'José', lastName: 'Ñúñez-Åberg', mobilePhone: '+4532123456' },
        { locationId: loc.ABG, firstName: 'Zoë', lastName: 'Ñúñez-Åberg', mobilePhone: '+15055550168' },
        ...northAmerican.map((mobilePhone, i) => ({
          locationId: loc.ABG,
          firstName: `N${i}`,
          lastName: 'Ñúñez-Åberg',
          mobilePhone,
        })),
      ]);
      const res = await t.app.inject({
        method: 'GET',
        url: `/tools/mailing-list/export?locationId=${loc.ABG}&query=${encodeURIComponent('Ñúñez')}`,
        cookies: { forecourt_session: marketer.cookie! },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe('attachment; filename="mailing-list-2026-03-09.csv"');
      // The UTF-8 byte-order mark, then José's é as the two bytes C3 A9 (not JosÃ©).
      expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(res.rawPayload.includes(Buffer.from('Jos\u00e9', 'utf8'))).toBe(true);
      // Read back by csv-parse, a CSV reader of its own (RFC 4180), the byte-order mark dropped as Excel drops it.
      const [header, ...records] = parse(res.rawPayload, { bom: true }) as string[][];
      expect(header[0]).toBe('Last name');
      const byFirst = Object.fromEntries(records.map((r) => [r[1], r]));
      expect(byFirst['José']!.slice(0, 3)).toEqual(['Ñúñez-Åberg', 'José', "'+45 32 12 34 56"]);
      expect(byFirst['Zoë']!.slice(0, 3)).toEqual(['Ñúñez-Åberg', 'Zoë', '(505) 555-0168']);
      expect(byFirst['Ana "Annie"\nMaría']!.slice(0, 3)).toEqual([
        'Ñúñez-Åberg',
        'Ana "Annie"\nMaría',
        '(505) 555-0169',
      ]);
      expect(northAmerican.map((_, i) => byFirst[`N${i}`]![2])).toEqual(northAmerican.map((n) => formatPhone(n)));
      expect(records).toHaveLength(3 + northAmerican.length);
    } finally {
      vi.useRealTimers();
    }
  });
});
