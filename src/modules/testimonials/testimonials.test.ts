import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, desc, eq } from 'drizzle-orm';
import { type Caller, locationsByCode, testApp, type TestApp, userById } from '../../../tests/helpers';
import { auditLog } from '../../server/platform/platform.db';
import { locations } from '../locations/locations.db';
import { testimonials } from './testimonials.db';
import {
  addTestimonial,
  createTestimonial,
  deleteTestimonial,
  loadTestimonial,
  loadTestimonials,
  saveTestimonial,
} from './testimonials.contract';

let t: TestApp;
let editor: Caller;
let reader: Caller;
let loc: Record<string, number>;

const P = 'clicklane/testimonials';

beforeAll(async () => {
  t = await testApp();
  editor = await t.signedIn(['marketing', 'marketingEditor']);
  reader = await t.signedIn(['marketing']);
  loc = await locationsByCode(t.db);
});
afterAll(async () => {
  await t?.close();
});

const stored = async (id: number) => (await t.db.select().from(testimonials).where(eq(testimonials.id, id)))[0];
const byName = async (customerName: string) =>
  (
    await t.db
      .select()
      .from(testimonials)
      .where(eq(testimonials.customerName, customerName))
      .orderBy(desc(testimonials.id))
  )[0];
const tableCounts = async () => {
  const [[{ n }], [{ a }]] = await Promise.all([
    t.db.select({ n: count() }).from(testimonials),
    t.db.select({ a: count() }).from(auditLog),
  ]);
  return { n, a };
};
const add = async (caller: Caller = editor, input: Record<string, unknown> = {}) => {
  const res = await caller.act(addTestimonial, input);
  expect(res.status).toBe(200);
  return res.body.data.create.data.testimonialId as number;
};
const form = (testimonialId: number, overrides: Record<string, unknown> = {}) => ({
  testimonialId,
  locationId: loc.SFS,
  customerName: 'Lucia A.',
  body: 'Bought my Forester online and it was ready when I got there.',
  rating: '5',
  givenOn: '2026-11-20',
  vehicleYear: '2024',
  vehicleMake: 'Subaru',
  vehicleModel: 'Forester',
  active: 0,
  ...overrides,
});

