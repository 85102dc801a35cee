import { createHash } from 'node:crypto';
import { AppError } from '../../platform/errors';

/** The review sites the local driver writes for (the ones the group watches: docs/reputation.md). */
const localSources = ['google', 'facebook', 'yelp', 'dealerrater', 'cars.com'];

/** One customer review of a store as a review site gives it. */
export interface SiteReview {
  /** The review site, as the reputation list names it (google, facebook, yelp, dealerrater, cars.com). */
  source: string;
  /** The site's id of the review: with the source, it names the review once. */
  externalId: string;
  rating: number;
  author: string;
  body: string;
  reviewedAt: Date;
  reply: string | null;
  repliedAt: Date | null;
}

/**
 * Customer reviews of the stores on review sites. `local` generates each store's reviews, the same
 * ones every time for the same store and days, so the product and its tests work offline; `google`
 * reads each store's Google reviews from the Business Profile API (docs/reputation.md).
 */
export interface ReviewsProvider {
  readonly name: 'local' | 'google';
  /** A store's reviews written from `since` (inclusive) to `until` (exclusive), oldest first. */
  fetchReviews(store: { code: string; name: string }, since: Date, until: Date): Promise<SiteReview[]>;
}

const givenNames = ['Rosa', 'David', 'Angela', 'Kevin', 'Maria', 'Thomas', 'Jessica', 'Michael', 'Daniel', 'Laura'];
const surnames = ['Garcia', 'Martinez', 'Chavez', 'Romero', 'Nguyen', 'Johnson', 'Brown', 'Lopez', 'Smith', 'Lee'];
const said: Record<number, string[]> = {
  5: [
    'Fast, friendly and fair. Will be back.',
    'Service advisor kept me posted all day.',
    'Best car buying experience I have had.',
  ],
  4: ['Good visit overall, a little wait for the paperwork.', 'Nice people; the lounge coffee could be better.'],
  3: ['The work was fine but it took longer than quoted.', 'Okay experience, nothing special.'],
  2: ['Had to call twice to get an update on my car.', 'Price changed between the phone and the desk.'],
  1: ['Nobody called me back about my repair.', 'Waited three hours for an oil change.'],
};
const replies = ['Thank you for the kind words!', 'We are sorry about your visit; our manager will call you.'];

/** A number from 0 to 1 that stays the same for the same text. */
const unit = (text: string) => createHash('sha256').update(text).digest().readUInt32BE(0) / 0xffff_ffff;
const DAY = 86_400_000;

export function localReviews(): ReviewsProvider {
  return {
    name: 'local',
    async fetchReviews(store, since, until) {
      const found: SiteReview[] = [];
      for (let day = Math.floor(since.getTime() / DAY); day * DAY < until.getTime(); day++) {
        // Zero to two reviews a store a day, most of them good, as review sites see dealerships.
        const count = Math.floor(unit(`${store.code}:${day}`) * 3);
        for (let n = 0; n < count; n++) {
          const key = `${store.code}:${day}:${n}`;
          const r = unit(`${key}:rating`);
          const rating = r < 0.55 ? 5 : r < 0.75 ? 4 : r < 0.85 ? 3 : r < 0.93 ? 2 : 1;
          const reviewedAt = new Date(day * DAY + Math.floor(unit(`${key}:time`) * DAY));
          if (reviewedAt < since || reviewedAt >= until) continue;
          const answered = unit(`${key}:reply`) < 0.6;
          const texts = said[rating];
          found.push({
            source: localSources[Math.floor(unit(`${key}:source`) * localSources.length)],
            externalId: `local-${key}`,
            rating,
            author: `${givenNames[Math.floor(unit(`${key}:given`) * givenNames.length)]} ${surnames[Math.floor(unit(`${key}:surname`) * surnames.length)][0]}.`,
            body: `${texts[Math.floor(unit(`${key}:text`) * texts.length)]} (${store.name})`,
            reviewedAt,
            reply: answered ? replies[rating >= 4 ? 0 : 1] : null,
            repliedAt: answered ? new Date(reviewedAt.getTime() + DAY) : null,
          });
        }
      }
      return found.sort((a, b) => a.reviewedAt.getTime() - b.reviewedAt.getTime());
    },
  };
}

