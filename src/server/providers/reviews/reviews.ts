import { createHash } from 'node:crypto';

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
 * ones every time for the same store and days, so the product and its tests work offline; a driver
 * for a review aggregator's API plugs in here (docs/reputation.md).
 */
export interface ReviewsProvider {
  readonly name: 'local';
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
