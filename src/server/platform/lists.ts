import { and, count, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { z } from 'zod';
import { formatCell, type ColumnSpec, type ListPage } from '../../shared/lists';
import { formatNumber } from '../../shared/format';
import { listPaging } from '../../shared/fields';
import type { Permission } from '../../shared/permissions';
import { defineAction, type ActionContext } from './actions';
import { AppError } from './errors';

type Row = Record<string, unknown>;

export interface ListDefinition<F extends z.ZodRawShape> {
  path: string;
  permission: Permission;
  summary?: string;
  /** The list's own filters; sort, dir, cursor and limit are added by the platform. */
  filters: F;
  /** The count the spec names (`phoneCount`); a name ending in `Formatted` gets "1,234". */
  countKey: string;
  columns: readonly ColumnSpec[];
  /** Sortable column key -> the indexed, not-null column to order by. */
  sorts: Record<string, AnyPgColumn>;
  defaultSort: string;
  defaultDir?: 'asc' | 'desc';
  /** The unique column that breaks ties and anchors the keyset cursor; its key in each row. */
  id: { key: string; column: AnyPgColumn };
  /** The select with its joins, and the filters' condition. Called once for the page and once for the count. */
  query: (ctx: ActionContext<z.infer<z.ZodObject<F>> & Paging>) => { select: PgSelect; where?: SQL };
  /** More named figures for the header (`appointmentCount` beside `sourceCount`). */
  extra?: (ctx: ActionContext<z.infer<z.ZodObject<F>> & Paging>) => Promise<Record<string, unknown>>;
  pageSize?: number;
  /**
   * How `npm run bench` exercises this list at group scale: realistic filter sets (a location,
   * a date range, a search term) and how deep to page. Required, so no list goes unmeasured.
   */
  bench: (sample: BenchSample) => BenchCase[];
}

/** Real values from the generated data, for bench filters. */
export interface BenchSample {
  locationId: number;
  userId: number;
  /** A 30-day window ending at the newest generated data, as YYYY-MM-DD. */
  from: string;
  to: string;
}

export interface BenchCase {
  name: string;
  filters: Record<string, unknown>;
  /** Follow the cursor this many pages before measuring (deep pages). */
  depth?: number;
}

interface Paging {
  sort?: string;
  dir?: 'asc' | 'desc';
  cursor?: string;
  limit?: number;
}

/** Every list action, for the bench and the docs. */
export const listRegistry = new Map<string, ListDefinition<z.ZodRawShape>>();

function decodeCursor(cursor: string): [unknown, unknown] {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2) return value as [unknown, unknown];
  } catch {
    // fall through to the sentence below
  }
  throw AppError.invalid('The page cursor is not valid; reload the list.', ['cursor']);
}

const encodeCursor = (sortValue: unknown, idValue: unknown) =>
  Buffer.from(JSON.stringify([sortValue instanceof Date ? sortValue.toISOString() : sortValue, idValue])).toString('base64url');

export function renderTable(columns: readonly ColumnSpec[], rows: Row[]): string {
  return renderToStaticMarkup(
    h('table', { className: 'list-table' },
      h('thead', null, h('tr', null, ...columns.map((c) => h('th', { key: c.key, 'data-key': c.key }, c.label)))),
      h('tbody', null, ...rows.map((row, i) =>
        h('tr', { key: i }, ...columns.map((c) => h('td', { key: c.key }, formatCell(row[c.key], c.format))))))),
  );
}

/**
 * Serves a list: filters, a sort on an indexed column, keyset pages (no OFFSET scans),
 * the named count, `rows` for the screens and `html` for callers of the old API.
 */
export function defineListAction<F extends z.ZodRawShape>(list: ListDefinition<F>) {
  const pageSize = list.pageSize ?? 100;
  const input = z.object({ ...list.filters, ...listPaging });
  listRegistry.set(list.path, list as unknown as ListDefinition<z.ZodRawShape>);
  return defineAction({
    path: list.path,
    permission: list.permission,
    summary: list.summary,
    readOnly: true,
    input,
    async handler(untyped) {
      const ctx = untyped as unknown as ActionContext<Paging>;
      const sortKey = ctx.input.sort && list.sorts[ctx.input.sort] ? ctx.input.sort : list.defaultSort;
      const dir = ctx.input.dir ?? list.defaultDir ?? 'asc';
      const sortColumn = list.sorts[sortKey];
      const limit = ctx.input.limit ?? pageSize;
      const typed = untyped as unknown as ActionContext<z.infer<z.ZodObject<F>> & Paging>;

      const page = list.query(typed);
      const conditions: (SQL | undefined)[] = [page.where];
      if (ctx.input.cursor) {
        const [sortValue, idValue] = decodeCursor(ctx.input.cursor);
        const op = dir === 'asc' ? sql`>` : sql`<`;
        conditions.push(sortColumn === list.id.column
          ? sql`${list.id.column} ${op} ${idValue}`
          : sql`(${sortColumn}, ${list.id.column}) ${op} (${sortValue}, ${idValue})`);
      }
      const order = dir === 'asc' ? (c: AnyPgColumn) => sql`${c} asc` : (c: AnyPgColumn) => sql`${c} desc`;
      const orderBy = sortColumn === list.id.column ? [order(sortColumn)] : [order(sortColumn), order(list.id.column)];
      const fetched = (await page.select.where(and(...conditions)).orderBy(...orderBy).limit(limit + 1)) as Row[];
      const rows = fetched.slice(0, limit);
      const last = rows.at(-1);
      const nextCursor = fetched.length > limit && last ? encodeCursor(last[sortKey], last[list.id.key]) : null;

      const counted = list.query(typed);
      const [{ total }] = await ctx.db
        .select({ total: count() })
        .from(counted.select.where(counted.where).as('counted'));

      const figures = list.extra ? await list.extra(typed) : {};
      const reply: ListPage<Row> & Record<string, unknown> = {
        rows,
        html: renderTable(list.columns, rows),
        count: total,
        nextCursor,
        sort: sortKey,
        dir,
        [list.countKey]: list.countKey.endsWith('Formatted') ? formatNumber(total) : total,
        ...figures,
      };
      return reply;
    },
  });
}
