import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { type Caller, locationsByCode, testApp, type TestApp } from '../../../tests/helpers';
import { auditLog, outbox } from '../../server/platform/platform.db';
import { SESSION_COOKIE } from '../../server/platform/session';
import { contentItems } from '../content/content.db';
import { seoPages } from './seo.db';
import {
  addPage,
  buildPage,
  BUILT_WITH_CMS,
  deleteCmsPage,
  deletePage,
  editPage,
  generateLink,
  loadPage,
  loadPages,
  loadPlannerPages,
  loadPlannerUsers,
  loadReferencePages,
  NOT_BUILT_WITH_CMS,
  renderLocationCache,
  TODO_DONE,
  TODO_NO_LOCATION,
  updatePage,
} from './seo.contract';

let t: TestApp;
let editor: Caller;
let builder: Caller;
let reader: Caller;
let loc: Record<string, number>;

beforeAll(async () => {
  t = await testApp();
  editor = await t.signedIn(['marketing', 'marketingEditor']);
  builder = await t.signedIn(['marketing', 'marketingEditor', 'seoPlannerCreate']);
  reader = await t.signedIn(['marketing']);
  loc = await locationsByCode(t.db);
});
afterAll(async () => {
  await t?.close();
});

const stored = async (id: number) => (await t.db.select().from(seoPages).where(eq(seoPages.id, id)))[0];
const counts = async () => {
  const [[{ n }], [{ a }], [{ o }]] = await Promise.all([
    t.db.select({ n: count() }).from(seoPages),
    t.db.select({ a: count() }).from(auditLog),
    t.db.select({ o: count() }).from(outbox),
  ]);
  return { n, a, o };
};
const form = (overrides: Record<string, unknown> = {}) => ({
  pageUrl: '/service/wipers',
  displayText: 'Wiper blades',
  serviceName: 'Wipers',
  helpful: 0,
  locationId: loc.ABG,
  pageType: 'service',
  vehicleYear: '',
  vehicleMake: '',
  vehicleModel: '',
  vehicleTrim: '',
  ...overrides,
});
const words = (overrides: Record<string, unknown> = {}) => ({
  title: 'Tire rotation at [location_name]',
  description: 'Rotate every 5,000 miles.',
  content: 'Even wear, longer life.\n\nBook at [service_url].',
  locationId: loc.ABG,
  serviceName: 'Tire rotation',
  pageType: 'service',
  vehicleYear: '',
  vehicleMake: '',
  vehicleModel: '',
  vehicleTrim: '',
  pageUrl: '/service/tire-rotation',
  ...overrides,
});