describe('testimonials', () => {
  it('lists the demo testimonials newest first, counted as phoneCount, in html too', async () => {
    const res = await reader.act(loadTestimonials, {});
    expect(res.status).toBe(200);
    const [{ n }] = await t.db.select({ n: count() }).from(testimonials);
    expect(res.body.data.phoneCount).toBe(n);
    const created = res.body.data.rows.map((r: { createdAt: string }) => r.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    const rosa = res.body.data.rows.find((r: { customerName: string }) => r.customerName === 'Rosa M.')!;
    expect(rosa).toMatchObject({
      locationId: loc.ABG,
      locationName: 'Albuquerque Toyota',
      rating: 5,
      vehicle: '2024 Toyota RAV4',
      active: 1,
      activeLabel: 'Published',
    });
    expect(rosa.excerpt.endsWith('…')).toBe(true);
    expect(rosa.excerpt.length).toBeLessThanOrEqual(121);
    expect(res.body.data.html).toContain('<th data-key="activeLabel">Status</th>');
    expect(res.body.data.html).toContain('Rosa M.');
  });

  it('filters by location, published or not, and part of the name or the text', async () => {
    const names = async (filters: Record<string, unknown>) =>
      (await reader.act(loadTestimonials, filters)).body.data.rows
        .map((r: { customerName: string }) => r.customerName)
        .sort();
    expect(await names({ locationId: loc.ABG })).toEqual(['Carmen O.', 'David C.', 'Rosa M.']);
    expect(await names({ locationId: loc.ABG, active: '1' })).toEqual(['David C.', 'Rosa M.']);
    expect(await names({ locationId: loc.LCF, active: '0' })).toEqual(['Luis A.']);
    expect(await names({ query: 'SNOW' })).toEqual(['Jessica B.']);
    expect(await names({ query: 'kevin' })).toEqual(['Kevin N.']);
    const byRating = await reader.act(loadTestimonials, { sort: 'rating', dir: 'asc', limit: 1 });
    expect(byRating.body.data.rows[0]).toMatchObject({ customerName: 'Luis A.', rating: 3 });
    const bad = await reader.act(loadTestimonials, { active: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(['Published must be 1 or 0.']);
  });

  it("adds a blank, unpublished testimonial by its creator at the caller's store, audited, and opens it", async () => {
    const lcf = await t.signedIn(['marketing', 'marketingEditor'], { locationId: loc.LCF });
    const me = await userById(t.db, lcf.userId!);
    const id = await add(lcf);
    expect(await stored(id)).toMatchObject({
      locationId: loc.LCF,
      creatorId: me.id,
      active: false,
      customerName: '',
      body: '',
      rating: 5,
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, `${P}/add-testimonial`))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({ recordType: 'testimonial', recordId: String(id) });

    // Named store wins; with no home, the group's default location.
    expect((await stored(await add(editor, { locationId: loc.DNC }))).locationId).toBe(loc.DNC);
    expect((await stored(await add(editor))).locationId).toBe(loc.ABG);

    const opened = await lcf.act(loadTestimonial, { testimonialId: id, creatorId: me.id });
    expect(opened.status).toBe(200);
    expect(opened.body.data.testimonial).toMatchObject({
      testimonialId: id,
      creatorId: me.id,
      creatorName: `${me.firstName} ${me.lastName}`,
      locationId: loc.LCF,
      locationName: 'Las Cruces Ford',
      active: 0,
      customerName: '',
      body: '',
      rating: 5,
      vehicleYear: null,
      vehicleMake: '',
      vehicleModel: '',
    });
    expect(opened.body.data.html).toContain(`data-testimonial-id="${id}"`);
    // A creatorId that is not the record's names no testimonial.
    const other = await lcf.act(loadTestimonial, { testimonialId: id, creatorId: editor.userId });
    expect(other).toMatchObject({ status: 404, body: { errors: ['That testimonial does not exist.'] } });
  });

  it('saves the form, then publishes (1) and unpublishes (0) it, each stored and audited', async () => {
    const id = await add();
    const saved = await editor.call(`${P}/save-testimonial`, form(id), { form: true });
    expect(saved).toMatchObject({ status: 200, body: { data: { testimonialId: id, active: 0 } } });
    expect(await stored(id)).toMatchObject({
      locationId: loc.SFS,
      customerName: 'Lucia A.',
      rating: 5,
      givenOn: '2026-11-20',
      vehicleYear: 2024,
      vehicleMake: 'Subaru',
      vehicleModel: 'Forester',
      active: false,
    });
    const published = await editor.act(saveTestimonial, form(id, { active: 1 }));
    expect(published.body.data).toEqual({ testimonialId: id, active: 1 });
    expect((await stored(id)).active).toBe(true);
    const listed = await reader.act(loadTestimonials, { locationId: loc.SFS, active: '1', query: 'forester' });
    expect(listed.body.data.rows.map((r: { testimonialId: number }) => r.testimonialId)).toEqual([id]);
    const html = (await reader.act(loadTestimonial, { testimonialId: id })).body.data.html;
    expect(html).toContain('★★★★★');
    expect(html).toContain('Lucia A. · 2024 Subaru Forester · Santa Fe Subaru, 2026-11-20');

    const unpublished = await editor.act(
      saveTestimonial,
      form(id, { active: 0, vehicleYear: '', vehicleMake: '', vehicleModel: '' }),
    );
    expect(unpublished.body.data).toEqual({ testimonialId: id, active: 0 });
    expect(await stored(id)).toMatchObject({ active: false, vehicleYear: null, vehicleMake: '' });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, `${P}/save-testimonial`))
      .orderBy(desc(auditLog.id))
      .limit(2);
    expect(audits.map((a) => (a.after as { active: boolean }).active)).toEqual([false, true]);
  });

  it('escapes what the customer wrote in the html', async () => {
    const id = await add();
    await editor.act(
      saveTestimonial,
      form(id, { customerName: 'Ana <b>', body: 'Great & fast <script>x</script>', rating: 2 }),
    );
    const html = (await reader.act(loadTestimonial, { testimonialId: id })).body.data.html;
    expect(html).not.toContain('<script>');
    expect(html).toContain('Great &#38; fast &#60;script&#62;');
    expect(html).toContain('★★☆☆☆');
  });

  it('names every field at fault as the form labels it, and changes nothing', async () => {
    const id = await add();
    const before = { counts: await tableCounts(), row: await stored(id) };
    const blank = await editor.act(saveTestimonial, {
      testimonialId: id,
      locationId: '',
      customerName: ' ',
      body: '',
      rating: '',
      givenOn: '',
      active: 1,
    });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual([
      'Location is required.',
      'Customer name is required.',
      'Testimonial is required.',
      'Rating is required.',
      'Date given must be a date as YYYY-MM-DD.',
    ]);
    const wrong = await editor.act(
      saveTestimonial,
      form(id, { rating: 6, givenOn: '2026-02-30', vehicleYear: '1890', active: 'maybe' }),
    );
    expect(wrong.body.errors).toEqual([
      'Rating must be at most 5.',
      'Date given must be a real date.',
      'Year must be at least 1950.',
      'Published must be 1 or 0.',
    ]);
    expect(wrong.body.data.fields).toEqual(['rating', 'givenOn', 'vehicleYear', 'active']);
    const long = await editor.act(saveTestimonial, form(id, { body: 'x'.repeat(2001) }));
    expect(long.body.errors).toEqual(['Testimonial must be at most 2000 characters.']);
    expect(await tableCounts()).toEqual(before.counts);
    expect(await stored(id)).toEqual(before.row);
    const missing = await editor.act(saveTestimonial, form(999_999));
    expect(missing).toMatchObject({ status: 404, body: { errors: ['That testimonial does not exist.'] } });
  });

  it('deletes a testimonial, audited; a second delete is a 404', async () => {
    const id = await add();
    const res = await editor.act(deleteTestimonial, { testimonialId: id });
    expect(res).toMatchObject({ status: 200, body: { data: { testimonialId: id } } });
    expect(await stored(id)).toBeUndefined();
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, `${P}/delete-testimonial`))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({ recordType: 'testimonial', recordId: String(id) });
    expect((await editor.act(deleteTestimonial, { testimonialId: id })).status).toBe(404);
  });

  it('lets marketing read; adding, saving, publishing and deleting need marketingEditor (403, nothing changed)', async () => {
    const rosa = await byName('Rosa M.');
    expect((await reader.act(loadTestimonial, { testimonialId: rosa.id })).status).toBe(200);
    const before = { counts: await tableCounts(), row: await stored(rosa.id) };
    expect((await reader.act(addTestimonial, {})).status).toBe(403);
    expect((await reader.act(saveTestimonial, form(rosa.id, { locationId: loc.ABG, active: 0 }))).status).toBe(403);
    expect((await reader.act(deleteTestimonial, { testimonialId: rosa.id })).status).toBe(403);
    expect(await tableCounts()).toEqual(before.counts);
    expect(await stored(rosa.id)).toEqual(before.row);
    const nobody = await t.signedIn([]);
    expect((await nobody.act(loadTestimonials, {})).status).toBe(403);
    expect((await nobody.act(loadTestimonial, { testimonialId: rosa.id })).status).toBe(403);
  });

  it('keeps a New Mexico editor to New Mexico testimonials: the list, a record, a save, a move, a delete, an add', async () => {
    const nm = await t.signedIn(['marketing', 'marketingEditor'], { groupWide: false, regions: ['New Mexico'] });
    const mine = await nm.act(loadTestimonials, {});
    const [{ n }] = await t.db
      .select({ n: count() })
      .from(testimonials)
      .innerJoin(locations, eq(locations.id, testimonials.locationId))
      .where(eq(locations.region, 'New Mexico'));
    expect(mine.body.data.phoneCount).toBe(n);
    const names = new Set(mine.body.data.rows.map((r: { locationName: string }) => r.locationName));
    expect(names.has('Denver Chevrolet')).toBe(false);
    expect(names.has('Albuquerque Toyota')).toBe(true);
    const denver = await byName('Jessica B.');
    const before = await tableCounts();
    expect((await nm.act(loadTestimonial, { testimonialId: denver.id })).status).toBe(404);
    expect((await nm.act(saveTestimonial, form(denver.id, { locationId: loc.ABG }))).status).toBe(404);
    expect((await nm.act(deleteTestimonial, { testimonialId: denver.id })).status).toBe(404);
    expect((await nm.act(addTestimonial, { locationId: loc.PHX })).status).toBe(404);
    // Their own, moved to a store outside their reach: refused too.
    const rosa = await byName('Rosa M.');
    expect((await nm.act(saveTestimonial, form(rosa.id, { locationId: loc.DNC }))).status).toBe(404);
    expect(await tableCounts()).toEqual(before);
    expect(await stored(denver.id)).toMatchObject({ customerName: 'Jessica B.', active: true });
  });
});

