/**
 * The appointment reports of seed 000: sources, services, long services, locations, recalls and days
 * out. Each reads `appointment_tallies` (service.db.ts), the counts kept per store and for the group,
 * by booking day and by month, by the triggers of migration 0021: whole months from the month rows,
 * the days at either end from the day rows, so a year for the group reads a few hundred rows, not a
 * third of a million appointments (docs/service.md).
 */
import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { defineAction, type ActionBenchCase } from '../../server/platform/actions';
import { addDays, resolveDays } from '../../server/platform/days';
import { renderTable, type BenchSample } from '../../server/platform/lists';
import { tallyCondition, tallyRanges } from '../../server/platform/tallies';
import { withinReach } from '../../server/platform/reach';
import type { Db } from '../../server/db/client';
import { runStatement } from '../../server/db/statements';
import type { ColumnSpec } from '../../shared/lists';
import type { Reach } from '../../shared/session';
import { locations } from '../locations/locations.db';
import { appointmentTallies as t, recallCampaigns, serviceServices, serviceSources } from './service.db';
import {
  daysOutColumns,
  loadDaysOut,
  loadLocations,
  loadLongServices,
  loadRecallAppointments,
  loadServices,
  loadSources,
  locationColumns,
  recallColumns,
  reportInput,
  serviceColumns,
  sourceColumns,
  type ReportRow,
  type TallyKind,
  type Timeline,
} from './service.contract';

/** The whole group's tally rows carry this location. */
const GROUP = 0;
/** Ranges up to this many days are drawn per week, longer ones per month. */
const WEEKLY_UP_TO_DAYS = 92;
/** The chart stacks the busiest few; the rest are one "Other" segment. */
const CHART_KEYS = 5;

const utc = (day: string) => new Date(`${day}T00:00:00Z`);
const iso = (d: Date) => d.toISOString().slice(0, 10);
const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
const nextMonth = (day: string) => {
  const d = utc(monthStart(day));
  d.setUTCMonth(d.getUTCMonth() + 1);
  return iso(d);
};
const daysBetween = (from: string, to: string) => Math.round((utc(to).getTime() - utc(from).getTime()) / 86_400_000);

interface Span {
  unit: Timeline['unit'];
  /** The tally rows to read. */
  where: SQL;
  /** +1, or -1 for a day row taken away from its month's row. */
  sign: SQL<number>;
}

/**
 * The tally rows that add up to the days from–to. A range drawn per week reads day rows only (a month
 * row cannot be split into weeks); a longer one reads month rows where it can (platform/tallies.ts).
 */
export function tallySpan(from: string, to: string): Span {
  if (daysBetween(from, to) + 1 <= WEEKLY_UP_TO_DAYS)
    return {
      unit: 'week',
      where: and(eq(t.grain, 'd'), gte(t.period, from), lte(t.period, to))!,
      sign: sql<number>`1`,
    };
  return { unit: 'month', ...tallyCondition(tallyRanges(t, from, to)) };
}

/** The figures summed over the span's rows, each row with its sign. */
const sumsOver = (sign: SQL<number>) => {
  // Named as the fields are: the statement's raw rows are read as they come (runStatement).
  const total = (column: AnyPgColumn, name: string) => sql<number>`sum(${sign} * ${column})::int`.as(name);
  return {
    appointments: total(t.appointments, 'appointments'),
    completed: total(t.completed, 'completed'),
    noShows: total(t.noShows, 'noShows'),
    canceled: total(t.canceled, 'canceled'),
    recall: total(t.recall, 'recall'),
    daysOut: total(t.daysOut, 'daysOut'),
    sameDay: total(t.sameDay, 'sameDay'),
    days1to2: total(t.days1to2, 'days1to2'),
    days3to7: total(t.days3to7, 'days3to7'),
    days8to14: total(t.days8to14, 'days8to14'),
    days15Plus: total(t.days15Plus, 'days15Plus'),
    messages: total(t.messages, 'messages'),
  };
};
type Sums = Record<keyof ReturnType<typeof sumsOver>, number>;

