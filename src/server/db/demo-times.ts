/**
 * When things happened in the demo group. A seed that writes `now - 3 days` gives every record the
 * minute and second the demo was made at, and some at three in the morning; these helpers move such a
 * moment to a plausible time of its day on the store's own clock, its minutes and seconds drawn from
 * the seed's own deterministic random numbers.
 */
import { dayIn, DEFAULT_TIME_ZONE } from '../platform/days';
import type { Random } from '../scale/random';

/** Hours of the day, on the store's clock: `from` included, `to` not. */
export interface Hours {
  from: number;
  to: number;
}

/** When the stores are open and their staff work: 9:00 to 18:00, Monday to Saturday. */
export const STORE_HOURS: Hours = { from: 9, to: 18 };
/** When customers write, fill in forms and text: 7:00 to 22:00, any day. */
export const WAKING_HOURS: Hours = { from: 7, to: 22 };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of `timeZone` at `at`: its day (YYYY-MM-DD), weekday (0 is Sunday) and hour. */
function wallClock(at: Date, timeZone: string) {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', hourCycle: 'h23' });
    wallClocks.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  return {
    day: dayIn(timeZone, at),
    weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday),
    hour: Number(parts.hour),
  };
}

/** The moment a wall clock of `timeZone` shows `day` at `seconds` past midnight. */
function zonedMoment(day: string, seconds: number, timeZone: string): Date {
  const guess = Date.parse(`${day}T00:00:00Z`) + seconds * 1000;
  // The zone's offset at that moment (after a change of clock too): what its wall clock reads there.
  const shown = new Date(guess).toLocaleString('sv-SE', { timeZone }).replace(' ', 'T');
  return new Date(guess - (Date.parse(`${shown}Z`) - guess));
}

interface MomentOptions {
  now?: Date;
  timeZone?: string;
  hours?: Hours;
}

/**
 * A moment of `at`'s day (or, when that is Sunday for the stores, or still to come, of the day
 * before) at the hour `hourOf` picks within `hours`, a drawn minute and second past it.
 */
function momentOfDay(
  random: Random,
  at: Date,
  { now = new Date(), timeZone = DEFAULT_TIME_ZONE, hours = STORE_HOURS }: MomentOptions,
  hourOf: (hour: number) => number,
): Date {
  const minuteAndSecond = random.int(0, 3_599);
  for (let back = 0; ; back++) {
    const clock = wallClock(new Date(at.getTime() - back * DAY), timeZone);
    if (hours === STORE_HOURS && clock.weekday === 0) continue;
    const moment = zonedMoment(clock.day, hourOf(clock.hour) * 3_600 + minuteAndSecond, timeZone);
    if (moment <= now) return moment;
  }
}

/**
 * `at` moved to a plausible moment of its own day: its hour kept when within `hours`, an hour outside
 * them folded into them (so a day's records keep their order and spread), at a drawn minute and
 * second. Store hours skip Sunday for the Saturday before; a moment still to come moves a day back.
 */
export function plausibleMoment(random: Random, at: Date, options: MomentOptions = {}): Date {
  const { from, to } = options.hours ?? STORE_HOURS;
  return momentOfDay(random, at, options, (hour) => (hour >= from && hour < to ? hour : from + (hour % (to - from))));
}

/** `days` days before `now` (fractions of a day too), at a drawn hour, minute and second of `hours`. */
export function daysAgo(random: Random, days: number, options: MomentOptions & { now: Date }): Date {
  const { from, to } = options.hours ?? STORE_HOURS;
  const hour = random.int(from, to - 1);
  return momentOfDay(random, new Date(options.now.getTime() - days * DAY), options, () => hour);
}

/**
 * The moments of one record's story (made, worked, closed), earliest first as given: each moved to
 * at least a few minutes after the one before, since moments drawn within one day may fall out of
 * order; none after `now`.
 */
export function inSequence(random: Random, moments: Date[], now = new Date()): Date[] {
  const ordered: Date[] = [];
  for (const moment of moments) {
    const previous = ordered.at(-1);
    const earliest = previous ? previous.getTime() + random.int(3, 90) * 60_000 : moment.getTime();
    ordered.push(new Date(Math.min(now.getTime(), Math.max(moment.getTime(), earliest))));
  }
  return ordered;
}
