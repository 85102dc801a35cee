import { sql, type SQL } from 'drizzle-orm';

/** The group's own clock: reports without a location, and locations without a zone of their own. */
export const DEFAULT_TIME_ZONE = 'America/Denver';

/**
 * Date filters are days on the wall clock of the location filtered by (the group's zone otherwise):
 * a call at 20:00 in Denver belongs to that day, not the next UTC day. Constant bounds keep the
 * (location, started_at) index usable.
 */
export function zoneOf(locationId: number | undefined): SQL {
  return locationId
    ? sql`coalesce((select l.time_zone from locations l where l.id = ${locationId}), ${DEFAULT_TIME_ZONE})`
    : sql`${DEFAULT_TIME_ZONE}`;
}
export const dayStart = (day: string, zone: SQL) => sql`((${day}::date)::timestamp at time zone ${zone})`;
export const dayEnd = (day: string, zone: SQL) => sql`(((${day}::date) + 1)::timestamp at time zone ${zone})`;

/** YYYY-MM-DD of `now` in a time zone. */
export function dayIn(timeZone: string, now: Date): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(now);
}
/** One formatter per zone: making one costs a hundred times what formatting a day with it does. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** A calendar day (YYYY-MM-DD) n days later (earlier when negative). */
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The reports' default range: the last 30 days, today included. */
function defaultRange(now: Date, timeZone = DEFAULT_TIME_ZONE): { from: string; to: string } {
  const to = dayIn(timeZone, now);
  return { from: addDays(to, -29), to };
}

/**
 * A report's days: both as given; one alone runs from it to today (or is the last day); neither is
 * the last 30 days. Today is the group's.
 */
export function resolveDays(
  input: { minCreatedAt?: string; maxCreatedAt?: string },
  now: Date,
): { from: string; to: string } {
  const fallback = defaultRange(now, DEFAULT_TIME_ZONE);
  const from = input.minCreatedAt ?? input.maxCreatedAt ?? fallback.from;
  const to = input.maxCreatedAt ?? (input.minCreatedAt ? dayIn(DEFAULT_TIME_ZONE, now) : fallback.to);
  return { from, to };
}

/** Start of a day in a zone, as a Date (for the provider's own call list). */
export function zonedDayStart(day: string, timeZone: string): Date {
  const guess = new Date(`${day}T00:00:00Z`);
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(guess);
  const offset = parts.find((p) => p.type === 'timeZoneName')?.value.replace('GMT', '') || '+00:00';
  return new Date(`${day}T00:00:00${offset === '' ? 'Z' : offset}`);
}
