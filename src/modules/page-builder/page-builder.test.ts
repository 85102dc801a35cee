import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { locationsByCode, testApp, type ActInput, type Caller, type TestApp } from '../../../tests/helpers';
import { SESSION_COOKIE } from '../../server/platform/session';
import { landingPages } from './page-builder.db';
import { deletePage, loadPage, loadPages, savePage } from './page-builder.contract';

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

const draft = (values: Partial<ActInput<typeof savePage>> = {}): ActInput<typeof savePage> => ({
  locationId: loc.ABG,
  title: 'Trade-in Days',
  slug: 'trade-in-days',
  theme: 'light',
  published: 0,
  modules: [
    { id: 'hero-abc123', type: 'hero', heading: 'Trade-in Days <script>alert(1)</script>' },
    { id: 'btn-abc123', type: 'button', label: 'Value my car', link: '/appraisal' },
  ],
  ...values,
});
const pageCount = async () => (await t.db.select({ n: count() }).from(landingPages))[0].n;
const stored = async (pageId: number) => (await t.db.select().from(landingPages).where(eq(landingPages.id, pageId)))[0];

describe('tools/page-builder', () => {
  it('lists the pages within reach with their count and html', async () => {
    const res = await marketer.act(loadPages, {});
    expect(res.body.data.pageCount).toBe(2);
    expect(res.body.data.rows.map((r) => r.slug).sort()).toEqual(['denver-truck-month', 'spring-sales-event']);
    expect(res.body.data.rows.find((r) => r.slug === 'spring-sales-event')).toMatchObject({
      moduleCount: 3,
      published: true,
    });
    expect(res.body.data.html).toContain('Spring Sales Event');
    const nm = await t.signedIn(['marketing'], { groupWide: false, regions: ['New Mexico'] });
    expect((await nm.act(loadPages, {})).body.data.rows.map((r) => r.slug)).toEqual(['spring-sales-event']);
  });

  it('saves a new page (its first save answers the id), then autosaves over the version it saw', async () => {
    const first = await marketer.act(savePage, draft());
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ version: 1, slug: 'trade-in-days' });
    const { pageId } = first.body.data;
    expect(await stored(pageId)).toMatchObject({
      title: 'Trade-in Days',
      published: false,
      createdBy: marketer.userId,
      version: 1,
    });
    const second = await marketer.act(savePage, draft({ pageId, version: 1, title: 'Trade-in Weekend', published: 1 }));
    expect(second.body.data).toEqual({ pageId, version: 2, slug: 'trade-in-days' });
    const loaded = await marketer.act(loadPage, { pageId });
    expect(loaded.body.data.page).toMatchObject({
      title: 'Trade-in Weekend',
      published: true,
      version: 2,
      modules: draft().modules,
    });
  });

  it('refuses a save over a newer version and keeps the newer one (two windows, a retried autosave)', async () => {
    const { pageId } = (await marketer.act(savePage, draft({ slug: 'race-page' }))).body.data;
    // Two saves made from version 1 at once: one lands, the other is refused rather than lost.
    const [a, b] = await Promise.all([
      marketer.act(savePage, draft({ pageId, version: 1, slug: 'race-page', title: 'From window A' })),
      marketer.act(savePage, draft({ pageId, version: 1, slug: 'race-page', title: 'From window B' })),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.body.errors).toEqual([
      'This page was saved elsewhere since you opened it; reload it to see the latest.',
    ]);
    const row = await stored(pageId);
    expect(row.version).toBe(2);
    expect(row.title).toBe(a.status === 200 ? 'From window A' : 'From window B');
    const stale = await marketer.act(savePage, draft({ pageId, version: 1, slug: 'race-page', title: 'Late' }));
    expect(stale.status).toBe(409);
    expect((await stored(pageId)).title).toBe(row.title);
  });

  it('clones a page under a free address and leaves the original as it was', async () => {
    const { pageId } = (await marketer.act(savePage, draft({ slug: 'clone-me', title: 'Original' }))).body.data;
    const copy = await marketer.act(savePage, draft({ pageId, clone: 1, slug: 'clone-me', title: 'Original (copy)' }));
    expect(copy.status).toBe(200);
    expect(copy.body.data.pageId).not.toBe(pageId);
    expect(copy.body.data.slug).toBe('clone-me-copy');
    const again = await marketer.act(savePage, draft({ pageId, clone: 1, slug: 'clone-me' }));
    expect(again.body.data.slug).toBe('clone-me-copy-2');
    expect(await stored(pageId)).toMatchObject({ title: 'Original', slug: 'clone-me', version: 1 });
    expect(await stored(copy.body.data.pageId)).toMatchObject({ title: 'Original (copy)', version: 1 });
  });

  it('answers bad input with sentences naming the fields as the form labels them, and stores nothing', async () => {
    const before = await pageCount();
    const taken = await marketer.act(savePage, draft({ slug: 'spring-sales-event' }));
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toEqual(['Another page already has the address spring-sales-event.']);
    expect(taken.body.data.fields).toEqual(['slug']);
    const blank = await marketer.actRaw(savePage, {
      locationId: loc.ABG,
      title: '',
      slug: 'No Spaces',
      theme: 'light',
    });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual([
      'Title is required.',
      'Address may use lowercase letters, digits and single dashes, such as spring-sale.',
    ]);
    const script = await marketer.actRaw(savePage, {
      ...draft(),
      slug: 'scripted',
      modules: [{ id: 'btn-abc123', type: 'button', label: 'Go', link: 'javascript:alert(1)' }],
    });
    expect(script.status).toBe(400);
    expect(script.body.errors[0]).toMatch(/Link must be an https address/);
    const foreign = await marketer.actRaw(savePage, {
      ...draft(),
      slug: 'foreign',
      modules: [{ id: 'img-abc123', type: 'image', image: 'https://evil.example/x.png', alt: 'x' }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors[0]).toMatch(/Image must be an image of the CDN/);
    expect(await pageCount()).toBe(before);
  });

  it('serves a published page at its public address with the security headers, escaped', async () => {
    await marketer.act(savePage, draft({ slug: 'public-one', published: 1 }));
    const res = await t.app.inject({ method: 'GET', url: '/p/public-one' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(res.body).toContain('<h1>Trade-in Days &lt;script&gt;alert(1)&lt;/script&gt;</h1>');
    expect(res.body).not.toContain('<script>');
    expect(res.body).toContain('<a href="/appraisal">Value my car</a>');
    await marketer.act(savePage, draft({ slug: 'draft-one' }));
    expect((await t.app.inject({ method: 'GET', url: '/p/draft-one' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/p/..%2Fetc' })).statusCode).toBe(404);
  });

  it('previews a draft to the builder only, within reach', async () => {
    const { pageId } = (await marketer.act(savePage, draft({ slug: 'preview-me', title: 'Preview me' }))).body.data;
    const url = `/tools/page-builder/preview?page=${pageId}&refresh=abc`;
    const preview = await t.app.inject({ method: 'GET', url, cookies: { [SESSION_COOKIE]: marketer.cookie! } });
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain('<title>Preview me</title>');
    expect(preview.body).toContain('noindex');
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const other = await t.signedIn(['messenger']);
    expect((await t.app.inject({ method: 'GET', url, cookies: { [SESSION_COOKIE]: other.cookie! } })).statusCode).toBe(
      401,
    );
    const [denver] = (await marketer.act(loadPages, { locationId: loc.DNC })).body.data.rows;
    const nm = await t.signedIn(['marketing'], { groupWide: false, regions: ['New Mexico'] });
    const outside = `/tools/page-builder/preview?page=${denver.pageId}`;
    expect(
      (await t.app.inject({ method: 'GET', url: outside, cookies: { [SESSION_COOKIE]: nm.cookie! } })).statusCode,
    ).toBe(404);
  });

  it('deletes a page, and its address stops answering', async () => {
    const { pageId } = (await marketer.act(savePage, draft({ slug: 'short-lived', published: 1 }))).body.data;
    expect((await t.app.inject({ method: 'GET', url: '/p/short-lived' })).statusCode).toBe(200);
    expect((await marketer.act(deletePage, { pageId })).body.data).toEqual({ pageId });
    expect(await stored(pageId)).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: '/p/short-lived' })).statusCode).toBe(404);
  });
});
