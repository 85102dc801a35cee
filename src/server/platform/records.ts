/**
 * The steps every add / edit / delete tool repeats, done once: load a record within the caller's
 * reach or answer the record's own 404, refuse a duplicate with 409, and write with the audit row
 * before and after. A module declares its kind of record beside its table (`defineRecords`); the
 * same declaration tells the platform how the record reaches a location (reach.ts).
 */
import { and, eq, getTableColumns, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import type { Reach } from '../../shared/session';
import type { ActionContext } from './actions';
import { AppError } from './errors';
import { withinReach } from './reach';

type Key = string | number;

export interface RecordKind<T extends PgTable = PgTable> {
  table: T;
  /** The column an input field names the record by (`phones.id`, `calls.callSid`). */
  key: AnyPgColumn;
  /** The column that holds the record's location (a joined table's, with `join`); none for the group's own records. */
  location?: AnyPgColumn;
  /** When the location sits on another table: that table and how it joins the record's. */
  join?: { table: PgTable; on: SQL };
  /** The sentence of the 404. Reach answers with the same one, so it reveals nothing. */
  missing: string | ((key: string) => string);
  /** The record's name in the audit log. */
  type: string;
}

/** A kind of record that belongs to a location: the kind reach can check. */
export type LocatedRecordKind = RecordKind & { location: AnyPgColumn };

export const defineRecords = <T extends PgTable, K extends RecordKind<T>>(kind: K & RecordKind<T>): K => kind;

export function notFound(kind: RecordKind, key: Key): AppError {
  return AppError.notFound(typeof kind.missing === 'string' ? kind.missing : kind.missing(String(key)));
}

type Row<K extends RecordKind> = K['table']['$inferSelect'];
type Values<K extends RecordKind> = Partial<K['table']['$inferInsert']>;
/** What a handler hands the helpers: its transaction, its user and its audit. */
type Ctx = Pick<ActionContext<unknown>, 'db' | 'audit'> & { user: { reach: Reach } };

const generatedKeys = new WeakMap<PgTable, string[]>();

/**
 * A row of `table` as the audit keeps it: the fields people write, without those PostgreSQL works
 * out from them (a stored search text, `storedSearch`), which would only repeat them. The records
 * kit audits through it; so does a handler that audits a whole row it wrote itself.
 */
export function auditedRow<R extends Record<string, unknown>>(table: PgTable, row: R): Partial<R> {
  let keys = generatedKeys.get(table);
  if (!keys) {
    keys = Object.entries(getTableColumns(table))
      .filter(([, c]) => c.generated)
      .map(([key]) => key);
    generatedKeys.set(table, keys);
  }
  if (keys.length === 0) return row;
  const kept: Partial<R> = { ...row };
  for (const key of keys) delete kept[key];
  return kept;
}

const written = <K extends RecordKind>(kind: K, row: Row<K>) => auditedRow(kind.table as PgTable, row);

/** The record with this key, within the caller's reach; otherwise the record's own 404. */
export async function loadRecord<K extends RecordKind>(
  ctx: Pick<Ctx, 'db' | 'user'>,
  kind: K,
  key: Key,
): Promise<Row<K>> {
  const where = and(eq(kind.key, key), kind.location ? withinReach(ctx.user.reach, kind.location) : undefined);
  const base = ctx.db
    .select(getTableColumns(kind.table as PgTable))
    .from(kind.table as PgTable)
    .$dynamic();
  const [row] = await (kind.join ? base.innerJoin(kind.join.table, kind.join.on) : base).where(where).limit(1);
  if (!row) throw notFound(kind, key);
  return row as Row<K>;
}

/** Adds a record and audits it; answers the stored row. */
export async function insertRecord<K extends RecordKind>(
  ctx: Ctx,
  kind: K,
  values: K['table']['$inferInsert'],
): Promise<Row<K>> {
  const [after] = await (ctx.db
    .insert(kind.table as PgTable)
    .values(values as never)
    .returning() as Promise<Row<K>[]>);
  ctx.audit({ recordType: kind.type, recordId: keyOf(kind, after), after: written(kind, after) });
  return after;
}

/** Changes the fields given (none: nothing is written), within reach; audits before and after. */
export async function updateRecord<K extends RecordKind>(
  ctx: Ctx,
  kind: K,
  key: Key,
  values: Values<K>,
): Promise<{ before: Row<K>; after: Row<K> }> {
  const before = await loadRecord(ctx, kind, key);
  if (Object.keys(values).length === 0) return { before, after: before };
  const stamped = 'updatedAt' in getTableColumns(kind.table) ? { ...values, updatedAt: sql`now()` } : values;
  const [after] = await (ctx.db
    .update(kind.table as PgTable)
    .set(stamped as never)
    .where(eq(kind.key, key))
    .returning() as Promise<Row<K>[]>);
  ctx.audit({ recordType: kind.type, recordId: key, before: written(kind, before), after: written(kind, after) });
  return { before, after };
}

/** Deletes a record within reach; audits what it was. */
export async function deleteRecord<K extends RecordKind>(ctx: Ctx, kind: K, key: Key): Promise<Row<K>> {
  const before = await loadRecord(ctx, kind, key);
  await ctx.db.delete(kind.table as PgTable).where(eq(kind.key, key));
  ctx.audit({ recordType: kind.type, recordId: key, before: written(kind, before) });
  return before;
}

/**
 * A write whose unique index stops a second save of the same value made at the same moment (after
 * both passed the module's own check): the loser gets the module's 409 instead of a 500. Its
 * transaction is aborted by then, so `conflict` must say its sentence from what was read before.
 */
export async function refusingDuplicate<T>(write: () => Promise<T>, conflict: () => AppError): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause ?? (error as { code?: string });
    if (cause.code === '23505') throw conflict();
    throw error;
  }
}

/**
 * 409 when another record already holds this value of a unique column (`except`: the record being
 * edited). `field` is the input field the form marks.
 */
export async function refuseTaken(
  db: Db,
  column: AnyPgColumn,
  value: unknown,
  sentence: string,
  field: string,
  except?: { key: AnyPgColumn; value: Key },
): Promise<void> {
  const table = (column as unknown as { table: PgTable }).table;
  const [clash] = await db
    .select({ found: column })
    .from(table)
    .where(and(eq(column, value), except ? ne(except.key, except.value) : undefined))
    .limit(1);
  if (clash) throw AppError.conflict(sentence, [field]);
}

function keyOf(kind: RecordKind, row: unknown): Key {
  const name = Object.entries(getTableColumns(kind.table)).find(([, column]) => column === kind.key)?.[0];
  return (row as Record<string, Key>)[name ?? 'id'];
}
