import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, gt, max } from 'drizzle-orm';
import { testApp, type Caller, type TestApp } from '../../../tests/helpers';
import { failProvider, holdProvider } from '../../../tests/provider-calls';
import { AppError } from '../../server/platform/errors';
import { locations } from '../locations/locations.db';
import { outbox } from '../../server/platform/platform.db';
import { auditLog } from '../../server/platform/platform.db';
import {
  createFacebookAd,
  deletePlan,
  loadCoupon,
  loadCouponLocator,
  loadCoupons,
  loadPlan,
  loadPlans,
  savePlan,
  type PlanInput,
} from './marketing-plans.contract';
import { marketingPlans, planAds, planCoupons, planVehicles } from './marketing-plans.db';

let t: TestApp;
let editor: Caller;
let reader: Caller;
let abq: number;
let current: number;

const vehicle = {
  type: 'lease',
  year: 2026,
  make: 'Toyota',
  model: 'RAV4 XLE',
  amount: '$329/mo',
  term: '36 months',
  live: 1,
} as const;
const coupon = {
  type: 'service',
  product: 'Oil change',
  leadingText: 'Only',
  price: '$49.95',
  promoCode: 'OIL49',
  live: 1,
} as const;
const campaign = { name: 'Spring push', type: 'facebook', budget: '1500', clicks: 300, allMonth: 1 } as const;
const newPlan = (over: Partial<PlanInput> = {}): PlanInput => ({
  name: 'Test plan',
  locationId: abq,
  current: 0,
  vehicles: [vehicle],
  coupons: [coupon],
  campaigns: [campaign],
  ...over,
});
const audits = async () => (await t.db.select({ n: count() }).from(auditLog))[0].n;

beforeAll(async () => {
  t = await testApp();
  editor = await t.signedIn(['marketing', 'marketingEditor']);
  reader = await t.signedIn(['marketing']);
  [{ id: abq }] = await t.db.select({ id: locations.id }).from(locations).where(eq(locations.code, 'ABG'));
  [{ id: current }] = await t.db
    .select({ id: marketingPlans.id })
    .from(marketingPlans)
    .where(and(eq(marketingPlans.locationId, abq), eq(marketingPlans.current, true)));
});
afterAll(async () => {
  await t?.close();
});

