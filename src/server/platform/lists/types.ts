import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { ColumnSpec } from '../../../shared/lists';
import type { Permission } from '../../../shared/permissions';
import type { ActionContext } from '../actions';
import type { LocatedRecordKind } from '../records';
import type { ListFilters } from './filters';

export type Row = Record<string, unknown>;

export interface ListDefinition<F extends z.ZodRawShape> {
  path: string;
  permission: Permission;
  summary?: string;
  /** The contract's filter fields; sort, dir, cursor and limit are added by the platform. */
  fields: F;
  /**
   * The condition each filter adds when given, by the contract's keys (./filters.ts). A condition
   * that reads several fields at once stays in `query`'s `where`.
   */
  filters?: ListFilters<F>;
  /** The count the spec names (`phoneCount`); a name ending in `Formatted` gets "1,234". */
  countKey: string;
  columns: readonly ColumnSpec[];
  /** Sortable column key -> the indexed, not-null column to order by. */
  sorts: Record<string, AnyPgColumn>;
  defaultSort: string;
  defaultDir?: 'asc' | 'desc';
  /**
   * The column that carries each row's location: the platform keeps every page, count and export
   * within the caller's reach by it. `group` for lists of the group as a whole (job codes, the outbox).
   */
  reach: AnyPgColumn | 'group';
  /** Filters that name a record of another kind (a user's events): refused outside reach as any action's are. */
  records?: Record<string, LocatedRecordKind>;
  /** The unique column that breaks ties and anchors the keyset cursor; its key in each row. */
  id: { key: string; column: AnyPgColumn };
  /**
   * The select with its joins, and any condition the declared `filters` cannot say alone (one that
   * reads two fields). Called once for the page and once for the count. It must read only `input`
   * (and `user`): the rendered statement is kept by them
   * (lists.test.ts checks it over the registry).
   */
  query: (ctx: ActionContext<z.infer<z.ZodObject<F>> & Paging>) => { select: PgSelect; where?: SQL };
  /**
   * More named counts for the header (`appointmentCount` beside `sourceCount`), each an SQL
   * expression worked out in the first page's statement beside the count: one round trip, and the
   * bench's bare run measures them too. A key ending in `Formatted` goes out formatted. Figures read
   * in one pass are one expression that makes the JSON object of them all. `counted` is false on a
   * search the planner expects to match more than `ESTIMATED_SEARCH_FROM` rows, whose count is its
   * estimate: a figure that exists only up to a number of rows (parts invoices' total) need not read them.
   */
  figures?: (
    ctx: ActionContext<z.infer<z.ZodObject<F>> & Paging>,
    page: { counted: boolean },
  ) => Record<string, SQL<number>> | SQL<Record<string, number>>;
  /**
   * The `figures` again, written over the page's own fields (`field('spendCents')`): a first page
   * that holds every row sums them from itself, and the `figures` statement does not run. For lists
   * whose figures total a column of their rows (the ad report's spend and clicks); not with `counts`.
   */
  pageFigures?: (field: (key: string) => SQL) => SQL<Record<string, number>>;
  /**
   * Named counts of the listed rows that also meet a condition (`completed`: the leads completed),
   * counted as the list's own count is: exactly up to 1,000, past that (and on a search the planner
   * expects to match more than `ESTIMATED_SEARCH_FROM` rows) the planner's estimate.
   */
  counts?: (ctx: ActionContext<z.infer<z.ZodObject<F>> & Paging>) => Record<string, SQL>;
  pageSize?: number;
  /** A filter the old API sends as the page size when no `limit` comes (the messenger's `count`). */
  pageSizeField?: string;
  /**
   * Fields written by shared TypeScript rather than SQL (a sentence the screens also build), from
   * the row's own values only (it must be pure: the finished row is kept by the row's text). Each
   * row's text is parsed for them and they are added at its end; the rest of the row goes out as
   * PostgreSQL wrote it.
   */
  rowFields?: (row: Row) => Row;
  /**
   * How `npm run bench` exercises this list at group scale: realistic filter sets (a location,
   * a date range, a search term) and how deep to page. Required, so no list goes unmeasured.
   */
  bench: (sample: BenchSample) => BenchCase[];
  /**
   * A CSV download of the list at the contract's `exportRoute`, with the same filters (and `limit` = most
   * rows); `defaultLimit`: the rows sent when the caller names no limit (else every row); `bench`: the
   * bench streams it whole at scale (the group's largest tables) against the export budgets.
   */
  export?: { filename: string; defaultLimit?: number; bench?: boolean };
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
  /** As a user who reaches one region's locations (the sample location's), not the whole group. */
  regional?: boolean;
}

export interface Paging {
  sort?: string;
  dir?: 'asc' | 'desc';
  cursor?: string;
  limit?: number;
  view?: 'rows' | 'html';
}

export type AnyList = ListDefinition<z.ZodRawShape>;
