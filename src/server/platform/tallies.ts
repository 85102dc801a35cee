/**
 * Tally tables: counts kept by triggers per day (grain 'd') and per month (grain 'm', the month's
 * first day as its period), so a report over any days reads a few rows per store instead of every
 * record (appointment_tallies, appraisal_tallies).
 */
import { and, eq, gte, lte, or, sql, type SQL, type Table } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { addDays } from './days';

export interface TallyTable {
  grain: AnyPgColumn;
  period: AnyPgColumn;
}

/** One index range of a tally table's rows, added to the sum or taken away from it. */
export interface TallyRange {
  where: SQL;
  sign: 1 | -1;
}

const utc = (day: string) => Date.parse(`${day}T00:00:00Z`);
const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
const nextMonth = (day: string) => {
  const d = new Date(utc(monthStart(day)));
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 10);
};
const lastOfMonth = (day: string) => addDays(nextMonth(day), -1);
const daysBetween = (from: string, to: string) => Math.round((utc(to) - utc(from)) / 86_400_000);

/**
 * The ranges of tally rows that add up to the days from–to (either may be open; none when from is
 * after to): month rows for the whole months, and a month covered in part either as its days in the
 * range or as its month row less its days outside it, whichever reads fewer rows (a year to the 26th
 * of a month: that month less four days).
 */
export function tallyRanges(t: TallyTable, from?: string, to?: string): TallyRange[] {
  if (from && to && from > to) return [];
  const rows = (
    grain: 'd' | 'm',
    first: string | undefined,
    last: string | undefined,
    sign: 1 | -1 = 1,
  ): TallyRange => ({
    where: and(eq(t.grain, grain), first ? gte(t.period, first) : undefined, last ? lte(t.period, last) : undefined)!,
    sign,
  });
  const ranges: TallyRange[] = [];
  if (from && to && monthStart(from) === monthStart(to)) {
    const outside = daysBetween(monthStart(from), lastOfMonth(from)) - daysBetween(from, to);
    if (outside >= daysBetween(from, to) + 1) return [rows('d', from, to)];
    ranges.push(rows('m', monthStart(from), monthStart(from)));
    if (from !== monthStart(from)) ranges.push(rows('d', monthStart(from), addDays(from, -1), -1));
    if (to !== lastOfMonth(to)) ranges.push(rows('d', addDays(to, 1), lastOfMonth(to), -1));
    return ranges;
  }
  let firstMonth = from && monthStart(from);
  let lastMonth = to && monthStart(to);
  if (from && from !== firstMonth) {
    const before = daysBetween(firstMonth!, from);
    if (before < daysBetween(from, lastOfMonth(from)) + 1) ranges.push(rows('d', firstMonth, addDays(from, -1), -1));
    else {
      ranges.push(rows('d', from, lastOfMonth(from)));
      firstMonth = nextMonth(from);
    }
  }
  if (to && to !== lastOfMonth(to)) {
    const after = daysBetween(to, lastOfMonth(to));
    if (after < daysBetween(lastMonth!, to) + 1) ranges.push(rows('d', addDays(to, 1), lastOfMonth(to), -1));
    else {
      ranges.push(rows('d', lastMonth, to));
      lastMonth = addDays(lastMonth!, -1);
    }
  }
  if (!firstMonth || !lastMonth || firstMonth <= lastMonth) ranges.push(rows('m', firstMonth, lastMonth));
  return ranges;
}

/**
 * The rows of the ranges as one union, each column named as given and signed: every range is then
 * its own index scan, read from an index alone where one covers the columns (one condition with OR
 * would be a bitmap scan that visits the table).
 */
export function tallyUnion(
  t: TallyTable & Table,
  ranges: TallyRange[],
  columns: Record<string, AnyPgColumn>,
  where?: SQL,
): SQL {
  const names = Object.entries(columns);
  if (!ranges.length) return sql`select ${sql.raw(names.map(([name]) => `0 as "${name}"`).join(', '))} where false`;
  return sql.join(
    ranges.map((range) => {
      const signed = sql.join(
        names.map(([name, column]) => sql`${sql.raw(String(range.sign))} * ${column} as ${sql.identifier(name)}`),
        sql`, `,
      );
      return sql`select ${signed} from ${t} where ${and(range.where, where)}`;
    }),
    sql` union all `,
  );
}

/** The ranges as one condition, and the sign each row read by it carries, for sums in one pass. */
export function tallyCondition(ranges: TallyRange[]): { where: SQL; sign: SQL<number> } {
  const taken = ranges.filter((r) => r.sign < 0).map((r) => r.where);
  return {
    where: or(...ranges.map((r) => r.where)) ?? sql`false`,
    sign: taken.length ? sql<number>`(case when ${or(...taken)} then -1 else 1 end)` : sql<number>`1`,
  };
}