describe("the screen's Add: a testimonial created only when its form is saved", () => {
  const filled = (overrides: Record<string, unknown> = {}) => {
    const { testimonialId: _, ...rest } = form(0, overrides);
    return rest;
  };

  it('creates the testimonial from the whole form, by its creator, audited; Publish creates it published', async () => {
    const before = await tableCounts();
    const res = await editor.act(createTestimonial, filled({ customerName: 'Marco V.' }));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ testimonialId: expect.any(Number), active: 0 });
    expect(await stored(res.body.data.testimonialId)).toMatchObject({
      locationId: loc.SFS,
      creatorId: editor.userId,
      customerName: 'Marco V.',
      body: 'Bought my Forester online and it was ready when I got there.',
      rating: 5,
      givenOn: '2026-11-20',
      vehicleYear: 2024,
      vehicleMake: 'Subaru',
      vehicleModel: 'Forester',
      active: false,
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, `${P}/create-testimonial`))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({ recordType: 'testimonial', recordId: String(res.body.data.testimonialId) });
    const published = await editor.act(
      createTestimonial,
      filled({ customerName: 'Nora P.', vehicleYear: '', active: 1 }),
    );
    expect(published.body.data.active).toBe(1);
    expect(await stored(published.body.data.testimonialId)).toMatchObject({ active: true, vehicleYear: null });
    expect((await tableCounts()).n).toBe(before.n + 2);
  });

  it('stores nothing for an empty or wrong form, outside reach, or without marketingEditor', async () => {
    const before = await tableCounts();
    const blank = await editor.act(createTestimonial, {
      locationId: '',
      customerName: '',
      body: ' ',
      rating: '',
      givenOn: '',
      active: 0,
    });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual([
      'Location is required.',
      'Customer name is required.',
      'Testimonial is required.',
      'Rating is required.',
      'Date given must be a date as YYYY-MM-DD.',
    ]);
    const wrong = await editor.act(createTestimonial, filled({ rating: 0, givenOn: '2026-13-01' }));
    expect(wrong.body.errors).toEqual(['Rating must be at least 1.', 'Date given must be a real date.']);
    expect(wrong.body.data.fields).toEqual(['rating', 'givenOn']);
    const nm = await t.signedIn(['marketing', 'marketingEditor'], { groupWide: false, regions: ['New Mexico'] });
    expect((await nm.act(createTestimonial, filled({ locationId: loc.PHX }))).status).toBe(404);
    expect((await reader.act(createTestimonial, filled())).status).toBe(403);
    expect((await editor.act(createTestimonial, filled({ locationId: 999_999 }))).status).toBe(404);
    expect(await tableCounts()).toEqual(before);
  });
});
