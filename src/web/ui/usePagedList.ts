/**
 * One page of a server list: filters, the server's sort, and keyset paging. "Next page" sends the
 * reply's nextCursor; the cursors of the pages before are kept for "Previous page". Where the page
 * is (its `ListPosition`) is kept by the caller when it gives `paging` (a list screen keeps it in
 * the address, so a reload or a shared link opens the same page), else here.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callAction, isActionError } from '../api';
import type { ListPage } from '../../shared/lists';
import type { ListContract } from '../../shared/contract';
import type { SortState } from './DataTable';
import { actionKey } from './useActionQuery';

export type ListReply<Row> = ListPage<Row> & Record<string, unknown>;

const clean = (params: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(params).filter(([, v]) => v !== '' && v !== undefined && v !== null));

/** How a list is shown: its order (the server's default when none) and its page size. */
export interface ListView {
  sort?: SortState;
  limit: number;
}

/**
 * A page after the first: the cursor the server gave for it, and its number (for "51–100 of 900").
 * Keyset pages cannot be counted back from a cursor, so the way back is the cursors of the pages
 * between the first and this one, oldest first; an entry is null where it is not known (a page
 * opened from a shared link knows its own cursor only).
 */
export interface ListPosition {
  cursor: string;
  page: number;
  earlier: (string | null)[];
}

/**
 * Where the caller keeps the position (undefined: the first page). `go` moves it; `replace` when the
 * move is a correction rather than a step the user would go Back over.
 */
export interface ListPaging {
  at: ListPosition | undefined;
  go: (next: ListPosition | undefined, replace?: boolean) => void;
}

/**
 * The count shown is the one the spec names in the reply (`phoneCount`) when it is a number, else the
 * platform's `count`. The view is the caller's (a list screen keeps it in the address).
 */
function countOf(reply: ListReply<unknown> | undefined, countKey: string) {
  if (!reply) return undefined;
  const named = reply[countKey];
  const count = typeof named === 'number' ? named : reply.count;
  return count === null ? undefined : { count, estimated: !!reply.countEstimated };
}

export function usePagedList<Row>(
  list: ListContract<Row>,
  params: Record<string, unknown>,
  view: ListView,
  setView: (next: ListView) => void,
  paging?: ListPaging,
) {
  const { sort, limit } = view;
  const filters = clean(params);
  // Kept here when the caller keeps no position: new filters, another order or another page size
  // start again from the first page (a caller that keeps it drops it when it changes them).
  const filtersKey = JSON.stringify([filters, sort, limit]);
  const [own, setOwn] = useState<ListPosition | undefined>();
  const [pagedFor, setPagedFor] = useState(filtersKey);
  if (!paging && pagedFor !== filtersKey) {
    setPagedFor(filtersKey);
    setOwn(undefined);
  }
  const at = paging ? paging.at : own;
  const go: ListPaging['go'] = paging ? paging.go : (next) => setOwn(next);

  // Keyed by what is sent, as every read of an action is (actionKey).
  const first = { ...filters, sort: sort?.key, dir: sort?.dir, limit, view: 'rows' };
  const input = at ? { ...first, cursor: at.cursor } : first;
  const query = useQuery({
    queryKey: actionKey(list, input),
    queryFn: async () => (await callAction(list, input)) as ListReply<Row>,
    placeholderData: keepPreviousData,
  });
  // Later pages do not count again: the count is the first page's. A later page opened first (a
  // reload, a link) asks for the first page as well; one reached by paging finds it in the cache.
  const firstPage = useQuery({
    queryKey: actionKey(list, first),
    queryFn: async () => (await callAction(list, first)) as ListReply<Row>,
    enabled: !!at,
    // Known already when the user paged here from the first page: not asked again on each page.
    staleTime: Infinity,
  });
  const fresh = countOf(query.data, list.countKey) ?? countOf(firstPage.data, list.countKey);
  // While the next page is on its way the count shown stays the one known.
  const [counted, setCounted] = useState<{ count: number; estimated: boolean } | undefined>();
  if (fresh && (counted?.count !== fresh.count || counted.estimated !== fresh.estimated)) setCounted(fresh);
  const known = fresh ?? counted;
  const data = query.data && {
    ...query.data,
    count: known?.count ?? 0,
    countEstimated: known?.estimated,
  };

  // A cursor that no longer fits (an old link, a list changed since) opens the first page instead.
  const badCursor = !!at && isActionError(query.error) && query.error.fields.includes('cursor');
  const goNow = useRef(go);
  useLayoutEffect(() => {
    goNow.current = go;
  });
  useEffect(() => {
    if (badCursor) goNow.current(undefined, true);
  }, [badCursor]);

  const page = at?.page ?? 1;
  const before = at?.earlier.at(-1);
  return {
    query,
    data,
    /** Whether the figures are known yet (a later page opened first waits for the first page's count). */
    counted: !!known,
    /** The order shown: the one asked for, or the server's default once it answers. */
    sort: sort ?? (data ? { key: data.sort, dir: data.dir } : undefined),
    setSort(next: SortState) {
      setView({ ...view, sort: next });
    },
    page,
    hasPrevious: page > 1,
    /** Whether "Previous page" knows the page before, or can only go back to the first. */
    previousKnown: page <= 2 || typeof before === 'string',
    hasNext: !!data?.nextCursor,
    next() {
      if (!data?.nextCursor) return;
      go({ cursor: data.nextCursor, page: page + 1, earlier: at ? [...at.earlier, at.cursor] : [] });
    },
    back() {
      if (!at) return;
      go(
        typeof before === 'string'
          ? { cursor: before, page: page - 1, earlier: at.earlier.slice(0, -1) }
          : // Not known: the first page, the one page every list can find again.
            undefined,
      );
    },
  };
}
