import { describe, expect, it } from 'vitest';
import type { SQL } from 'drizzle-orm';
import { getTableConfig, type IndexedColumn, type PgTable } from 'drizzle-orm/pg-core';
import '../modules';
import { listRegistry } from './lists';

interface IndexShape { columns: string[]; unique: boolean }

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
    return order === 'desc' || nulls === 'first' ? `${column.name} ${order ?? 'asc'} nulls ${nulls ?? 'last'}` : column.name ?? '';
  };
  return [
    ...config.indexes.map((index) => ({ columns: index.config.columns.map(named), unique: index.config.unique })),
    ...config.columns.filter((column) => column.primary || column.isUnique).map((column) => ({ columns: [column.name], unique: true })),
  ];
}

/**
 * A sort is read from an index when one holds the sort column followed by the id (after the
 * columns a list filters on by equality, as calls by location), or the sort column alone, unique.
 */
const servesSort = (index: IndexShape, sort: string, id: string) =>
  (index.unique && index.columns.length === 1 && index.columns[0] === sort)
  || index.columns.some((column, i) => column === sort && index.columns[i + 1] === id);

describe('list definitions', () => {
  it('sort every list only on indexed columns, with the id after them, so each page is read from an index either way', () => {
    const unindexed: string[] = [];
    for (const [path, list] of listRegistry) {
      const idColumn = list.id.column;
      for (const [key, column] of Object.entries(list.sorts)) {
        if (column === idColumn) continue;
        if (!indexesOf(column.table as PgTable).some((index) => servesSort(index, column.name, idColumn.name))) unindexed.push(`${path} sort "${key}" (${column.name}, ${idColumn.name})`);
      }
    }
    expect(unindexed).toEqual([]);
  });
});
