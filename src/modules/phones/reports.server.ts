import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { defineAction } from '../../server/platform/actions';
import { renderTable } from '../../server/platform/lists';
import type { Db } from '../../server/db/client';
import { locations } from '../locations/locations.db';
import { nameOf, users } from '../users/users.db';
import { calls, messages, optOuts, phones } from './phones.db';
import {
  activityInput,
  callActivityColumns,
  formatDuration,
  gecUserActivity,
  lineActivity,
  locationActivity,
  messageActivity,
  messageActivityColumns,
  userActivity,
  type CallActivityRow,
  type MessageActivityRow,
} from './phones.contract';

import { withinReach } from '../../server/platform/reach';
import type { Reach } from '../../shared/session';
import type { z } from 'zod';
import { dayEnd, dayStart, resolveDays, zoneOf } from '../../server/platform/days';

/** The guest engagement center is the group's BDC: users holding this job code. */
export const GEC_JOB_CODE = 'BDC';

type Activity = z.infer<typeof activityInput>;

function range(input: Activity, now: Date) {
  const { from, to } = resolveDays(input, now);
  const zone = zoneOf(input.locationId);
  return { from, to, start: dayStart(from, zone), end: dayEnd(to, zone) };
}

/** The calls a report counts: the days within the caller's reach, and optionally a location and direction. */
function callScope(input: Activity, r: ReturnType<typeof range>, reach: Reach): (SQL | undefined)[] {
  const where = [gte(calls.startedAt, r.start), lt(calls.startedAt, r.end), withinReach(reach, calls.locationId)];
  if (input.locationId) where.push(eq(calls.locationId, input.locationId));
  if (input.direction) where.push(eq(calls.direction, input.direction));
  return where;
}

const figures = {
  calls: sql<number>`count(${calls.id})::int`,
  inbound: sql<number>`(count(*) filter (where ${calls.direction} = 'inbound'))::int`,
  outbound: sql<number>`(count(*) filter (where ${calls.direction} = 'outbound'))::int`,
  answered: sql<number>`(count(*) filter (where ${calls.answeredAt} is not null))::int`,
  missed: sql<number>`(count(*) filter (where ${calls.status} in ('no-answer', 'busy', 'failed', 'canceled')))::int`,
  totalSeconds: sql<number>`coalesce(sum(${calls.durationSeconds}), 0)::int`,
};

type Counted = Omit<CallActivityRow, 'totalDuration' | 'averageSeconds' | 'averageDuration'>;

function finish<K extends string>(rows: Counted[], nameLabel: string, countKey: K, r: ReturnType<typeof range>) {
  const done: CallActivityRow[] = rows.map((row) => {
    const averageSeconds = row.answered ? Math.round(row.totalSeconds / row.answered) : 0;
    return {
      ...row,
      totalDuration: formatDuration(row.totalSeconds),
      averageSeconds,
      averageDuration: formatDuration(averageSeconds),
    };
  });
  const sum = (k: keyof Counted) => done.reduce((n, row) => n + (row[k] as number), 0);
  const totals = {
    calls: sum('calls'),
    inbound: sum('inbound'),
    outbound: sum('outbound'),
    answered: sum('answered'),
    missed: sum('missed'),
    totalSeconds: sum('totalSeconds'),
  };
  return {
    rows: done,
    html: renderTable(callActivityColumns(nameLabel), done),
    ...({ [countKey]: done.length } as Record<K, number>),
    totals: { ...totals, totalDuration: formatDuration(totals.totalSeconds) },
    minCreatedAt: r.from,
    maxCreatedAt: r.to,
  };
}

const fullName = nameOf();

/** Two people of the same name in one report are told apart by their usernames: "Maria Garcia (mgarcia00)". */
function namedApart<R extends { name: string; username: string }>(rows: R[]): Omit<R, 'username'>[] {
  const seen = new Map<string, number>();
  for (const row of rows) seen.set(row.name, (seen.get(row.name) ?? 0) + 1);
  return rows.map(({ username, ...row }) =>
    (seen.get(row.name) ?? 0) > 1 ? { ...row, name: `${row.name} (${username})` } : row,
  );
}

async function usersReport(db: Db, input: Activity, now: Date, reach: Reach) {
  const r = range(input, now);
  const rows = await db
    .select({ key: calls.userId, name: fullName, username: users.username, ...figures })
    .from(calls)
    .innerJoin(users, eq(users.id, calls.userId))
    .where(and(...callScope(input, r, reach)))
    .groupBy(calls.userId, users.firstName, users.lastName, users.username)
    .orderBy(desc(figures.calls), asc(fullName));
  return finish(namedApart(rows), 'User', 'userCount', r);
}

defineAction({
  contract: userActivity,
  summary:
    'User activity: calls, answered and missed calls and talk time per user over a range of days (default the last 30).',
  permission: 'phoneLookup',
  reach: 'query',
  readOnly: true,
  handler: ({ db, input, services, user }) => usersReport(db, input, services.clock.now(), user.reach),
});

