/**
 * Lists: declared beside their tables (`defineListAction`), served as keyset pages with a capped
 * count, as html for the old API, and as CSV downloads. One file per concern:
 * - `types.ts`: what a list declares; `filters.ts`: its filters' conditions;
 * - `define.ts`: the registry and the action; `statement.ts`: the SQL of one request;
 * - `run.ts`: running it and shaping the reply; `cursor.ts`: the keyset cursor;
 * - `html.ts`: the old API's table; `export.ts`: the CSV download.
 */
export type { AnyList, BenchCase, BenchSample, ListDefinition } from './types';
export {
  contains,
  equals,
  fromDay,
  givenFilters,
  matches,
  planned,
  present,
  startsWith,
  toDay,
  yesNo,
  type ListFilter,
  type ListFilters,
} from './filters';
export { defineListAction, listRegistry } from './define';
export { listStatement } from './run';
export { buildListQueries, EXACT_COUNT_LIMIT, holderOf, type ListQueries } from './statement';
export { cursorColumnTypes } from './cursor';
export { labelOf, renderTable } from './html';
export { EXPORT_BATCH, exportCopySql, exportRegistry, exportRows, type ListExport } from './export';
