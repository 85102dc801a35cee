import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { type Caller, locationsByCode, testApp, type TestApp } from '../../../tests/helpers';
import { localReviews } from '../../server/providers/reviews/reviews';
import { reviews } from './reputation.db';
import { fetchReviews, loadReviews } from './reputation.contract';

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

const total = async () => (await t.db.select({ n: count() }).from(reviews))[0].n;

describe('the reputation manager', () => {
  it('lists the stores’ reviews newest first, counted as reviewCount, in html too', async () => {
    const res = await reader.act(loadReviews, {});
    expect(res.status).toBe(200);
    const n = await total();
    expect(n).toBeGreaterThan(50);
    expect(res.body.data.reviewCount).toBe(n > 1000 ? expect.any(Number) : n);
    const at = res.body.data.rows.map((r) => r.reviewedAt);
    expect(at).toEqual([...at].sort().reverse());
    expect(res.body.data.html).toContain('<table');
  });

  it('filters by location, rating, site, replied and days, each as stored', async () => {
    const res = await reader.act(loadReviews, {
      locationId: loc.ABG,
      rating: '5',
      source: 'google',
      replied: '0',
      view: 'rows',
    });
    expect(res.status).toBe(200);
    const stored = await t.db.select().from(reviews).where(eq(reviews.locationId, loc.ABG));
    const expected = stored.filter((r) => r.rating === 5 && r.source === 'google' && r.repliedAt === null);
    expect(res.body.data.reviewCount).toBe(expected.length);
    for (const row of res.body.data.rows)
      expect(row).toMatchObject({
        locationName: 'Albuquerque Toyota',
        rating: 5,
        sourceLabel: 'Google',
        reply: null,
        replyLabel: 'Not replied',
      });
    const day = stored[0].reviewedAt.toISOString().slice(0, 10);
    const oneDay = await reader.act(loadReviews, {
      locationId: loc.ABG,
      minReviewedAt: day,
      maxReviewedAt: day,
      view: 'rows',
    });
    expect(oneDay.body.data.reviewCount).toBeGreaterThanOrEqual(1);
    const bad = await reader.act(loadReviews, { rating: '6' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toBe('Rating must be 1 to 5 stars.');
  });

  it('fetches only new reviews from the provider: a second fetch adds none', async () => {
    const before = await total();
    const first = await editor.act(fetchReviews, { locationId: loc.LCF });
    expect(first.status).toBe(200);
    expect(first.body.data.newReviewCount).toBeGreaterThan(10);
    expect(await total()).toBe(before + first.body.data.newReviewCount);
    const again = await editor.act(fetchReviews, { locationId: loc.LCF });
    expect(again.body.data.newReviewCount).toBeLessThanOrEqual(2);
    expect((await reader.act(fetchReviews, { locationId: loc.LCF })).status).toBe(403);
  });

  it('the local driver gives the same reviews for the same store and days', async () => {
    const driver = localReviews();
    const since = new Date('2026-10-01T00:00:00Z');
    const until = new Date('2026-11-01T00:00:00Z');
    const a = await driver.fetchReviews({ code: 'ABG', name: 'Albuquerque Toyota' }, since, until);
    expect(a).toEqual(await driver.fetchReviews({ code: 'ABG', name: 'Albuquerque Toyota' }, since, until));
    expect(a.length).toBeGreaterThan(10);
    expect(a.every((r) => r.rating >= 1 && r.rating <= 5 && r.reviewedAt >= since && r.reviewedAt < until)).toBe(true);
    expect(new Set(a.map((r) => r.rating)).size).toBeGreaterThan(2);
  });
});