/** What a report's rows are, and where their names come from. */
interface Tally {
  kind: TallyKind;
  /** One row per key (a source, a service, a recall), or per store. */
  by: 'key' | 'location';
  /** Only these keys (the long services; one recall). */
  keys?: SQL;
  /** Also count the appointments booked (each once, whatever it asked for). */
  booked?: boolean;
  timeline?: boolean;
}

/** Where each kind of row gets its name. */
const nameSources = {
  location: { table: locations, id: locations.id, name: sql<string>`${locations.name}` },
  source: { table: serviceSources, id: serviceSources.id, name: sql<string>`${serviceSources.name}` },
  service: { table: serviceServices, id: serviceServices.id, name: sql<string>`${serviceServices.name}` },
  campaign: {
    table: recallCampaigns,
    id: recallCampaigns.id,
    name: sql<string>`${recallCampaigns.campaign} || ' ' || ${recallCampaigns.name}`,
  },
} satisfies Record<TallyKind, { table: PgTable; id: AnyPgColumn; name: SQL<string> }>;

const percent = (part: number, whole: number) => (whole ? `${Math.round((part / whole) * 100)}%` : '');

function reportRow(key: number, name: string, s: Sums): ReportRow {
  const due = s.completed + s.noShows;
  return {
    key,
    name,
    appointments: s.appointments,
    completed: s.completed,
    noShows: s.noShows,
    canceled: s.canceled,
    upcoming: s.appointments - s.completed - s.noShows - s.canceled,
    recall: s.recall,
    showRate: percent(s.completed, due),
    averageDaysOut: s.appointments ? (s.daysOut / s.appointments).toFixed(1) : '',
    sameDay: s.sameDay,
    days1to2: s.days1to2,
    days3to7: s.days3to7,
    days8to14: s.days8to14,
    days15Plus: s.days15Plus,
    messages: s.messages,
  };
}

const monthLabel = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const weekLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A timeline's most periods: two centuries of months, which any range the dates allow fits in. */
const MAX_PERIODS = 2_500;

/** Every week (from its Monday) or month the range touches, in order, zeros included (never more than MAX_PERIODS). */
function periods(from: string, to: string, unit: Timeline['unit']): string[] {
  const out: string[] = [];
  let at = unit === 'month' ? monthStart(from) : addDays(from, -((utc(from).getUTCDay() + 6) % 7));
  while (at <= to && out.length < MAX_PERIODS) {
    out.push(at);
    at = unit === 'month' ? nextMonth(at) : addDays(at, 7);
  }
  return out;
}

interface Scope {
  db: Db;
  from: string;
  to: string;
  locationId?: number;
  reach: Reach;
}

/**
 * Which stores' rows: the one asked for (the platform has checked it is in reach); else for a user
 * who reaches the whole group its own rows (location 0), unless the rows are the stores themselves;
 * else the stores in reach.
 */
function stores(scope: Scope, by: Tally['by']): SQL | undefined {
  if (scope.locationId) return eq(t.locationId, scope.locationId);
  // Every store as an array worked out once: the key then reads each store's days as one short range
  // (a join or `in (select …)` would read every store's every day).
  if (scope.reach === 'group')
    return by === 'location'
      ? sql`${t.locationId} = any(array(select ${locations.id} from ${locations}))`
      : eq(t.locationId, GROUP);
  return withinReach(scope.reach, t.locationId);
}

/**
 * One statement: the sums per row over the range and, for a report with a chart, per row and week or
 * month as well (grouping sets), within reach.
 */