describe('marketing plans', () => {
  it("lists a store's plans with the active one marked and counts of its items", async () => {
    const res = await reader.act(loadPlans, { locationId: abq });
    expect(res.status).toBe(200);
    expect(res.body.data.planCount).toBe(2);
    const active = res.body.data.rows.find((r) => r.current);
    expect(active).toMatchObject({ planId: current, vehicleCount: 4, couponCount: 4, location: expect.any(String) });
    expect(
      (await reader.act(loadPlans, { locationId: abq, current: '1' })).body.data.rows.map((r) => r.planId),
    ).toEqual([current]);
  });

  it('adds a plan with vehicles, coupons and campaigns (metrics default to 0) and loads it back', async () => {
    const saved = await editor.act(savePlan, newPlan());
    expect(saved.status).toBe(200);
    const { planId, vehicleIds, couponIds } = saved.body.data;
    expect(vehicleIds).toHaveLength(1);
    const loaded = (await reader.act(loadPlan, { planId })).body.data.plan;
    expect(loaded).toMatchObject({ name: 'Test plan', locationId: abq, current: false });
    expect(loaded.vehicles[0]).toMatchObject({
      vehicleId: vehicleIds[0],
      make: 'Toyota',
      amount: '$329/mo',
      live: true,
      featured: false,
      campaignTags: [],
    });
    expect(loaded.coupons[0]).toMatchObject({ couponId: couponIds[0], product: 'Oil change', promoCode: 'OIL49' });
    expect(loaded.campaigns[0]).toMatchObject({
      name: 'Spring push',
      budget: 1500,
      clicks: 300,
      impressions: 0,
      cpc: 0,
      reach: 0,
      allMonth: true,
    });
  });

  it('keeps the ids of items it is given back, adds new ones, deletes the ones left out, in the order sent', async () => {
    const { planId, vehicleIds } = (
      await editor.act(savePlan, newPlan({ vehicles: [vehicle, { ...vehicle, model: 'Camry' }] }))
    ).body.data;
    const again = await editor.act(
      savePlan,
      newPlan({
        planId,
        vehicles: [
          { ...vehicle, vehicleId: vehicleIds[1], model: 'Camry SE' },
          { ...vehicle, model: 'Prius' },
        ],
      }),
    );
    expect(again.body.data.vehicleIds[0]).toBe(vehicleIds[1]);
    const rows = await t.db
      .select()
      .from(planVehicles)
      .where(eq(planVehicles.planId, planId))
      .orderBy(planVehicles.position);
    expect(rows.map((r) => [r.model, r.position])).toEqual([
      ['Camry SE', 0],
      ['Prius', 1],
    ]);
    expect(rows.some((r) => r.id === vehicleIds[0])).toBe(false);
  });

  it('autosave race: of two quick saves the later change wins whatever order they land in, and nothing is lost', async () => {
    const { planId } = (await editor.act(savePlan, newPlan({ revision: 1 }))).body.data;
    // Sent together: the pipeline runs them in either order.
    const [a, b] = await Promise.all([
      editor.act(savePlan, newPlan({ planId, revision: 2, name: 'First change' })),
      editor.act(savePlan, newPlan({ planId, revision: 3, name: 'Second change', vehicles: [vehicle, vehicle] })),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const stored = async () => {
      const [plan] = await t.db.select().from(marketingPlans).where(eq(marketingPlans.id, planId));
      const items = await t.db.select().from(planVehicles).where(eq(planVehicles.planId, planId));
      return { name: plan.name, revision: plan.revision, vehicles: items.length };
    };
    expect(await stored()).toEqual({ name: 'Second change', revision: 3, vehicles: 2 });
    // The slower request of the earlier change, landing last, is not written.
    const late = await editor.act(savePlan, newPlan({ planId, revision: 2, name: 'Late', vehicles: [] }));
    expect(late.body.data).toMatchObject({ planId, revision: 3, written: false });
    expect(await stored()).toEqual({ name: 'Second change', revision: 3, vehicles: 2 });
  });

  it("makes a plan active and the store's other plan inactive", async () => {
    const { planId } = (await editor.act(savePlan, newPlan({ current: 1 }))).body.data;
    const active = await t.db
      .select({ id: marketingPlans.id })
      .from(marketingPlans)
      .where(and(eq(marketingPlans.locationId, abq), eq(marketingPlans.current, true)));
    expect(active).toEqual([{ id: planId }]);
    const restored = (await reader.act(loadPlan, { planId: current })).body.data.plan;
    const { location: _l, ...plan } = restored;
    await editor.act(savePlan, { ...plan, current: 1 } as PlanInput);
    expect((await reader.act(loadPlan, { planId: current })).body.data.plan).toEqual({ ...restored, current: true });
  });

  it('refuses bad input naming the field as the editor labels it, and changes nothing', async () => {
    const before = await audits();
    const noName = await editor.actRaw(savePlan, { ...newPlan(), name: '' });
    expect(noName.status).toBe(400);
    expect(noName.body.errors[0]).toBe('Name is required.');
    const badLink = await editor.act(
      savePlan,
      newPlan({ vehicles: [{ ...vehicle, inventoryUrl: 'javascript:alert(1)' }] }),
    );
    expect(badLink.body.data.fields).toEqual(['vehicles']);
    expect(badLink.body.errors[0]).toBe(
      'Inventory url must be a web address starting with https:// or a shortcode such as [location_url].',
    );
    const badType = await editor.actRaw(savePlan, { ...newPlan(), coupons: [{ ...coupon, type: 'tires' }] });
    expect(badType.body.errors[0]).toBe('Type must be one of: service, parts.');
    expect(await audits()).toBe(before);
  });

  it('needs marketingEditor to save or delete (403, nothing changed)', async () => {
    expect((await reader.act(savePlan, newPlan())).status).toBe(403);
    expect((await reader.act(deletePlan, { planId: current })).status).toBe(403);
  });

  it('deletes a plan with its items and answers its store', async () => {
    const { planId } = (await editor.act(savePlan, newPlan())).body.data;
    const res = await editor.act(deletePlan, { planId });
    expect(res.body.data).toEqual({ locationId: abq });
    expect(await t.db.select().from(planCoupons).where(eq(planCoupons.planId, planId))).toEqual([]);
    expect((await editor.act(deletePlan, { planId })).body.errors[0]).toBe('That marketing plan does not exist.');
  });

  it('creates a paused Facebook ad from a plan vehicle through the local driver, recorded in the outbox', async () => {
    const plan = (await reader.act(loadPlan, { planId: current })).body.data.plan;
    const vehicleId = plan.vehicles[0].vehicleId;
    const res = await editor.act(createFacebookAd, {
      planId: current,
      vehicleId,
      headline: 'Lease a RAV4',
      message: 'Only $329 a month.',
      link: 'https://www.example.com/rav4',
      budget: 40,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.reference).toMatch(/^local-ad-\d+$/);
    const [ad] = await t.db.select().from(planAds).where(eq(planAds.id, res.body.data.adId));
    expect(ad).toMatchObject({ planId: current, vehicleId, budget: 40, headline: 'Lease a RAV4' });
    const [sent] = await t.db.select().from(outbox).where(eq(outbox.subject, 'Facebook ad (paused): Lease a RAV4'));
    expect(sent.body).toContain('Daily budget: $40');
    expect(
      (sent.meta as { ad: { object_story_spec: { link_data: { link: string } } } }).ad.object_story_spec.link_data.link,
    ).toBe('https://www.example.com/rav4');
  });

  it('refuses an ad naming neither or both items, or an item of another plan', async () => {
    const base = { planId: current, headline: 'H', message: 'M', link: 'https://www.example.com', budget: 10 };
    expect((await editor.act(createFacebookAd, base)).body.errors[0]).toBe(
      'Choose one vehicle or one coupon of the plan for the ad.',
    );
    const [other] = await t.db
      .select({ id: planCoupons.id })
      .from(planCoupons)
      .where(eq(planCoupons.locationId, abq))
      .limit(50)
      .then((r) => r.slice(-1));
    const [{ n }] = await t.db
      .select({ n: count() })
      .from(planCoupons)
      .where(and(eq(planCoupons.id, other.id), eq(planCoupons.planId, current)));
    if (n === 0) expect((await editor.act(createFacebookAd, { ...base, couponId: other.id })).status).toBe(404);
    const bad = await editor.act(createFacebookAd, { ...base, couponId: 1, budget: 0 });
    expect(bad.body.errors[0]).toBe('Daily budget must be at least 1.');
  });
});

describe('create-facebook-ad asks Facebook with no transaction open (issue 29)', () => {
  const facebook = () => t.app.services.facebook;
  const ad = { headline: 'Service special', message: 'Book now.', link: 'https://www.example.com/service', budget: 25 };
  let items: { vehicleId: number; couponId: number };
  beforeAll(async () => {
    const plan = (await reader.act(loadPlan, { planId: current })).body.data.plan;
    items = { vehicleId: plan.vehicles[1].vehicleId, couponId: plan.coupons[0].couponId };
  });
  const adsOf = (where: { couponId: number } | { vehicleId: number }) =>
    t.db
      .select()
      .from(planAds)
      .where('couponId' in where ? eq(planAds.couponId, where.couponId) : eq(planAds.vehicleId, where.vehicleId));
  const lastAuditId = async () => (await t.db.select({ id: max(auditLog.id) }).from(auditLog))[0].id ?? 0;
  /** The action's audit rows of ads since an audit row, oldest first. */
  const adAuditsSince = (id: number) =>
    t.db
      .select({ recordId: auditLog.recordId, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(
        and(
          gt(auditLog.id, id),
          eq(auditLog.action, 'marketing/plans/create-facebook-ad'),
          eq(auditLog.recordType, 'planAd'),
        ),
      )
      .orderBy(asc(auditLog.id));

  it('writes the ad as asked first, then its reference; a second request for the item meanwhile is refused', async () => {
    const since = await lastAuditId();
    const held = holdProvider(facebook(), 'createAd');
    try {
      const first = editor.act(createFacebookAd, { planId: current, couponId: items.couponId, ...ad });
      await held.asked;
      // Committed before Facebook is asked, with no reference yet: another connection reads it.
      expect(await adsOf(items)).toEqual([expect.objectContaining({ reference: '', headline: 'Service special' })]);
      const second = await editor.act(createFacebookAd, { planId: current, couponId: items.couponId, ...ad });
      expect(second.status).toBe(409);
      expect(second.body.errors).toEqual(['An ad from this coupon is already being created; wait a moment.']);
      held.release();
      const res = await first;
      expect(res.status).toBe(200);
      expect(held.calls()).toBe(1);
      expect(await adsOf(items)).toEqual([
        expect.objectContaining({ id: res.body.data.adId, reference: res.body.data.reference }),
      ]);
      const adId = String(res.body.data.adId);
      expect(await adAuditsSince(since)).toEqual([
        { recordId: adId, before: null, after: expect.objectContaining({ reference: '', budget: 25 }) },
        {
          recordId: adId,
          before: { reference: '' },
          after: expect.objectContaining({ reference: res.body.data.reference }),
        },
      ]);
    } finally {
      held.release();
      held.restore();
    }
  });

  it("a Facebook failure removes the ad asked for, audited, and answers Facebook's sentence", async () => {
    const since = await lastAuditId();
    const down = 'Facebook did not take the ad; try again in a few minutes.';
    const restore = failProvider(facebook(), 'createAd', AppError.upstream(down));
    const res = await editor
      .act(createFacebookAd, { planId: current, vehicleId: items.vehicleId, ...ad })
      .finally(restore);
    expect(res.status).toBe(502);
    expect(res.body.errors).toEqual([down]);
    expect(await adsOf({ vehicleId: items.vehicleId })).toEqual([]);
    const [asked, removed] = await adAuditsSince(since);
    expect(asked.after).toMatchObject({ reference: '', vehicleId: items.vehicleId });
    expect(removed).toEqual({
      recordId: asked.recordId,
      before: expect.objectContaining({ reference: '' }),
      after: { refused: down },
    });
    // Nothing is left to stop the next try.
    expect((await editor.act(createFacebookAd, { planId: current, vehicleId: items.vehicleId, ...ad })).status).toBe(
      200,
    );
  });

  it('an ad asked for by a process that died no longer stops an ad of its item', async () => {
    const { planId, couponIds } = (await editor.act(savePlan, newPlan())).body.data;
    const [stale] = await t.db
      .insert(planAds)
      .values({
        planId,
        locationId: abq,
        couponId: couponIds[0],
        ...ad,
        reference: '',
        createdAt: new Date(Date.now() - 10 * 60_000),
      })
      .returning();
    const res = await editor.act(createFacebookAd, { planId, couponId: couponIds[0], ...ad });
    expect(res.status).toBe(200);
    // The stale one is gone: only the new ad is kept.
    expect((await adsOf({ couponId: couponIds[0] })).map((a) => a.id)).toEqual([res.body.data.adId]);
    expect(res.body.data.adId).not.toBe(stale.id);
  });
});

describe('coupons', () => {
  it('locates coupons across plans by text, store and type', async () => {
    const res = await reader.act(loadCouponLocator, { query: 'oil', locationId: abq });
    expect(res.status).toBe(200);
    expect(res.body.data.couponCount).toBeGreaterThanOrEqual(2);
    for (const row of res.body.data.rows)
      expect(row).toMatchObject({ locationId: abq, product: expect.stringMatching(/oil/i) });
    const parts = await reader.act(loadCouponLocator, { type: 'parts' });
    expect(parts.body.data.rows.every((r) => r.type === 'parts')).toBe(true);
  });

  it("lists only the live coupons of each store's active plan", async () => {
    const res = await reader.act(loadCoupons, { locationId: abq });
    expect(res.body.data.rows.length).toBeGreaterThan(0);
    expect(res.body.data.rows.every((r) => r.current && r.live)).toBe(true);
    // Counted as listed: the store's older plans' coupons are not in the count either.
    const [{ n }] = await t.db
      .select({ n: count() })
      .from(planCoupons)
      .innerJoin(marketingPlans, eq(marketingPlans.id, planCoupons.planId))
      .where(and(eq(planCoupons.locationId, abq), eq(planCoupons.live, true), eq(marketingPlans.current, true)));
    expect(res.body.data.couponCount).toBe(n);
    expect(res.body.data.rows).toHaveLength(n);
    const products = res.body.data.rows.map((r) => r.product);
    expect(products).toEqual([...products].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('shows the newest coupons first in the locator', async () => {
    const res = await reader.act(loadCouponLocator, { locationId: abq });
    const ids = res.body.data.rows.map((r) => r.couponId);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('loads one coupon with its plan and store; an unknown one is a 404', async () => {
    const [c] = await t.db
      .select({ id: planCoupons.id })
      .from(planCoupons)
      .where(eq(planCoupons.locationId, abq))
      .limit(1);
    const res = await reader.act(loadCoupon, { couponId: c.id });
    expect(res.body.data.coupon).toMatchObject({
      couponId: c.id,
      locationId: abq,
      plan: expect.stringMatching(/plan$/),
    });
    expect((await reader.act(loadCoupon, { couponId: 99_999_999 })).body.errors[0]).toBe('That coupon does not exist.');
  });
});
