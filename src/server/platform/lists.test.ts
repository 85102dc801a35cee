import { describe, expect, it } from 'vitest';
import { Column, is, SQL } from 'drizzle-orm';
import { getTableConfig, type IndexedColumn, type PgTable } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { z } from 'zod';
import '../modules';
import type { Db } from '../db/client';
import { planFor, planOf, statementOf } from '../db/statements';
import { listPaging } from '../../shared/fields';
import { buildListQueries, holderOf, listStatement, type BenchSample } from './lists';
import { registeredActions, registeredLists } from '../../../tests/registries';

interface IndexShape {
  columns: string[];
  unique: boolean;
}

/**
 * The indexes of a table as the columns they hold, in order (an expression holds none). A column kept
 * in another order than ascending with nulls last is named with it ("at desc nulls last"): such an
 * index serves only that order, and the lists' `desc` (nulls first) is not it.
 */
function indexesOf(table: PgTable): IndexShape[] {
  const config = getTableConfig(table);
  const named = (column: Partial<IndexedColumn | SQL>) => {
    if (!('name' in column)) return '';
    const { order, nulls } = (column as IndexedColumn).indexConfig ?? {};
    return order === 'desc' || nulls === 'first'
      ? `${column.name} ${order ?? 'asc'} nulls ${nulls ?? 'last'}`
      : (column.name ?? '');
  };
  return [
    ...config.indexes.map((index) => ({ columns: index.config.columns.map(named), unique: index.config.unique })),
    ...config.columns
      .filter((column) => column.primary || column.isUnique)
      .map((column) => ({ columns: [column.name], unique: true })),
  ];
}

/**
 * A sort is read from an index when one holds the sort column followed by the id (after the
 * columns a list filters on by equality, as calls by location), or the sort column alone, unique.
 */
const servesSort = (index: IndexShape, sort: string, id: string) =>
  (index.unique && index.columns.length === 1 && index.columns[0] === sort) ||
  index.columns.some((column, i) => column === sort && index.columns[i + 1] === id);

describe('list definitions', () => {
  it('sort every list only on indexed columns, with the id after them, so each page is read from an index either way', () => {
    const unindexed: string[] = [];
    for (const [path, list] of registeredLists()) {
      const idColumn = list.id.column;
      for (const [key, column] of Object.entries(list.sorts)) {
        if (column === idColumn) continue;
        if (!indexesOf(column.table as PgTable).some((index) => servesSort(index, column.name, idColumn.name)))
          unindexed.push(`${path} sort "${key}" (${column.name}, ${idColumn.name})`);
      }
    }
    expect(unindexed).toEqual([]);
  });

  it('join other tables on their keys alone: a condition that drops rows goes in where, which the count reads too', () => {
    // The count reads the list's own table alone when its filters do (statement.ts, `countable`):
    // rows an inner join drops would be counted anyway (load-coupons counted every plan's coupons).
    const filtering: string[] = [];
    const db = drizzle(new pg.Pool()) as unknown as Db;
    const chunksOf = (condition: SQL): unknown[] =>
      condition.queryChunks.flatMap((chunk) => (is(chunk, SQL) ? chunksOf(chunk) : [chunk]));
    for (const [path, list] of registeredLists()) {
      const { select } = list.query({ db, input: {}, user: { id: 1, flags: [], reach: 'group' } } as never);
      const { joins = [] } = (select as unknown as { config: { joins?: { joinType: string; on?: SQL }[] } }).config;
      for (const join of joins) {
        if (join.joinType !== 'inner' || !join.on) continue;
        const chunks = chunksOf(join.on);
        const columns = chunks.filter((chunk) => is(chunk, Column)).length;
        const text = chunks
          .filter((chunk) => !is(chunk, Column))
          .map((chunk) => (chunk as { value?: string[] }).value?.join('') ?? '?')
          .join('')
          .trim();
        if (columns !== 2 || text !== '=') filtering.push(`${path}: inner join on ${text} over ${columns} columns`);
      }
    }
    expect(filtering).toEqual([]);
  });

  it('select each sort column as a field of its own, by which pages are ordered and resumed', () => {
    const unheld: string[] = [];
    const db = drizzle(new pg.Pool()) as unknown as Db;
    for (const [path, list] of registeredLists()) {
      const { select } = list.query({ db, input: {}, user: { id: 1, flags: [], reach: 'group' } } as never);
      for (const [key, column] of Object.entries(list.sorts)) {
        if (column !== list.id.column && !holderOf(select, column)) unheld.push(`${path} sort "${key}"`);
      }
    }
    expect(unheld).toEqual([]);
  });
});

/**
 * The rules every list must keep for the list path to stay fast and right (decisions 006 and 010),
 * checked over the registry with each list's own bench cases as inputs.
 */
