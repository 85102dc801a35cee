import { and, asc, count, desc, eq, exists, gte, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../server/db/client';
import { defineAction } from '../../server/platform/actions';
import { addDays, dayIn, DEFAULT_TIME_ZONE } from '../../server/platform/days';
import { AppError } from '../../server/platform/errors';
import type { SessionUser } from '../../server/platform/session';
import { reachesLocation, withinReach } from '../../server/platform/reach';
import { matchesSearch, searchText } from '../../server/platform/search';
import { escapeHtml } from '../../shared/html';
import { locations } from '../locations/locations.db';
import { userName, users } from '../users/users.db';
import { contentItems } from '../content/content.db';
import { pageTypeLabels, type ContentPageType } from '../content/content.contract';
import { seoPageDays, seoPages } from './seo.db';
import {
  loadPlannerPages,
  loadPlannerUsers,
  loadReferencePages,
  PLANNER_DEFAULT_DAYS,
  TODO_DONE,
  TODO_NO_LOCATION,
} from './seo.contract';

/** The longest range the planner draws: two years of days. */
const MAX_PLANNER_DAYS = 731;
const TEAM_LIMIT = 50;
const TODO_LIMIT = 200;
const userSearch = searchText(users.firstName, users.lastName, users.username, users.email);

defineAction({
  contract: loadPlannerUsers,
  summary:
    'Team members within reach who made SEO pages, most pages first, searched by name: as options (html) and as data.',
  permission: 'marketing',
  reach: 'query',
  readOnly: true,
  async handler({ db, input, user }) {
    const made = db.select({ n: count() }).from(seoPages).where(eq(seoPages.createdBy, users.id));
    const pageCount = sql<number>`(${made})::int`;
    const rows = await db
      .select({ userId: users.id, name: sql<string>`${userName}`, pageCount })
      .from(users)
      .where(
        and(
          withinReach(user.reach, users.locationId),
          input.query ? matchesSearch(userSearch, input.query) : undefined,
          exists(db.select({ one: sql`1` }).from(seoPages).where(eq(seoPages.createdBy, users.id))),
        ),
      )
      .orderBy(desc(pageCount), asc(users.lastName), asc(users.id))
      .limit(TEAM_LIMIT);
    const html = rows
      .map((r) => `<option value="${r.userId}">${escapeHtml(r.name)} (${r.pageCount})</option>`)
      .join('');
    const families = await db
      .selectDistinct({ family: locations.dealership })
      .from(locations)
      .where(and(withinReach(user.reach, locations.id), sql`${locations.dealership} <> ''`))
      .orderBy(asc(locations.dealership));
    return { html, users: rows, families: families.map((f) => f.family) };
  },
});

type Period = 'day' | 'week' | 'month';
/** The first day of the period holding `day` (weeks start on Monday, as PostgreSQL's date_trunc). */
function periodStart(day: string, period: Period): string {
  if (period === 'day') return day;
  if (period === 'month') return `${day.slice(0, 7)}-01`;
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}
const nextPeriod = (start: string, period: Period) =>
  period === 'day'
    ? addDays(start, 1)
    : period === 'week'
      ? addDays(start, 7)
      : new Date(Date.UTC(Number(start.slice(0, 4)), Number(start.slice(5, 7)), 1)).toISOString().slice(0, 10);

/** The range asked for: seed 002's default start is 7 days before today (the group's), the end today. */
function plannerRange(input: { minCreatedAt?: string; maxCreatedAt?: string }, now: Date) {
  const today = dayIn(DEFAULT_TIME_ZONE, now);
  const from = input.minCreatedAt ?? addDays(input.maxCreatedAt ?? today, -PLANNER_DEFAULT_DAYS);
  const to = input.maxCreatedAt ?? today;
  if (from > to) throw AppError.invalid('Created to must be on or after Created from.', ['maxCreatedAt']);
  if (Date.parse(to) - Date.parse(from) > MAX_PLANNER_DAYS * 86_400_000)
    throw AppError.invalid('The planner draws at most two years at a time; narrow Created from.', ['minCreatedAt']);
  return { from, to };
}

/** The planner's stores: within reach, the store asked for, the stores of the family asked for. */
function plannerStores(db: Db, user: SessionUser, input: { location?: number; family?: string }, column: AnyPgColumn) {
  return [
    withinReach(user.reach, column),
    input.location === undefined ? undefined : eq(column, input.location),
    // The family as the stores it names: the rows are read from their own index alone, with no join.
    input.family === undefined
      ? undefined
      : inArray(column, db.select({ id: locations.id }).from(locations).where(eq(locations.dealership, input.family))),
  ];
}

/**
 * One creator's pages per day of the group's clock, from the creator index: counted per UTC hour
 * (no time zone worked out per row), then the hours put in their days.
 */
function creatorPagesPerDay(
  db: Db,
  user: SessionUser,
  input: { location?: number; family?: string },
  creator: number,
  from: string,
  to: string,
) {
  const zone = sql`${DEFAULT_TIME_ZONE}`;
  const hours = db
    .select({ hour: sql`date_trunc('hour', ${seoPages.createdAt})`.as('hour'), pages: count().as('pages') })
    .from(seoPages)
    .where(
      and(
        eq(seoPages.createdBy, creator),
        gte(seoPages.createdAt, sql`((${from}::date)::timestamp at time zone ${zone})`),
        lt(seoPages.createdAt, sql`(((${to}::date) + 1)::timestamp at time zone ${zone})`),
        ...plannerStores(db, user, input, seoPages.locationId),
      ),
    )
    .groupBy(sql`1`)
    .as('hours');
  return db
    .select({
      day: sql<string>`((${hours.hour} at time zone ${DEFAULT_TIME_ZONE})::date)::text`,
      pages: sql<number>`sum(${hours.pages})::int`,
    })
    .from(hours)
    .groupBy(sql`1`);
}

/**
 * Every store's pages per day of the group's clock, from their days' tallies (`seo_page_days`): a
 * year of every store is 22,000 rows where counting its 200,000 pages took the planner past its budget.
 */
function storePagesPerDay(
  db: Db,
  user: SessionUser,
  input: { location?: number; family?: string },
  from: string,
  to: string,
) {
  return db
    .select({ day: sql<string>`${seoPageDays.day}::text`, pages: sql<number>`sum(${seoPageDays.pages})::int` })
    .from(seoPageDays)
    .where(
      and(
        gte(seoPageDays.day, from),
        lt(seoPageDays.day, addDays(to, 1)),
        ...plannerStores(db, user, input, seoPageDays.locationId),
      ),
    )
    .groupBy(seoPageDays.day);
}

/** Pages per day of the group's clock: every store's (or the team member's), and the caller's own. */
async function pagesPerDay(
  db: Db,
  user: SessionUser,
  input: { location?: number; family?: string; userId?: number },
  from: string,
  to: string,
) {
  const mine = creatorPagesPerDay(db, user, input, user.id, from, to).execute();
  // The caller named as the team member: their pages are counted once.
  const all =
    input.userId === undefined
      ? storePagesPerDay(db, user, input, from, to).execute()
      : input.userId === user.id
        ? mine
        : creatorPagesPerDay(db, user, input, input.userId, from, to).execute();
  const [pages, own] = await Promise.all([all, mine]);
  const days = new Map<string, { pages: number; mine: number }>();
  for (const r of pages) days.set(r.day, { pages: r.pages, mine: 0 });
  for (const r of own) days.set(r.day, { pages: days.get(r.day)?.pages ?? 0, mine: r.pages });
  return [...days].map(([day, sums]) => ({ day, ...sums }));
}

defineAction({
  contract: loadPlannerPages,
  summary:
    "SEO pages made per day, week or month within reach (seed 002's planner): by dealership, family and team member, with the caller's own beside them.",
  permission: 'marketing',
  reach: 'query',
  readOnly: true,
  bench: (s) => [
    { name: 'a week', input: { minCreatedAt: addDays(s.to, -7), maxCreatedAt: s.to }, p95Ms: 50 },
    {
      name: 'location, a month',
      input: { location: s.locationId, minCreatedAt: s.from, maxCreatedAt: s.to },
      p95Ms: 50,
    },
    { name: 'all, a year', input: { minCreatedAt: addDays(s.to, -364), maxCreatedAt: s.to }, p95Ms: 300 },
    {
      name: "a year, a region's user",
      input: { minCreatedAt: addDays(s.to, -364), maxCreatedAt: s.to, searchType: 'week' },
      p95Ms: 300,
      regional: true,
    },
  ],
  async handler({ db, input, user, services }) {
    const { from, to } = plannerRange(input, services.clock.now());
    const periodKind: Period = input.searchType ?? 'day';
    const rows = await pagesPerDay(db, user, input, from, to);
    const found = new Map<string, { pages: number; mine: number }>();
    for (const r of rows) {
      const period = periodStart(r.day, periodKind);
      const sums = found.get(period) ?? { pages: 0, mine: 0 };
      found.set(period, { pages: sums.pages + r.pages, mine: sums.mine + r.mine });
    }
    const dates: string[] = [];
    for (let d = periodStart(from, periodKind); d <= to; d = nextPeriod(d, periodKind)) dates.push(d);
    const pageAmount = dates.map((d) => found.get(d)?.pages ?? 0);
    return {
      dates,
      pageAmount,
      overallPageAmount: pageAmount.reduce((a, b) => a + b, 0),
      personalAmount: dates.map((d) => found.get(d)?.mine ?? 0),
      minCreatedAt: from,
      maxCreatedAt: to,
    };
  },
});

/** The to-do list as html: one row per page to build, or the seed's empty state. */
function todoHtml(pages: { title: string; pageUrl: string; pageType: ContentPageType }[], message: string | null) {
  if (message) return `<p class="seo-todo-empty">${escapeHtml(message)}</p>`;
  const rows = pages
    .map(
      (p) =>
        `<tr><td>${escapeHtml(p.title)}</td><td>${escapeHtml(p.pageUrl)}</td><td>${escapeHtml(pageTypeLabels[p.pageType])}</td></tr>`,
    )
    .join('');
  return `<table class="seo-todo"><thead><tr><th>Title</th><th>Page URL</th><th>Type</th></tr></thead><tbody>${rows}</tbody></table>`;
}

defineAction({
  contract: loadReferencePages,
  summary:
    "The builder's to-do list: a store's published content items with no SEO page at their address yet, by page type, and how many there are.",
  permission: 'marketing',
  reach: 'query',
  readOnly: true,
  async handler({ db, input, user }) {
    if (input.location === undefined) return { html: todoHtml([], TODO_NO_LOCATION), unbuiltPageCount: 0, pages: [] };
    if (!reachesLocation(user.reach, input.location)) throw AppError.notFound('That location does not exist.');
    const built = db
      .select({ one: sql`1` })
      .from(seoPages)
      .where(and(eq(seoPages.locationId, contentItems.locationId), eq(seoPages.pageUrl, contentItems.pageUrl)));
    const where = and(
      eq(contentItems.locationId, input.location),
      eq(contentItems.published, true),
      input.listType && input.listType !== 'all' ? eq(contentItems.pageType, input.listType) : undefined,
      notExists(built),
    );
    const [pages, [{ n }]] = await Promise.all([
      db
        .select({
          contentId: contentItems.id,
          title: contentItems.title,
          pageUrl: contentItems.pageUrl,
          pageType: contentItems.pageType,
        })
        .from(contentItems)
        .where(where)
        .orderBy(asc(contentItems.pageUrl), asc(contentItems.id))
        .limit(TODO_LIMIT),
      db.select({ n: count() }).from(contentItems).where(where),
    ]);
    const typed = pages.map((p) => ({ ...p, pageType: p.pageType as ContentPageType }));
    return { html: todoHtml(typed, n === 0 ? TODO_DONE : null), unbuiltPageCount: n, pages: typed };
  },
});