async function tally(scope: Scope, spec: Tally) {
  const { db } = scope;
  const span = tallySpan(scope.from, scope.to);
  const key = spec.by === 'key' ? t.keyId : t.locationId;
  const bucket = sql<string>`date_trunc('${sql.raw(span.unit)}', ${t.period})::date::text`;
  const sums = db
    .select({
      key: sql<number>`${key}`.as('key'),
      period: (spec.timeline ? bucket : sql<string | null>`null`).as('period'),
      ...sumsOver(span.sign),
    })
    .from(t)
    .where(and(eq(t.kind, spec.kind), span.where, stores(scope, spec.by), spec.keys))
    .groupBy(spec.timeline ? sql`grouping sets ((${key}), (${key}, ${bucket}))` : key)
    .as('sums');
  // Named in the same statement, with the appointments booked (each once) beside them.
  const n = nameSources[spec.by === 'key' ? spec.kind : 'location'];
  const booked = sql<number>`(select coalesce(sum(${span.sign} * ${t.appointments}), 0)::int from ${t}
    where ${and(eq(t.kind, 'location'), span.where, stores(scope, 'key'))})`;
  const {
    key: keyOf,
    period,
    appointments,
    completed,
    noShows,
    canceled,
    recall,
    daysOut,
    sameDay,
    days1to2,
    days3to7,
    days8to14,
    days15Plus,
    messages,
  } = sums;
  // One prepared statement per shape of range and reach, planned once per connection (as the lists are).
  type Row = Sums & { key: number; period: string | null; name: string | null; booked: number };
  const rows = await runStatement<Row>(
    db,
    db
      .select({
        key: keyOf,
        period,
        appointments,
        completed,
        noShows,
        canceled,
        recall,
        daysOut,
        sameDay,
        days1to2,
        days3to7,
        days8to14,
        days15Plus,
        messages,
        name: n.name.as('name'),
        booked: (spec.booked ? booked : sql<number>`0`).as('booked'),
      })
      .from(sums)
      .leftJoin(n.table as PgTable, eq(n.id, keyOf)),
  );
  const totals = rows.filter((r) => r.period === null && (r.appointments > 0 || r.messages > 0));
  const reportRows = totals
    .map((r) => reportRow(r.key, r.name ?? 'Removed', r))
    .sort((a, b) => b.appointments - a.appointments || b.messages - a.messages || a.name.localeCompare(b.name));
  let timeline: Timeline | undefined;
  if (spec.timeline) {
    // The busiest rows by name, the rest as "Other", per period.
    const shown = new Map(reportRows.slice(0, CHART_KEYS).map((r) => [r.key, r.name]));
    const byPeriod = new Map(periods(scope.from, scope.to, span.unit).map((p) => [p, {} as Record<string, number>]));
    for (const r of rows) {
      if (r.period === null || !r.appointments) continue;
      const values = byPeriod.get(r.period);
      if (!values) continue;
      const name = shown.get(r.key) ?? 'Other';
      values[name] = (values[name] ?? 0) + r.appointments;
    }
    const other = rows.some((r) => r.period === null && r.appointments > 0 && !shown.has(r.key));
    timeline = {
      unit: span.unit,
      keys: [...shown.values(), ...(other ? ['Other'] : [])],
      periods: [...byPeriod].map(([period, values]) => ({
        period,
        label: (span.unit === 'month' ? monthLabel : weekLabel).format(utc(period)),
        values,
      })),
    };
  }
  // Every appointment asks for a service (a check on the table): no service rows, none booked.
  return { rows: reportRows, timeline, booked: rows[0]?.booked ?? 0 };
}

type ReportInput = z.output<typeof reportInput>;

function scopeOf(ctx: {
  db: Db;
  input: ReportInput;
  user: { reach: Reach };
  services: { clock: { now(): Date } };
}): Scope {
  const { from, to } = resolveDays(ctx.input, ctx.services.clock.now());
  return { db: ctx.db, from, to, locationId: ctx.input.locationId, reach: ctx.user.reach };
}

const sum = (rows: ReportRow[], k: 'appointments' | 'messages') => rows.reduce((n, r) => n + r[k], 0);
const reply = (rows: ReportRow[], columns: ColumnSpec[], scope: Scope) => ({
  rows,
  html: renderTable(columns, rows),
  minCreatedAt: scope.from,
  maxCreatedAt: scope.to,
});

/**
 * What a service manager reads every morning: one store for a month, every store for a year. The
 * year is the sample's last 365 days, so it starts and ends inside months (day rows at both ends).
 */
