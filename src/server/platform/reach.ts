import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../db/client';
import type { Reach } from '../../shared/session';
import { AppError } from './errors';
import { notFound, type RecordKind } from './records';

/**
 * Reach: the locations a user acts on (docs/permissions.md, "Reach"). A user reaches the locations
 * of their regions and their home location, or every location when marked group-wide. The platform
 * applies it from what each action declares: lists are filtered by their location column, and a
 * record id or `locationId` outside reach answers 404, as if the record did not exist.
 */

/**
 * What an action declares: `group` when its records belong to the whole group or to the caller
 * (job codes, the outbox, your own profile); `query` when its handler keeps its own reads within
 * reach (`withinReach`: pickers, reports); otherwise, for each input field that names a record,
 * how that record reaches a location (its kind, `defineRecords`). A `locationId` field is always checked, declared or not.
 */
export type ActionReach = 'group' | 'query' | Record<string, RecordKind>;

/** The location-ish input every action is checked on. */
export const LOCATION_FIELD = 'locationId';

/** The condition that keeps rows of `column` within reach; none for a group-wide user. */
export function withinReach(reach: Reach, column: AnyPgColumn): SQL | undefined {
  if (reach === 'group') return undefined;
  if (reach.length === 0) return sql`false`;
  // Written as literals: each reach gets its own statement and plan, which knows how many locations it reads.
  return sql`${column} in (${sql.raw(reach.join(', '))})`;
}

export const reachesLocation = (reach: Reach, locationId: number | null | undefined): boolean =>
  reach === 'group' || (locationId != null && reach.includes(locationId));

/** A key for what depends on reach (kept list statements). */
export const reachKey = (reach: Reach): string => (reach === 'group' ? 'group' : reach.join(','));

/**
 * Refuses, with the record's own 404, a record (or each of a list of records) that exists outside
 * the caller's reach. A record that does not exist is left to the handler, which says so itself.
 */
async function checkRecordReach(db: Db, reach: Reach, records: RecordKind, value: unknown): Promise<void> {
  // The group's own records (a catalogue) are in everyone's reach.
  if (reach === 'group' || !records.location) return;
  const values = (Array.isArray(value) ? value : [value]).filter((v) => v !== undefined && v !== null && v !== '');
  if (values.length === 0) return;
  const base = db.select({ key: records.key, location: records.location }).from(records.table);
  const joined = records.join ? base.innerJoin(records.join.table, records.join.on) : base;
  const found = await joined.where(values.length === 1 ? eq(records.key, values[0]) : inArray(records.key, values));
  const outside = found.find((row) => !reachesLocation(reach, row.location as number | null));
  if (!outside) return;
  throw notFound(records, String(outside.key));
}

function checkLocationReach(reach: Reach, locationId: unknown) {
  if (typeof locationId === 'number' && !reachesLocation(reach, locationId))
    throw AppError.notFound('That location does not exist.');
}

/**
 * The platform's check before a handler runs: `locationId` and each declared record field, each
 * read with its own field's schema (a field that does not parse is left to the input's 400).
 * Run before the whole input is parsed, so that a record outside reach is a 404 whatever else is sent.
 */
export async function checkActionReach(
  db: Db,
  reach: Reach,
  declared: ActionReach,
  input: z.ZodType,
  body: Record<string, unknown>,
) {
  if (reach === 'group') return;
  const shape = (input as unknown as { shape?: Record<string, z.ZodType> }).shape;
  if (!shape) return;
  const field = (name: string) => {
    const parsed = shape[name]?.safeParse(body[name]);
    return parsed?.success ? parsed.data : undefined;
  };
  if (shape[LOCATION_FIELD]) checkLocationReach(reach, field(LOCATION_FIELD));
  if (typeof declared === 'string') return;
  // Read together, refused in the order declared: the reply names the same record every time.
  const checks = await Promise.allSettled(
    Object.entries(declared).map(([name, records]) => checkRecordReach(db, reach, records, field(name))),
  );
  const refused = checks.find((c) => c.status === 'rejected');
  if (refused) throw refused.reason;
}