defineAction({
  contract: gecUserActivity,
  summary: 'GEC (BDC) user activity: every user with the BDC job code, with their calls over the range, none included.',
  permission: 'phoneLookup',
  reach: 'query',
  readOnly: true,
  async handler({ db, input, services, user }) {
    const r = range(input, services.clock.now());
    // The range sits in the join, so a BDC user without calls still has a row of zeros.
    const rows = await db
      .select({ key: users.id, name: fullName, username: users.username, ...figures })
      .from(users)
      .leftJoin(calls, and(eq(calls.userId, users.id), ...callScope(input, r, user.reach)))
      .where(
        and(eq(users.jobCode, GEC_JOB_CODE), eq(users.accountLocked, false), withinReach(user.reach, users.locationId)),
      )
      .groupBy(users.id, users.firstName, users.lastName, users.username)
      .orderBy(desc(figures.calls), asc(fullName));
    return finish(namedApart(rows), 'User', 'userCount', r);
  },
});

defineAction({
  contract: locationActivity,
  summary: 'Location activity: calls and talk time per location over a range of days.',
  permission: 'phoneLookup',
  reach: 'query',
  readOnly: true,
  async handler({ db, input, services, user }) {
    const r = range(input, services.clock.now());
    const rows = await db
      .select({ key: calls.locationId, name: sql<string>`coalesce(${locations.name}, 'No location')`, ...figures })
      .from(calls)
      .leftJoin(locations, eq(locations.id, calls.locationId))
      .where(and(...callScope(input, r, user.reach)))
      .groupBy(calls.locationId, locations.name)
      .orderBy(desc(figures.calls), asc(locations.name));
    return finish(rows, 'Location', 'locationCount', r);
  },
});

defineAction({
  contract: lineActivity,
  summary: 'Line activity: calls and talk time per line over a range of days.',
  permission: 'phoneLookup',
  reach: 'query',
  readOnly: true,
  async handler({ db, input, services, user }) {
    const r = range(input, services.clock.now());
    const name = sql<string>`coalesce(${phones.description} || ' (' || ${locations.name} || ')', 'Deleted line')`;
    const rows = await db
      .select({ key: calls.phoneId, name, ...figures })
      .from(calls)
      .leftJoin(phones, eq(phones.id, calls.phoneId))
      .leftJoin(locations, eq(locations.id, phones.locationId))
      .where(and(...callScope(input, r, user.reach)))
      .groupBy(calls.phoneId, phones.description, locations.name)
      .orderBy(desc(figures.calls), asc(name));
    return finish(rows, 'Line', 'phoneCount', r);
  },
});

/** The texts the report counts: the days within the caller's reach, and optionally a location and direction. */
function messageScope(input: Activity, r: ReturnType<typeof range>, reach: Reach): (SQL | undefined)[] {
  const where = [
    gte(messages.createdAt, r.start),
    lt(messages.createdAt, r.end),
    withinReach(reach, messages.locationId),
  ];
  if (input.locationId) where.push(eq(messages.locationId, input.locationId));
  if (input.direction) where.push(eq(messages.direction, input.direction));
  return where;
}

/** Texts and opt-outs per location, the busiest first; a location's opt-outs are counted over the same days. */
async function messagesByLocation(
  db: Db,
  where: (SQL | undefined)[],
  r: ReturnType<typeof range>,
): Promise<MessageActivityRow[]> {
  const optOutCount = sql<number>`(select count(*)::int from ${optOuts} o where o.location_id = ${messages.locationId}
      and o.created_at >= ${r.start} and o.created_at < ${r.end})`;
  return db
    .select({
      key: messages.locationId,
      name: sql<string>`coalesce(${locations.name}, 'No location')`,
      messages: sql<number>`count(*)::int`,
      inbound: sql<number>`(count(*) filter (where ${messages.direction} = 'inbound'))::int`,
      outbound: sql<number>`(count(*) filter (where ${messages.direction} = 'outbound'))::int`,
      delivered: sql<number>`(count(*) filter (where ${messages.status} in ('delivered', 'read')))::int`,
      failed: sql<number>`(count(*) filter (where ${messages.status} in ('failed', 'undelivered')))::int`,
      optOuts: optOutCount,
    })
    .from(messages)
    .leftJoin(locations, eq(locations.id, messages.locationId))
    .where(and(...where))
    .groupBy(messages.locationId, locations.name)
    .orderBy(desc(sql`count(*)`), asc(locations.name));
}

/** The report's totals row: each figure summed over the locations. */
function messageTotals(rows: MessageActivityRow[]) {
  const sum = (k: keyof MessageActivityRow) => rows.reduce((n, row) => n + (row[k] as number), 0);
  return {
    messages: sum('messages'),
    inbound: sum('inbound'),
    outbound: sum('outbound'),
    delivered: sum('delivered'),
    failed: sum('failed'),
    optOuts: sum('optOuts'),
  };
}

defineAction({
  contract: messageActivity,
  summary:
    'Message location activity: texts received, sent, delivered and failed, and opt-outs, per location over a range of days.',
  permission: 'phoneLookup',
  reach: 'query',
  readOnly: true,
  async handler({ db, input, services, user }) {
    const r = range(input, services.clock.now());
    const rows = await messagesByLocation(db, messageScope(input, r, user.reach), r);
    return {
      rows,
      html: renderTable(messageActivityColumns, rows),
      locationCount: rows.length,
      totals: messageTotals(rows),
      minCreatedAt: r.from,
      maxCreatedAt: r.to,
    };
  },
});
