/**
 * One page of a server list: filters, the server's sort, and keyset paging. "Next page" sends the
 * reply's nextCursor; the cursors of earlier pages are kept on a stack for "Previous page".
 */
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callAction } from '../api';
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
 * The count shown is the one the spec names in the reply (`phoneCount`) when it is a number, else the
 * platform's `count`. The view is the caller's (a list screen keeps it in the address).
 */
export function usePagedList<Row>(
  list: ListContract<Row>,
  params: Record<string, unknown>,
  view: ListView,
  setView: (next: ListView) => void,
) {
  const { sort, limit } = view;
  const filters = clean(params);
  // New filters, another order or another page size start again from the first page.
  const filtersKey = JSON.stringify([filters, sort, limit]);
  const [cursor, setCursor] = useState<string | undefined>();
  const [previous, setPrevious] = useState<(string | undefined)[]>([]);
  const [pagedFor, setPagedFor] = useState(filtersKey);

  if (pagedFor !== filtersKey) {
    setPagedFor(filtersKey);
    setCursor(undefined);
    setPrevious([]);
  }

  // Keyed by what is sent, as every read of an action is (actionKey).
  const input = { ...filters, sort: sort?.key, dir: sort?.dir, cursor, limit, view: 'rows' };
  const query = useQuery({
    queryKey: actionKey(list, input),
    queryFn: async () => (await callAction(list, input)) as ListReply<Row>,
    placeholderData: keepPreviousData,
  });
  // Later pages do not count again: they carry the first page's count forward.
  const [counted, setCounted] = useState<{ count: number; estimated: boolean } | undefined>();
  const named = query.data?.[list.countKey];
  const reply = query.data && typeof named === 'number' ? { ...query.data, count: named } : query.data;
  if (
    reply &&
    reply.count !== null &&
    (counted?.count !== reply.count || counted.estimated !== !!reply.countEstimated)
  ) {
    setCounted({ count: reply.count, estimated: !!reply.countEstimated });
  }
  const data = reply && {
    ...reply,
    count: reply.count ?? counted?.count ?? 0,
    countEstimated: reply.count === null ? counted?.estimated : reply.countEstimated,
  };

  return {
    query,
    data,
    /** The order shown: the one asked for, or the server's default once it answers. */
    sort: sort ?? (data ? { key: data.sort, dir: data.dir } : undefined),
    setSort(next: SortState) {
      setView({ ...view, sort: next });
    },
    page: previous.length + 1,
    hasPrevious: previous.length > 0,
    hasNext: !!data?.nextCursor,
    next() {
      if (!data?.nextCursor) return;
      setPrevious((stack) => [...stack, cursor]);
      setCursor(data.nextCursor);
    },
    back() {
      setCursor(previous.at(-1));
      setPrevious((stack) => stack.slice(0, -1));
    },
  };
}
