import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql, sum } from 'drizzle-orm';
import { type Caller, locationsByCode, testApp, type TestApp } from '../../../tests/helpers';
import { adInsights } from './ads.db';
import { fetchAds, loadAdDays, loadAds } from './ads.contract';
import { graphFacebook } from '../../server/providers/facebook/facebook';

let t: TestApp;
let editor: Caller;
let reader: Caller;
let loc: Record<string, number>;

beforeAll(async () => {
  t = await testApp();
  editor = await t.signedIn(['marketing', 'marketingEditor']);
  reader = await t.signedIn(['marketing']);
  loc = await locationsByCode(t.db);
});
afterAll(async () => {
  await t?.close();
});

describe('the Facebook ad report', () => {
  it("answers a store's ads with adCountFormatted and the totals spend, impressions, clicks and cpc", async () => {
    const res = await reader.act(loadAds, { locationId: loc.ABG });
    expect(res.status).toBe(200);
    const [stored] = await t.db
      .select({
        n: count(),
        spend: sum(adInsights.spendCents),
        clicks: sum(adInsights.clicks),
        impressions: sum(adInsights.impressions),
      })
      .from(adInsights)
      .where(eq(adInsights.locationId, loc.ABG));
    expect(stored.n).toBe(120);
    expect(res.body.data.adCountFormatted).toBe('120');
    expect(res.body.data.spend).toBe(Number(stored.spend) / 100);
    expect(res.body.data.clicks).toBe(Number(stored.clicks));
    expect(res.body.data.impressions).toBe(Number(stored.impressions));
    expect(res.body.data.cpc).toBe(Math.round(Number(stored.spend) / Number(stored.clicks)) / 100);
    const row = res.body.data.rows[0];
    expect(row).toMatchObject({
      locationName: 'Albuquerque Toyota',
      campaignName: expect.stringMatching(/^ABG /),
      campaignLifetimeBudget: expect.stringMatching(/^\$[\d,]+\.00$/),
    });
    expect(row.creativeLinkUrl).toMatch(/^https:\/\//);
    expect(res.body.data.html).toContain(row.adName);
  });

  it('filters by days and search, and draws the totals per day', async () => {
    const [{ day }] = await t.db
      .select({ day: adInsights.day })
      .from(adInsights)
      .where(eq(adInsights.locationId, loc.ABG))
      .limit(1);
    const oneDay = await reader.act(loadAds, { locationId: loc.ABG, minDay: day, maxDay: day, query: 'oil' });
    expect(oneDay.body.data.adCountFormatted).toBe('1');
    const days = await reader.act(loadAdDays, { locationId: loc.ABG });
    expect(days.status).toBe(200);
    expect(days.body.data.days).toHaveLength(30);
    const theDay = days.body.data.days.find((d) => d.day === day)!;
    const ofDay = await reader.act(loadAds, { locationId: loc.ABG, minDay: day, maxDay: day });
    expect(theDay.spendCents / 100).toBe(ofDay.body.data.spend);
    // A search one page holds is totalled from its own rows: the same figures as the table's.
    const searched = await reader.act(loadAds, { locationId: loc.ABG, query: 'oil', view: 'rows' });
    const rows = searched.body.data.rows;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(100);
    const [matched] = await t.db
      .select({ spend: sum(adInsights.spendCents), clicks: sum(adInsights.clicks) })
      .from(adInsights)
      .where(
        and(
          eq(adInsights.locationId, loc.ABG),
          sql`lower(${adInsights.campaignName} || ' ' || ${adInsights.adName}) like '%oil%'`,
        ),
      );
    expect(searched.body.data.spend).toBe(Number(matched.spend) / 100);
    expect(searched.body.data.clicks).toBe(Number(matched.clicks));
    expect(searched.body.data.spend).toBe(rows.reduce((total, r) => total + r.spendCents, 0) / 100);
    const bad = await reader.act(loadAds, { minDay: '2026-02-30' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toBe('From must be a real date.');
  });

  it('fetches a store’s ads from the platform once: a second fetch adds nothing', async () => {
    const first = await editor.act(fetchAds, { locationId: loc.LCF });
    expect(first.status).toBe(200);
    expect(first.body.data.newRowCount).toBe(120);
    const again = await editor.act(fetchAds, { locationId: loc.LCF });
    expect(again.body.data.newRowCount).toBe(0);
    expect((await reader.act(fetchAds, { locationId: loc.LCF })).status).toBe(403);
  });
});

describe('the report across the group', () => {
  it('totals every ad within reach when no filter is given', async () => {
    const res = await reader.act(loadAds, {});
    expect(res.status).toBe(200);
    const [stored] = await t.db.select({ spend: sum(adInsights.spendCents) }).from(adInsights);
    expect(res.body.data.spend).toBe(Number(stored.spend) / 100);
    const days = await reader.act(loadAdDays, {});
    expect(days.status).toBe(200);
  });
});

describe("the Graph driver's ad results", () => {
  it('reads the insights of the store’s campaigns, then each ad’s creative and its campaign’s lifetime budget by id', async () => {
    const asked: string[] = [];
    const fetcher = async (url: string | URL | Request) => {
      const address = String(url);
      asked.push(address);
      const reply = address.includes('/insights?')
        ? {
            data: [
              // As the Marketing API answers (its documented insights fields; money as strings).
              {
                ad_id: '6101',
                date_start: '2026-11-02',
                campaign_name: 'ABG Trucks',
                adset_name: 'ABG Trucks NM',
                ad_name: 'Tundra',
                spend: '12.34',
                impressions: '1500',
                clicks: '42',
                actions: [{ action_type: 'lead', value: '3' }],
              },
              {
                ad_id: '6102',
                date_start: '2026-11-02',
                campaign_name: 'ABG Service',
                adset_name: 'ABG Oil',
                ad_name: 'Oil change',
                spend: '5',
                impressions: '800',
                clicks: '0',
              },
            ],
          }
        : {
            '6101': {
              id: '6101',
              creative: {
                name: 'Tundra creative',
                body: 'Tow more.',
                image_url: 'https://cdn.example.test/t.jpg',
                link_url: 'https://abq.example.test/tundra',
              },
              campaign: { lifetime_budget: '150000' },
            },
            '6102': {
              id: '6102',
              creative: {
                name: 'Oil',
                object_story_spec: {
                  link_data: {
                    link: 'https://abq.example.test/oil',
                    message: 'Oil change $49.95',
                    picture: 'https://cdn.example.test/o.jpg',
                  },
                },
              },
            },
          };
      return new Response(JSON.stringify(reply), { status: 200 });
    };
    const driver = graphFacebook(
      { graphUrl: 'https://graph.example.test/v21.0/', pixelId: '1', accessToken: 'EAAB-secret', adAccountId: '777' },
      fetcher as typeof fetch,
    );
    const rows = await driver.adInsights(
      { code: 'ABG', name: 'Albuquerque Toyota', url: '' },
      '2026-11-02',
      '2026-11-02',
    );
    expect(rows[0]).toMatchObject({
      adId: '6101',
      spendCents: 1234,
      clicks: 42,
      conversions: 3,
      campaignLifetimeBudgetCents: 150000,
      creativeName: 'Tundra creative',
      creativeMessage: 'Tow more.',
      creativeImageUrl: 'https://cdn.example.test/t.jpg',
      creativeLinkUrl: 'https://abq.example.test/tundra',
    });
    expect(rows[1]).toMatchObject({
      creativeMessage: 'Oil change $49.95',
      creativeImageUrl: 'https://cdn.example.test/o.jpg',
      creativeLinkUrl: 'https://abq.example.test/oil',
      campaignLifetimeBudgetCents: 0,
    });
    expect(asked[0]).toContain('https://graph.example.test/v21.0/act_777/insights?');
    expect(new URL(asked[1]).searchParams.get('ids')).toBe('6101,6102');
    expect(asked.join(' ')).not.toContain('secret');
  });
});