describe('SEO pages', () => {
  it('lists pages newest first with pageCount and html, and filters them', async () => {
    const res = await reader.act(loadPages, {});
    expect(res.status).toBe(200);
    const [{ n }] = await t.db.select({ n: count() }).from(seoPages);
    expect(res.body.data.pageCount).toBe(n);
    expect(res.body.data.html).toContain('/service/oil-change');
    const built = await reader.act(loadPages, { createdWithDDCAPI: '1', view: 'rows' });
    expect(built.body.data.rows).toEqual([
      expect.objectContaining({
        pageUrl: '/new/2025-toyota-rav4-xle',
        createdWithDDCAPI: 1,
        builtWith: 'With the CMS',
        locationName: 'Albuquerque Toyota',
      }),
    ]);
    const denver = await reader.act(loadPages, { locationId: loc.DNC, view: 'rows' });
    expect(denver.body.data.rows.map((r) => r.pageUrl)).toEqual(['/service/tire-rotation']);
    expect(denver.body.data.rows[0].url).toMatch(/^https:\/\/www\..+\.example\/service\/tire-rotation$/);
  });

  it('adds, loads, edits and deletes a page made by hand, with audit rows', async () => {
    const added = await editor.act(addPage, form({ pageUrl: '/Service/Wipers', helpful: 1 }));
    expect(added.status).toBe(200);
    const pageId = added.body.data.pageId;
    expect(await stored(pageId)).toMatchObject({
      pageUrl: '/service/wipers',
      helpful: true,
      createdWithDdcApi: false,
      locationId: loc.ABG,
    });
    const loaded = await reader.act(loadPage, { pageId });
    expect(loaded.body.data.page).toMatchObject({
      pageId,
      displayText: 'Wiper blades',
      locationName: 'Albuquerque Toyota',
      createdWithDDCAPI: 0,
    });
    expect(loaded.body.data.page.locationUrl).toMatch(/^https:\/\//);
    const edited = await editor.act(editPage, {
      ...form({
        displayText: 'Wiper blade replacement',
        vehicleYear: '2024',
        vehicleMake: 'Toyota',
        vehicleModel: 'Camry',
      }),
      pageId,
    });
    expect(edited.status).toBe(200);
    expect(await stored(pageId)).toMatchObject({
      displayText: 'Wiper blade replacement',
      vehicleYear: 2024,
      vehicleMake: 'Toyota',
    });
    const creator = (await stored(pageId)).createdBy!;
    const wrongCreator = await editor.act(deletePage, { pageId, createdBy: creator + 1 });
    expect(wrongCreator.status).toBe(404);
    const deleted = await editor.act(deletePage, { pageId, createdBy: creator });
    expect(deleted.status).toBe(200);
    expect(await stored(pageId)).toBeUndefined();
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordType, 'seoPage'), eq(auditLog.recordId, String(pageId))));
    expect(audits).toHaveLength(3);
  });

  it('refuses bad input and a second page at the same address, storing nothing', async () => {
    const before = await counts();
    const noText = await editor.act(addPage, form({ displayText: '' }));
    expect(noText.status).toBe(400);
    expect(noText.body.errors[0]).toBe('Display text is required.');
    const badUrl = await editor.act(addPage, form({ pageUrl: 'https://elsewhere.example/x' }));
    expect(badUrl.body.errors[0]).toBe(
      'Page URL must be a path on the website starting with /, such as /service/oil-change.',
    );
    const taken = await editor.act(addPage, form({ pageUrl: '/service/oil-change' }));
    expect(taken.status).toBe(409);
    expect(taken.body.errors[0]).toBe('This location already has an SEO page at /service/oil-change.');
    expect(await counts()).toEqual(before);
    expect((await reader.act(addPage, form())).status).toBe(403);
  });

  it('generates the link to paste, on the store’s own address', async () => {
    const res = await reader.act(generateLink, {
      locationId: loc.ABG,
      pageUrl: '/service/oil-change',
      displayText: 'Oil & filter',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.html).toBe(`<a href="${res.body.data.url}">Oil &#38; filter</a>`);
    expect(res.body.data.url).toMatch(/^https:\/\/www\..+\.example\/service\/oil-change$/);
  });
});

