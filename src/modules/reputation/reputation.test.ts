import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { type Caller, locationsByCode, testApp, type TestApp } from '../../../tests/helpers';
import { googleReviews, localReviews } from '../../server/providers/reviews/reviews';
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

describe('the Google driver', () => {
  it("reads a store's reviews page by page with a refreshed token, stopping at reviews older than asked", async () => {
    const asked: { url: string; init?: RequestInit }[] = [];
    // As the Business Profile API answers: newest change first, star ratings as words.
    const pages: Record<string, unknown> = {
      '': {
        reviews: [
          {
            reviewId: 'r3',
            reviewer: { displayName: 'Rosa M.' },
            starRating: 'FIVE',
            comment: 'Great service.',
            createTime: '2026-11-20T15:00:00Z',
            updateTime: '2026-11-20T15:00:00Z',
            reviewReply: { comment: 'Thank you!', updateTime: '2026-11-21T09:00:00Z' },
          },
          {
            reviewId: 'r2',
            reviewer: { displayName: 'Kevin T.' },
            starRating: 'TWO',
            createTime: '2026-11-10T12:00:00Z',
            updateTime: '2026-11-10T12:00:00Z',
          },
        ],
        nextPageToken: 'page-2',
      },
      'page-2': {
        reviews: [
          {
            reviewId: 'r1',
            reviewer: { displayName: 'Old' },
            starRating: 'ONE',
            comment: 'Long ago.',
            createTime: '2026-09-01T12:00:00Z',
            updateTime: '2026-09-01T12:00:00Z',
          },
        ],
        nextPageToken: 'page-3',
      },
    };
    const fetcher = async (url: string | URL | Request, init?: RequestInit) => {
      asked.push({ url: String(url), init });
      if (String(url).startsWith('https://oauth.example.test/'))
        return new Response(JSON.stringify({ access_token: 'ya29.token', expires_in: 3599 }), { status: 200 });
      const page = new URL(String(url)).searchParams.get('pageToken') ?? '';
      return new Response(JSON.stringify(pages[page] ?? { reviews: [] }), { status: 200 });
    };
    const driver = googleReviews(
      {
        clientId: 'client',
        clientSecret: 'client-secret',
        refreshToken: 'refresh-secret',
        account: '111',
        locations: { ABG: '222' },
        apiUrl: 'https://business.example.test/v4/',
        tokenUrl: 'https://oauth.example.test/token',
      },
      fetcher as typeof fetch,
    );
    const since = new Date('2026-11-01T00:00:00Z');
    const found = await driver.fetchReviews(
      { code: 'ABG', name: 'Albuquerque Toyota' },
      since,
      new Date('2026-11-27T00:00:00Z'),
    );
    expect(found.map((r) => [r.externalId, r.rating, r.author, r.reply])).toEqual([
      ['r2', 2, 'Kevin T.', null],
      ['r3', 5, 'Rosa M.', 'Thank you!'],
    ]);
    expect(found[1]).toMatchObject({
      source: 'google',
      body: 'Great service.',
      repliedAt: new Date('2026-11-21T09:00:00Z'),
    });
    // One token for both pages; the third page is never asked for (page two ended before `since`).
    expect(asked.map((a) => new URL(a.url).pathname)).toEqual([
      '/token',
      '/v4/accounts/111/locations/222/reviews',
      '/v4/accounts/111/locations/222/reviews',
    ]);
    expect(String(asked[0].init?.body)).toContain('grant_type=refresh_token');
    expect((asked[1].init?.headers as Record<string, string>).authorization).toBe('Bearer ya29.token');
    expect(asked.map((a) => a.url).join(' ')).not.toContain('secret');
    // A store Google does not list has no reviews there.
    expect(await driver.fetchReviews({ code: 'SFS', name: 'Santa Fe Subaru' }, since, new Date())).toEqual([]);
  });

  it('says Google did not answer, without changing anything, when the API refuses', async () => {
    const driver = googleReviews(
      {
        clientId: 'c',
        clientSecret: 's',
        refreshToken: 'r',
        account: '1',
        locations: { ABG: '2' },
        tokenUrl: 'https://oauth.example.test/token',
      },
      (async () => new Response(JSON.stringify({ error: 'invalid_grant' }), { status: 400 })) as typeof fetch,
    );
    await expect(driver.fetchReviews({ code: 'ABG', name: 'x' }, new Date(0), new Date())).rejects.toMatchObject({
      status: 502,
      message: 'Google did not send the reviews; try again in a few minutes.',
    });
  });
});
