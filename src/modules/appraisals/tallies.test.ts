import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { testApp, type TestApp } from '../../../tests/helpers';
import { appraisalAdjustments, appraisals, appraisalTallies } from './appraisals.db';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t?.close();
});

type Rows = { rows: Record<string, unknown>[] };
const rowsOf = async (q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as Rows).rows;

/**
 * The month rows summed per store, the sources' and the every-source ones apart, beside the same
 * counts worked out from the appraisals themselves.
 */
async function tallied() {
  const monthRows = (sources: ReturnType<typeof sql>) =>
    rowsOf(sql`select location_id, sum(appraisals)::int as n, sum(offered)::int as offered,
    sum(purchased)::int as purchased, sum(offers)::int as offers, sum(offer_cents)::bigint as cents from ${appraisalTallies}
    where grain = 'm' and ${sources} group by location_id order by location_id`);
  const kept = await monthRows(sql`source <> ''`);
  const keptTogether = await monthRows(sql`source = ''`);
  const counted =
    await rowsOf(sql`select location_id, count(*)::int as n, (count(*) filter (where status = 'offered'))::int as offered,
    (count(*) filter (where status = 'purchased'))::int as purchased, (count(*) filter (where status <> 'new'))::int as offers,
    coalesce(sum(offer_cents) filter (where status <> 'new'), 0)::bigint as cents from ${appraisals} group by location_id order by location_id`);
  const days = await rowsOf(
    sql`select sum(appraisals)::int as n, (sum(appraisals) filter (where source = ''))::int as together from ${appraisalTallies} where grain = 'd'`,
  );
  const { n, together } = days[0] as { n: number; together: number };
  return { kept, keptTogether, counted, days: n - together, daysTogether: together };
}

describe('appraisal tallies', () => {
  it('the demo appraisals are priced, their rules recorded, and tallied per store exactly', async () => {
    const [{ n }] = (await rowsOf(sql`select count(*)::int as n from ${appraisals}`)) as { n: number }[];
    expect(n).toBeGreaterThanOrEqual(28);
    const adjusted = await t.db.select().from(appraisalAdjustments);
    expect(adjusted.length).toBeGreaterThan(0);
    const { kept, keptTogether, counted, days, daysTogether } = await tallied();
    expect(kept).toEqual(counted);
    expect(keptTogether).toEqual(counted);
    expect([days, daysTogether]).toEqual([n, n]);
  });

  it('follow a change of status and offer, and a deletion, in the same transaction', async () => {
    const [first] = await t.db.select().from(appraisals).where(eq(appraisals.status, 'new')).limit(1);
    await t.db
      .update(appraisals)
      .set({ status: 'purchased', offerCents: first.offerCents + 12_345 })
      .where(eq(appraisals.id, first.id));
    let now = await tallied();
    expect(now.kept).toEqual(now.counted);
    expect(now.keptTogether).toEqual(now.counted);
    await t.db.update(appraisals).set({ notes: 'only a note' }).where(eq(appraisals.id, first.id));
    await t.db.delete(appraisals).where(eq(appraisals.id, first.id));
    now = await tallied();
    expect(now.kept).toEqual(now.counted);
    expect(now.keptTogether).toEqual(now.counted);
  });

  it("are counted again on a store's new clock when its time zone changes", async () => {
    // An appraisal at 00:30 in Denver (MST, UTC−7, in January) is 21:30 the day before in Honolulu
    // (UTC−10), by the IANA time zone database.
    const [one] = await t.db.select().from(appraisals).limit(1);
    const at = new Date('2026-01-15T07:30:00Z');
    await t.db.update(appraisals).set({ createdAt: at }).where(eq(appraisals.id, one.id));
    const dayRow = (day: string) =>
      rowsOf(sql`select coalesce(sum(appraisals), 0)::int as n from ${appraisalTallies}
        where grain = 'd' and source = '' and location_id = ${one.locationId} and period = ${day}`);
    expect(await dayRow('2026-01-15')).toEqual([{ n: 1 }]);
    const [{ zone }] = (await rowsOf(sql`select time_zone as zone from locations where id = ${one.locationId}`)) as {
      zone: string;
    }[];
    expect(zone).toBe('America/Denver');
    await t.db.execute(sql`update locations set time_zone = 'Pacific/Honolulu' where id = ${one.locationId}`);
    expect(await dayRow('2026-01-15')).toEqual([{ n: 0 }]);
    expect(await dayRow('2026-01-14')).toEqual([{ n: 1 }]);
    const now = await tallied();
    expect(now.kept).toEqual(now.counted);
    expect(now.keptTogether).toEqual(now.counted);
    await t.db.execute(sql`update locations set time_zone = ${zone} where id = ${one.locationId}`);
    expect(await dayRow('2026-01-15')).toEqual([{ n: 1 }]);
  });
});
