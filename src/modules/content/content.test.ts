import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { type Caller, locationsByCode, testApp, type TestApp } from '../../../tests/helpers';
import { auditLog } from '../../server/platform/platform.db';
import { contentItems } from './content.db';
import { addItem, compileItems, CONTENT_LOCKED, deleteItem, loadItem, loadItems, saveItem } from './content.contract';

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

const stored = async (id: number) => (await t.db.select().from(contentItems).where(eq(contentItems.id, id)))[0];
const counts = async () => {
  const [[{ n }], [{ a }]] = await Promise.all([
    t.db.select({ n: count() }).from(contentItems),
    t.db.select({ a: count() }).from(auditLog),
  ]);
  return { n, a };
};
const form = (overrides: Record<string, unknown> = {}) => ({
  title: 'Wheel alignment at [location_name]',
  description: 'Alignment checks while you wait.',
  content: 'Straight driving starts here.\n\nCall [service_phone] to book.',
  locationId: loc.ABG,
  serviceName: 'Alignment',
  pageType: 'service',
  vehicleYear: '',
  vehicleMake: '',
  vehicleModel: '',
  vehicleTrim: '',
  pageUrl: '/Service/Alignment',
  ...overrides,
});

describe('the content engine', () => {
  it('lists the demo items newest first with contentCount, in html too, and filters them', async () => {
    const res = await reader.act(loadItems, {});
    expect(res.status).toBe(200);
    const [{ n }] = await t.db.select({ n: count() }).from(contentItems);
    expect(res.body.data.contentCount).toBe(n);
    expect(res.body.data.html).toContain('Oil change at [location_name]');
    const oil = res.body.data.rows.find((r) => r.pageUrl === '/service/oil-change')!;
    expect(oil).toMatchObject({
      locationName: 'Albuquerque Toyota',
      pageTypeLabel: 'Service page',
      status: 'Published, locked',
    });
    const vehicles = await reader.act(loadItems, { pageType: 'vehicle', locationId: loc.ABG, view: 'rows' });
    expect(vehicles.body.data.rows.map((r) => r.pageUrl)).toEqual(['/new/2025-toyota-rav4-xle']);
    const drafts = await reader.act(loadItems, { published: '0', query: 'tire rotation' });
    expect(drafts.body.data.rows.map((r) => r.title)).toEqual(['Tire rotation at [location_name]']);
  });

  it('adds a draft item, keeps its address in lower case, and audits it', async () => {
    const res = await editor.act(addItem, form());
    expect(res.status).toBe(200);
    const row = await stored(res.body.data.contentId);
    expect(row).toMatchObject({
      title: 'Wheel alignment at [location_name]',
      pageUrl: '/service/alignment',
      published: false,
      locked: false,
      vehicleYear: null,
      locationId: loc.ABG,
    });
    const loaded = await reader.act(loadItem, { contentId: row.id });
    expect(loaded.body.data.item).toMatchObject({ contentId: row.id, serviceName: 'Alignment', pageType: 'service' });
  });

  it('refuses bad input naming the field as the form labels it, and stores nothing', async () => {
    const before = await counts();
    const noTitle = await editor.act(addItem, form({ title: ' ' }));
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.errors[0]).toBe('Title is required.');
    const badUrl = await editor.act(addItem, form({ pageUrl: 'service oil' }));
    expect(badUrl.body.errors[0]).toBe(
      'Page URL must be a path on the website starting with /, such as /service/oil-change.',
    );
    const badType = await editor.actRaw(addItem, form({ pageType: 'coupon' }));
    expect(badType.body.errors[0]).toBe('Page type must be a service page, a vehicle page or an article.');
    const badYear = await editor.act(addItem, form({ vehicleYear: '1800' }));
    expect(badYear.body.errors[0]).toMatch(/^Year must be/);
    const noStore = await editor.act(addItem, form({ locationId: 99_999 }));
    expect(noStore.status).toBe(400);
    expect(noStore.body.errors[0]).toBe('That location does not exist.');
    expect(await counts()).toEqual(before);
  });

  it('saves an item with published and locked; a locked item keeps its words until unlocked', async () => {
    const { body } = await editor.act(addItem, form({ pageUrl: '/service/coolant' }));
    const contentId = body.data.contentId;
    const saved = await editor.act(saveItem, {
      ...form({ pageUrl: '/service/coolant', title: 'Coolant flush' }),
      contentId,
      published: 1,
      locked: 1,
    });
    expect(saved.status).toBe(200);
    expect(await stored(contentId)).toMatchObject({ title: 'Coolant flush', published: true, locked: true });
    const before = await counts();
    const refused = await editor.act(saveItem, {
      ...form({ pageUrl: '/service/coolant', title: 'Changed' }),
      contentId,
      published: 1,
      locked: 1,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0]).toBe(CONTENT_LOCKED);
    const deleteLocked = await editor.act(deleteItem, { contentId });
    expect(deleteLocked.status).toBe(409);
    expect(await counts()).toEqual(before);
    const unpublished = await editor.act(saveItem, {
      ...form({ pageUrl: '/service/coolant', title: 'Coolant flush' }),
      contentId,
      published: 0,
      locked: 1,
    });
    expect(unpublished.status).toBe(200);
    const unlocked = await editor.act(saveItem, {
      ...form({ pageUrl: '/service/coolant', title: 'Changed' }),
      contentId,
      published: 0,
      locked: 0,
    });
    expect(unlocked.status).toBe(200);
    expect(await stored(contentId)).toMatchObject({ title: 'Changed', published: false, locked: false });
  });

  it('deletes an unlocked item with an audit row; a reader may not', async () => {
    const { body } = await editor.act(addItem, form({ pageUrl: '/service/wipers' }));
    const contentId = body.data.contentId;
    expect((await reader.act(deleteItem, { contentId })).status).toBe(403);
    const res = await editor.act(deleteItem, { contentId });
    expect(res.status).toBe(200);
    expect(await stored(contentId)).toBeUndefined();
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.recordId, String(contentId)));
    expect(audit).toBeDefined();
    expect((await editor.act(deleteItem, { contentId })).status).toBe(404);
  });

  it("compiles a store's items into pages with its shortcodes filled in", async () => {
    const res = await reader.act(compileItems, { locationId: loc.ABG, published: '1' });
    expect(res.status).toBe(200);
    const oil = res.body.data.pages.find((p) => p.url.endsWith('/service/oil-change'))!;
    expect(oil.title).toBe('Oil change at Albuquerque Toyota');
    expect(oil.url).toMatch(/^https:\/\/www\..+\.example\/service\/oil-change$/);
    expect(oil.html).toContain('<h1>Oil change at Albuquerque Toyota</h1>');
    expect(oil.html).not.toContain('[location_name]');
    expect(oil.unknownShortcodes).toEqual([]);
    expect(res.body.data.pageCount).toBe(res.body.data.pages.length);
    expect(res.body.data.pages.every((p) => p.locationName === 'Albuquerque Toyota')).toBe(true);
  });
});