describe('pages built through the website CMS (local driver)', () => {
  it('builds a page: the CMS keeps it at a preview address, the list shows it built with the CMS', async () => {
    const before = await counts();
    const res = await builder.act(buildPage, words());
    expect(res.status).toBe(200);
    const page = await stored(res.body.data.pageId);
    expect(page).toMatchObject({
      pageUrl: '/service/tire-rotation',
      createdWithDdcApi: true,
      displayText: 'Tire rotation at Albuquerque Toyota',
    });
    expect(res.body.data.previewUrl).toBe(`http://localhost:${t.config.PORT}/cms/preview/${page.cmsPageId}`);
    const [kept] = await t.db.select().from(outbox).where(eq(outbox.sid, page.cmsPageId!));
    expect(kept).toMatchObject({
      channel: 'cms',
      status: 'published',
      subject: 'Page built: Tire rotation at Albuquerque Toyota',
    });
    expect(kept.body).toContain('<h1>Tire rotation at Albuquerque Toyota</h1>');
    const preview = await t.app.inject({
      method: 'GET',
      url: `/cms/preview/${page.cmsPageId}`,
      cookies: { [SESSION_COOKIE]: builder.cookie! },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(preview.body).toContain('<title>Tire rotation at Albuquerque Toyota</title>');
    const anonymous = await t.app.inject({ method: 'GET', url: `/cms/preview/${page.cmsPageId}` });
    expect(anonymous.statusCode).toBe(401);
    expect((await counts()).n).toBe(before.n + 1);
  });

  it('refuses a build at an address the store already has, before the CMS is asked', async () => {
    const before = await counts();
    const res = await builder.act(buildPage, words({ pageUrl: '/service/oil-change' }));
    expect(res.status).toBe(409);
    expect(res.body.data.fields).toEqual(['pageUrl']);
    expect(await counts()).toEqual(before);
    expect((await editor.act(buildPage, words({ pageUrl: '/service/x' }))).status).toBe(403);
  });

  it('updates a built page through the CMS, and refuses one made by hand', async () => {
    const res = await builder.act(updatePage, words({ title: 'Tire rotation, done right' }));
    expect(res.status).toBe(200);
    expect(await stored(res.body.data.pageId)).toMatchObject({ displayText: 'Tire rotation, done right' });
    const page = await stored(res.body.data.pageId);
    const [kept] = await t.db.select().from(outbox).where(eq(outbox.sid, page.cmsPageId!));
    expect(kept.subject).toBe('Page updated: Tire rotation, done right');
    const byHand = await builder.act(updatePage, words({ pageUrl: '/service/oil-change' }));
    expect(byHand.status).toBe(409);
    const none = await builder.act(updatePage, words({ pageUrl: '/service/nothing-here' }));
    expect(none.status).toBe(404);
  });

  it('deletes built pages through the CMS only, and hand-made ones through the SEO action only', async () => {
    const [page] = await t.db
      .select()
      .from(seoPages)
      .where(and(eq(seoPages.pageUrl, '/service/tire-rotation'), eq(seoPages.locationId, loc.ABG)));
    const bySeo = await editor.act(deletePage, { pageId: page.id });
    expect(bySeo.status).toBe(409);
    expect(bySeo.body.errors[0]).toBe(BUILT_WITH_CMS);
    const mismatch = await editor.act(deleteCmsPage, {
      pageId: page.id,
      pageUrl: '/service/other',
      locationId: loc.ABG,
      createdBy: page.createdBy!,
    });
    expect(mismatch.status).toBe(404);
    const res = await editor.act(deleteCmsPage, {
      pageId: page.id,
      pageUrl: page.pageUrl,
      locationId: loc.ABG,
      createdBy: page.createdBy!,
    });
    expect(res.status).toBe(200);
    expect(await stored(page.id)).toBeUndefined();
    const [kept] = await t.db.select().from(outbox).where(eq(outbox.sid, page.cmsPageId!));
    expect(kept.status).toBe('deleted');
    const [hand] = await t.db
      .select()
      .from(seoPages)
      .where(and(eq(seoPages.pageUrl, '/service/oil-change'), eq(seoPages.locationId, loc.ABG)));
    const wrongWay = await editor.act(deleteCmsPage, {
      pageId: hand.id,
      pageUrl: hand.pageUrl,
      locationId: hand.locationId,
    });
    expect(wrongWay.status).toBe(409);
    expect(wrongWay.body.errors[0]).toBe(NOT_BUILT_WITH_CMS);
  });

  it("asks the pages service to re-render a store's pages", async () => {
    const res = await editor.act(renderLocationCache, { locationId: loc.ABG });
    expect(res.status).toBe(200);
    expect(res.body.data.renderedPageCount).toBe(1);
    const [note] = await t.db.select().from(outbox).where(eq(outbox.subject, 'Location cache rendered: 1 page'));
    expect(note).toMatchObject({ channel: 'cms', from: 'Albuquerque Toyota' });
  });
});

describe('the planner and the builder', () => {
  it('counts pages per day over the last 7 days by default, with the caller’s own', async () => {
    const mine = await builder.act(buildPage, words({ pageUrl: '/service/planner-check' }));
    expect(mine.status).toBe(200);
    const res = await reader.act(loadPlannerPages, {});
    expect(res.status).toBe(200);
    const { dates, pageAmount, personalAmount, overallPageAmount, minCreatedAt, maxCreatedAt } = res.body.data;
    expect(dates).toHaveLength(8);
    expect(dates[0]).toBe(minCreatedAt);
    expect(dates.at(-1)).toBe(maxCreatedAt);
    expect(overallPageAmount).toBe(pageAmount.reduce((a, b) => a + b, 0));
    expect(overallPageAmount).toBeGreaterThanOrEqual(6);
    expect(personalAmount.every((n) => n === 0)).toBe(true);
    const own = await builder.act(loadPlannerPages, { location: loc.ABG });
    expect(own.body.data.personalAmount.at(-1)).toBe(1);
    const family = await reader.act(loadPlannerPages, { family: 'Subaru', searchType: 'month' });
    expect(family.body.data.overallPageAmount).toBe(1);
    const year = await reader.act(loadPlannerPages, {
      minCreatedAt: '2025-11-02',
      maxCreatedAt: '2026-11-01',
      searchType: 'week',
    });
    expect(year.status).toBe(200);
    expect(year.body.data.dates[0]).toBe('2025-10-27');
    expect(year.body.data.dates).toHaveLength(53);
    const bad = await reader.act(loadPlannerPages, { minCreatedAt: '2026-11-20', maxCreatedAt: '2026-11-01' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toBe('Created to must be on or after Created from.');
  });

  it("keeps each store's pages per day of the group's clock exact as pages are added, moved and removed", async () => {
    const recount = async () =>
      (
        (await t.db.execute(sql`
          with kept as (select day::text, location_id, pages from seo_page_days where pages <> 0),
          counted as (select (created_at at time zone 'America/Denver')::date::text as day, location_id, count(*)::int as pages
            from seo_pages group by 1, 2)
          (select * from kept except all select * from counted) union all (select * from counted except all select * from kept)`)) as unknown as {
          rows: unknown[];
        }
      ).rows;
    // 05:30 UTC on 10 March is 23:30 on the 9th in Denver (MDT from 8 March 2026); 06:30 is the 10th.
    const made = await t.db
      .insert(seoPages)
      .values(
        [
          ['2026-03-10T05:30:00Z', loc.ABG],
          ['2026-03-10T06:30:00Z', loc.ABG],
          ['2026-03-10T06:45:00Z', loc.ABG],
        ].map(([at, locationId], i) => ({
          locationId: locationId as number,
          pageUrl: `/service/tally-${i}`,
          displayText: `Tally ${i}`,
          pageType: 'service',
          createdBy: builder.userId!,
          createdAt: new Date(at as string),
        })),
      )
      .returning({ id: seoPages.id });
    const days = async (input: Record<string, unknown>) => {
      const res = await reader.act(loadPlannerPages, {
        minCreatedAt: '2026-03-09',
        maxCreatedAt: '2026-03-10',
        ...input,
      });
      return res.body.data.pageAmount;
    };
    expect(await days({ location: loc.ABG })).toEqual([1, 2]);
    await t.db
      .update(seoPages)
      .set({ createdAt: new Date('2026-03-09T12:00:00Z') })
      .where(eq(seoPages.id, made[1].id));
    await t.db.delete(seoPages).where(eq(seoPages.id, made[2].id));
    expect(await days({ location: loc.ABG })).toEqual([2, 0]);
    // A team member's pages are counted from the pages themselves, the same days.
    expect(await days({ location: loc.ABG, userId: builder.userId! })).toEqual([2, 0]);
    expect(await recount()).toEqual([]);
  });

  it('lists the team members who made pages as options', async () => {
    const res = await reader.act(loadPlannerUsers, { query: '' });
    expect(res.status).toBe(200);
    expect(res.body.data.users.length).toBeGreaterThanOrEqual(2);
    expect(res.body.data.html).toContain(`<option value="${res.body.data.users[0].userId}">`);
    expect(res.body.data.families).toEqual(expect.arrayContaining(['Honda', 'Subaru', 'Toyota']));
  });

  it("gives a store's to-do list: published content items not yet built", async () => {
    const none = await reader.act(loadReferencePages, {});
    expect(none.body.data).toMatchObject({ unbuiltPageCount: 0, pages: [] });
    expect(none.body.data.html).toContain(TODO_NO_LOCATION);
    const res = await reader.act(loadReferencePages, { location: loc.ABG, listType: 'all' });
    // ABG's published items: oil change (built by hand), brakes, the RAV4 (built with the CMS).
    expect(res.body.data.pages.map((p) => p.pageUrl)).toEqual(['/service/brakes']);
    expect(res.body.data.unbuiltPageCount).toBe(1);
    const vehicles = await reader.act(loadReferencePages, { location: loc.ABG, listType: 'vehicle' });
    expect(vehicles.body.data.unbuiltPageCount).toBe(0);
    expect(vehicles.body.data.html).toContain(TODO_DONE);
    const [brakes] = await t.db.select().from(contentItems).where(eq(contentItems.pageUrl, '/service/brakes'));
    await builder.act(buildPage, words({ title: brakes.title, content: brakes.content, pageUrl: brakes.pageUrl }));
    const done = await reader.act(loadReferencePages, { location: loc.ABG });
    expect(done.body.data.unbuiltPageCount).toBe(0);
  });
});
