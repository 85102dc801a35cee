import { z } from 'zod';
import { int, listPaging } from '../../../shared/fields';
import type { Contract } from '../../../shared/contract';
import { defineAction } from '../actions';
import { exportRegistry } from './export';
import { runList } from './run';
import type { AnyList, ListDefinition } from './types';

/** Every list action, for the bench and the docs. */
export const listRegistry = new Map<string, AnyList>();

const optionalInt = (min: number, max: number) =>
  z.preprocess((v) => (v === '' ? undefined : v), int(min, max).optional());

/** A list declared in its module's contract (`listContract`): path, filter fields, row and count come from there. */
type ContractList<F extends z.ZodRawShape> = Omit<ListDefinition<F>, 'path' | 'fields' | 'countKey'> & {
  contract: Contract<z.ZodObject, z.ZodType> & { filters: F; countKey: string; exportRoute?: string };
};

/**
 * Serves a list: its declared filters, a sort on an indexed column, keyset pages (no OFFSET scans),
 * the named count, `rows` for the screens and `html` for callers of the old API.
 */
export function defineListAction<F extends z.ZodRawShape>(given: ContractList<F>) {
  const { contract } = given;
  const list: ListDefinition<F> = {
    ...given,
    path: contract.path,
    fields: contract.filters,
    countKey: contract.countKey,
  };
  // Page figures replace the whole figures object when the page holds every row: counts would be lost.
  if (list.pageFigures && list.counts) throw new Error(`${list.path} declares both pageFigures and counts`);
  const anyList = list as unknown as AnyList;
  listRegistry.set(list.path, anyList);
  if (list.export) {
    const route = contract.exportRoute;
    if (!route) throw new Error(`${list.path} has an export but its contract names no exportRoute`);
    const { defaultLimit } = list.export;
    const limit = defaultLimit
      ? optionalInt(1, 5_000_000).transform((v) => v ?? defaultLimit)
      : optionalInt(1, 5_000_000);
    const exportInput = z.object({ ...list.fields, sort: listPaging.sort, dir: listPaging.dir, limit });
    exportRegistry.set(route, { list: anyList, input: exportInput, route, ...list.export });
  }
  return defineAction({
    contract,
    permission: list.permission,
    // The rows are kept within reach by the list's location column; its record filters are checked as any action's.
    reach: list.records ?? {},
    summary: list.summary,
    readOnly: true,
    handler: (ctx) => runList(anyList, ctx as never),
  });
}