describe('list rules', () => {
  const db = drizzle(new pg.Pool()) as unknown as Db;
  const sample: BenchSample = { locationId: 7, userId: 3, from: '2026-10-01', to: '2026-10-30' };
  // Each list's bench cases, and no filters at all where the list takes none it requires.
  const cases = [...registeredLists()].flatMap(([path, list]) =>
    [{ name: 'no filters', filters: {} }, ...list.bench(sample)]
      .filter((c) => z.object({ ...list.fields, ...listPaging }).safeParse(c.filters).success)
      .map((c) => ({ path, list, name: c.name, filters: c.filters })),
  );
  const inputOf = (list: (typeof cases)[number]['list'], filters: Record<string, unknown>) =>
    z.object({ ...list.fields, ...listPaging }).parse(filters) as Record<string, unknown>;
  const user = { id: 1, flags: [], reach: [1, 2] };

  it('build their statements from their input and the user alone (the rendered statement is kept by them)', () => {
    const misuse: string[] = [];
    for (const { path, list, name, filters } of cases) {
      // Anything else a handler's context offers (the request, services, the session) is out of bounds.
      const ctx = new Proxy(
        { db, input: inputOf(list, filters), user },
        {
          get(target, key) {
            if (key in target) return target[key as keyof typeof target];
            misuse.push(`${path} [${name}] reads ctx.${String(key)}`);
            return undefined;
          },
        },
      );
      buildListQueries(list, ctx as never);
    }
    expect(misuse).toEqual([]);
  });

  it('name their fields with plain identifiers, and bind a LIKE pattern (planned for its values) only for a search', () => {
    const wrong: string[] = [];
    for (const { path, list, name, filters } of cases) {
      const input = inputOf(list, filters);
      const { params } = statementOf(buildListQueries(list, { db, input, user } as never).json);
      // A search: a filter's text, or a word of it, made a pattern (part of a name, the start of a
      // stock number or of a word).
      const pattern = (p: unknown) => typeof p === 'string' && (p.startsWith('%') || p.endsWith('%'));
      const searching = Object.values(filters).some(
        (v) =>
          typeof v === 'string' &&
          params.some((p) => {
            if (!pattern(p)) return false;
            const [typed, made] = [v.toLowerCase(), (p as string).toLowerCase()];
            return made.includes(typed) || typed.includes(made.replace(/^%|%$/g, ''));
          }),
      );
      // A search may still be an exact lookup (a whole phone number), planned once like any filter.
      if (planFor(params) === 'custom' && !searching)
        wrong.push(`${path} [${name}]: planned for its values, but it searches nothing`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuse a range given the wrong way round with a sentence naming its upper end', () => {
    const ranges: string[] = [];
    const actions = [...registeredActions().values()];
    for (const [path] of registeredLists()) {
      const { input } = actions.find((action) => action.path === path)!;
      const shape = (input as z.ZodObject).shape;
      for (const min of Object.keys(shape).filter((key) => /^min[A-Z]/.test(key))) {
        const max = min.replace(/^min/, 'max');
        if (!(max in shape)) continue;
        const [low, high] = input.safeParse({ [min]: '2026-03-01' }).success
          ? ['2026-03-01', '2026-02-01']
          : [2020, 2010];
        expect(input.safeParse({ [min]: low, [max]: high }).success, `${path} ${min}`).toBe(false);
        expect(input.safeParse({ [min]: high, [max]: low }).success, `${path} ${min}`).toBe(true);
        ranges.push(`${path} ${min}`);
      }
    }
    expect(ranges.length).toBeGreaterThan(20);
  });

  it('plan a statement for its values when a filter marked planned is given (quotes waiting), once otherwise', async () => {
    const [, quotes] = [...registeredLists()].find(([path]) => path === 'clicklane/load-quotes')!;
    const plan = async (filters: Record<string, unknown>) =>
      planOf((await listStatement(quotes, { db, input: inputOf(quotes, filters), user } as never)).statement);
    expect(await plan({ status: 'requested' })).toBe('custom');
    expect(await plan({ status: 'requested', cursor: undefined, locationId: 1 })).toBe('custom');
    expect(await plan({ locationId: 1 })).toBe('generic');
  });

  it('write rowFields from the row alone, the same each time, without changing it', () => {
    const impure: string[] = [];
    for (const [path, list] of registeredLists()) {
      if (!list.rowFields) continue;
      // A frozen row: writing to it throws. Every column null, and the fields a call plan's step reads.
      const row = {
        ...Object.fromEntries(list.columns.map((c) => [c.key, null])),
        memberNames: {},
        kind: 'voicemail',
        targets: [],
        userIds: [],
        hours: null,
        greeting: '',
        timeoutSeconds: 20,
        label: '',
      };
      const first = JSON.stringify(list.rowFields(Object.freeze({ ...row })));
      if (first !== JSON.stringify(list.rowFields(Object.freeze({ ...row })))) impure.push(path);
    }
    expect(impure).toEqual([]);
  });
});
