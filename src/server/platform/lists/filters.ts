/**
 * A list's filters, declared beside it: each key of the contract's filters names the condition it
 * adds when the caller gives it (`defineListAction({ filters: { locationId: equals(t.locationId) } })`).
 * The platform joins the given ones with the list's reach; a filter left empty adds nothing.
 */
import { eq, gte, ilike, isNotNull, isNull, like, lt, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { SessionUser } from '../session';
import { dayEnd, dayStart, zoneOf } from '../days';
import { containing, matchesSearch, startingWith } from '../search';

/** What a filter may read besides its own value: the whole input (a day is on the filtered store's clock) and who asks. */
export interface FilterScope {
  input: Record<string, unknown>;
  user: SessionUser;
}

/** The condition one given filter adds; `undefined` adds none (a term that narrows nothing). */
export type ListFilter<V> = (value: V, scope: FilterScope) => SQL | undefined;

/** The conditions of a list's filters, by the contract's keys: a key the contract lacks fails the type check. */
export type ListFilters<F extends z.ZodRawShape> = { [K in keyof F]?: ListFilter<NonNullable<z.output<F[K]>>> };

type Data<C> = C extends AnyPgColumn ? C['_']['data'] : unknown;

/** The column (or expression) equals the value given. */
export const equals =
  <C extends AnyPgColumn | SQL>(column: C) =>
  (value: Data<C>) =>
    eq(column as AnyPgColumn, value);

/** `'1'` / `'0'` (the old API's yes / no filters) as the boolean column being true or false. */
export const yesNo = (column: AnyPgColumn) => (value: string) => eq(column, value === '1');

/** `'1'` / `'0'` as the column being set or empty (a quote viewed, an appointment from a recall). */
export const present = (column: AnyPgColumn | SQL) => (value: string) =>
  value === '1' ? isNotNull(column) : isNull(column);

/**
 * The first and last day of a range, on the wall clock of the location filtered by (the group's
 * otherwise, platform/days.ts): constant bounds, so the (location, time) index serves them.
 */
export const fromDay =
  (column: AnyPgColumn) =>
  (day: string, { input }: FilterScope) =>
    gte(column, dayStart(day, zoneOf(input.locationId as number | undefined)));
export const toDay =
  (column: AnyPgColumn) =>
  (day: string, { input }: FilterScope) =>
    lt(column, dayEnd(day, zoneOf(input.locationId as number | undefined)));

/**
 * Free text found in a list's search text (a table's stored `search` column, or `searchText` over its
 * columns; trigram-indexed either way), read as `normalize` gives it.
 */
export const matches =
  (text: SQL | AnyPgColumn, normalize: (term: string) => string = (term) => term) =>
  (term: string) =>
    matchesSearch(text, normalize(term));

/** Part of the value in any of the columns, in any case (a short table's search, without a search text). */
export const contains =
  (...columns: (AnyPgColumn | SQL)[]) =>
  (term: string) => {
    const part = containing(term);
    return or(...columns.map((column) => ilike(column, part)));
  };

/** A text column starting with the value (`text_pattern_ops` index), read as `normalize` gives it. */
export const startsWith =
  (column: AnyPgColumn | SQL, normalize: (term: string) => string = (term) => term) =>
  (term: string) =>
    like(column, startingWith(normalize(term)));

/**
 * A filter whose best plan depends on its value: a state most rows never have (quotes still waiting
 * for the carrier) is found from its own index, a common one by walking the sort order. A statement
 * with such a filter given is planned for its values on every call, as a search is (decision 010):
 * a plan made once for any value walked all 100,000 quotes to find none waiting.
 */
export const planned = <V>(filter: ListFilter<V>): ListFilter<V> => Object.assign(filter, { plannedPerValue: true });

/** Whether a filter marked `planned` is among those given. */
export const plannedFilterGiven = (filters: ListFilters<z.ZodRawShape> | undefined, input: Record<string, unknown>) =>
  Object.entries(filters ?? {}).some(
    ([key, filter]) => (filter as { plannedPerValue?: boolean } | undefined)?.plannedPerValue && isGiven(input[key]),
  );

/** Whether a filter was given: empty text, an empty list and null say "any". */
const isGiven = (value: unknown) =>
  value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);

/** The conditions of the filters given, in the order declared. */
export function givenFilters(filters: ListFilters<z.ZodRawShape> | undefined, scope: FilterScope): (SQL | undefined)[] {
  if (!filters) return [];
  return Object.entries(filters).map(([key, filter]) =>
    filter && isGiven(scope.input[key]) ? filter(scope.input[key] as never, scope) : undefined,
  );
}