function reportBench(extra: Record<string, unknown> = {}) {
  return (s: BenchSample): ActionBenchCase[] => [
    {
      name: 'location, a month',
      input: { ...extra, locationId: s.locationId, minCreatedAt: s.from, maxCreatedAt: s.to },
      p95Ms: 50,
    },
    { name: 'all, a year', input: { ...extra, minCreatedAt: addDays(s.to, -364), maxCreatedAt: s.to }, p95Ms: 300 },
    {
      name: "a year, a region's user",
      input: { ...extra, minCreatedAt: addDays(s.to, -364), maxCreatedAt: s.to },
      p95Ms: 300,
      regional: true,
    },
  ];
}
const report = { permission: 'serviceManager', reach: 'query', readOnly: true } as const;

defineAction({
  contract: loadSources,
  ...report,
  summary:
    'Appointments per source over the days booked (default the last 30), with what became of them, and per week or month for the chart.',
  bench: reportBench(),
  async handler(ctx) {
    const scope = scopeOf(ctx);
    const { rows, timeline } = await tally(scope, { kind: 'source', by: 'key', timeline: true });
    return {
      ...reply(rows, sourceColumns, scope),
      sourceCount: rows.length,
      appointmentCount: sum(rows, 'appointments'),
      timeline: timeline!,
    };
  },
});

defineAction({
  contract: loadServices,
  ...report,
  summary:
    'Appointments per service requested over the days booked; one appointment may ask for several, so appointmentCount counts each once.',
  bench: reportBench(),
  async handler(ctx) {
    const scope = scopeOf(ctx);
    const { rows, timeline, booked } = await tally(scope, { kind: 'service', by: 'key', timeline: true, booked: true });
    return {
      ...reply(rows, serviceColumns, scope),
      serviceCount: rows.length,
      appointmentCount: booked,
      timeline: timeline!,
    };
  },
});

const longServices = sql`${t.keyId} in (select ${serviceServices.id} from ${serviceServices} where ${serviceServices.longService})`;

defineAction({
  contract: loadLongServices,
  ...report,
  summary: 'Appointments for the long services (booked through the long-service scheduler) over the days booked.',
  bench: reportBench(),
  async handler(ctx) {
    const scope = scopeOf(ctx);
    const { rows } = await tally(scope, { kind: 'service', by: 'key', keys: longServices });
    return {
      ...reply(rows, serviceColumns, scope),
      serviceCount: rows.length,
      appointmentCount: sum(rows, 'appointments'),
    };
  },
});

defineAction({
  contract: loadLocations,
  ...report,
  summary: 'Appointments per store over the days booked, with shows, no-shows, cancellations, recalls and days out.',
  bench: reportBench(),
  async handler(ctx) {
    const scope = scopeOf(ctx);
    const { rows } = await tally(scope, { kind: 'location', by: 'location' });
    return {
      ...reply(rows, locationColumns, scope),
      locationCount: rows.length,
      appointmentCount: sum(rows, 'appointments'),
    };
  },
});

defineAction({
  contract: loadRecallAppointments,
  ...report,
  summary: 'Recall texts sent and the recall appointments booked, per recall, over a range of days.',
  bench: reportBench(),
  async handler(ctx) {
    const scope = scopeOf(ctx);
    const { rows } = await tally(scope, {
      kind: 'campaign',
      by: 'key',
      keys: ctx.input.campaignId ? eq(t.keyId, ctx.input.campaignId) : undefined,
    });
    return {
      ...reply(rows, recallColumns, scope),
      totalAppointments: sum(rows, 'appointments'),
      totalMessages: sum(rows, 'messages'),
    };
  },
});

defineAction({
  contract: loadDaysOut,
  ...report,
  summary:
    'How many days ahead customers book: appointments per span of days out, per store or per service, over the days booked.',
  bench: reportBench({ groupBy: 'service' }),
  async handler(ctx) {
    const scope = scopeOf(ctx);
    const byService = ctx.input.groupBy === 'service';
    const { rows, booked } = await tally(
      scope,
      byService ? { kind: 'service', by: 'key', booked: true } : { kind: 'location', by: 'location' },
    );
    return {
      ...reply(rows, daysOutColumns(byService ? 'Service' : 'Location'), scope),
      appointmentCount: byService ? booked : sum(rows, 'appointments'),
    };
  },
});