export interface GoogleReviewsSettings {
  /** The OAuth client the group registered, and the refresh token its Business Profile owner granted. */
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  /** The Business Profile account (digits) and each store's location id in it, by store code. */
  account: string;
  locations: Record<string, string>;
  apiUrl?: string;
  tokenUrl?: string;
}

const REVIEWS_DOWN = 'Google did not send the reviews; try again in a few minutes.';
const stars: Record<string, number> = { ONE: 1, TWO: 2, THREE: 3, FOUR: 4, FIVE: 5 };
type GoogleReview = {
  reviewId: string;
  reviewer?: { displayName?: string };
  starRating?: string;
  comment?: string;
  createTime: string;
  updateTime?: string;
  reviewReply?: { comment?: string; updateTime?: string };
};

/**
 * A store's Google reviews from the Business Profile API (`accounts/{a}/locations/{l}/reviews`), newest
 * first, page by page until the reviews are older than `since`. The access token comes from the
 * refresh token and is kept until a minute before it expires. A store without a location id in the
 * settings has no Google reviews to read.
 */
export function googleReviews(settings: GoogleReviewsSettings, fetcher: typeof fetch = fetch): ReviewsProvider {
  const apiUrl = (settings.apiUrl ?? 'https://mybusiness.googleapis.com/v4').replace(/\/$/, '');
  let token: { value: string; until: number } | undefined;
  const call = async (url: string, init: RequestInit) => {
    let res: Response;
    try {
      res = await fetcher(url, { ...init, signal: AbortSignal.timeout(15_000) });
    } catch (error) {
      throw AppError.upstream(REVIEWS_DOWN, error);
    }
    const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    if (!res.ok || !body) throw AppError.upstream(REVIEWS_DOWN, new Error(`Google answered ${res.status}`));
    return body;
  };
  const accessToken = async () => {
    if (token && token.until > Date.now()) return token.value;
    const body = await call(settings.tokenUrl ?? 'https://oauth2.googleapis.com/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        refresh_token: settings.refreshToken,
      }),
    });
    token = { value: String(body.access_token), until: Date.now() + (Number(body.expires_in ?? 3600) - 60) * 1000 };
    return token.value;
  };
  return {
    name: 'google',
    async fetchReviews(store, since, until) {
      const location = settings.locations[store.code];
      if (!location) return [];
      const found: SiteReview[] = [];
      let pageToken: string | undefined;
      do {
        const query = new URLSearchParams({ pageSize: '50', orderBy: 'updateTime desc' });
        if (pageToken) query.set('pageToken', pageToken);
        const body = await call(
          `${apiUrl}/accounts/${encodeURIComponent(settings.account)}/locations/${encodeURIComponent(location)}/reviews?${query}`,
          { headers: { authorization: `Bearer ${await accessToken()}` } },
        );
        const page = (Array.isArray(body.reviews) ? body.reviews : []) as GoogleReview[];
        for (const r of page) {
          const reviewedAt = new Date(r.createTime);
          if (reviewedAt < since || reviewedAt >= until || !stars[r.starRating ?? '']) continue;
          found.push({
            source: 'google',
            externalId: r.reviewId,
            rating: stars[r.starRating!],
            author: (r.reviewer?.displayName ?? 'A Google user').slice(0, 120),
            body: r.comment ?? '',
            reviewedAt,
            reply: r.reviewReply?.comment ?? null,
            repliedAt: r.reviewReply?.updateTime ? new Date(r.reviewReply.updateTime) : null,
          });
        }
        // Last changed first: once a page ends with a review last changed before `since`, every
        // review after it was written before then too.
        const last = page.at(-1);
        pageToken =
          typeof body.nextPageToken === 'string' && last && new Date(last.updateTime ?? last.createTime) >= since
            ? body.nextPageToken
            : undefined;
      } while (pageToken);
      return found.sort((a, b) => a.reviewedAt.getTime() - b.reviewedAt.getTime());
    },
  };
}
