import { useState, type ReactNode } from 'react';
import { Button, Group, Loader, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { ColumnSpec } from '../../shared/lists';
import type { ListContract } from '../../shared/contract';
import { formatCount, formatNumber } from '../../shared/format';
import { ActionAlert } from './ActionAlert';
import { DataTable, type DataTableProps } from './DataTable';
import { confirm } from './modals';
import { StickyBar } from './Sticky';
import { usePagedList, type ListPaging, type ListView } from './usePagedList';
import { useWaitingDeletes } from './useUndoableDelete';

/** What a module offers to do to many rows at once (lock users, deactivate lines). */
export interface BulkAction<Row> {
  label: string;
  icon?: ReactNode;
  /** The question asked first, naming how many and what happens. */
  question: (rows: Row[]) => string;
  /** Runs it; the list reloads through the action's own `reload`. */
  run: (rows: Row[]) => Promise<unknown>;
}

export const PAGE_SIZES = [25, 50, 100, 250];
export const DEFAULT_PAGE_SIZE = 50;

export interface PagedListProps<Row>
  extends Pick<
    DataTableProps<Row>,
    'rowKey' | 'cells' | 'onRowClick' | 'rowOpens' | 'rowActions' | 'rowLabel' | 'cardTitle' | 'emptyText'
  > {
  action: ListContract<Row>;
  params?: Record<string, unknown>;
  columns: readonly ColumnSpec[];
  /** Singular and plural, for the count header: "1,234 users". */
  noun: [string, string];
  pageSize?: number;
  /** The order and page size, when the caller keeps them (a list screen keeps them in the address). */
  view?: ListView;
  onViewChange?: (next: ListView) => void;
  /** The page shown, when the caller keeps it (a list screen keeps its cursor in the address). */
  paging?: ListPaging;
  /** Whether filters narrow the list: an empty list then says so rather than that there is nothing. */
  filtered?: boolean;
  /** With these, rows can be chosen and acted on together. */
  bulkActions?: BulkAction<Row>[];
  /** Words after the count from the reply's other figures: "at 6 locations". */
  countDetail?: (reply: Record<string, unknown>) => string;
}

/** "1,234 users"; past the server's exact-count limit the figure is its estimate: "about 2,400,000 users". */
export function countText(count: number, [one, many]: [string, string], estimated = false) {
  return `${estimated ? 'about ' : ''}${formatCount(count, one, many)}`;
}

/** The count header, the table and the next / previous page controls of a server list. */
export function PagedList<Row>({
  action,
  params = {},
  columns,
  noun,
  pageSize = DEFAULT_PAGE_SIZE,
  view: given,
  onViewChange,
  paging,
  filtered,
  emptyText,
  bulkActions,
  countDetail,
  ...table
}: PagedListProps<Row>) {
  const [own, setOwn] = useState<ListView>({ limit: pageSize });
  const view = given ?? own;
  const setView = onViewChange ?? setOwn;
  const { limit } = view;
  const list = usePagedList<Row>(action, params, view, setView, paging);
  const { query } = list;
  // A row whose delete waits for its Undo is not shown, nor counted (useUndoableDelete).
  const waitingToDelete = useWaitingDeletes(action.path);
  const loaded = list.data;
  const rows = loaded?.rows.filter((row) => !waitingToDelete(row)) ?? [];
  const data = loaded && { ...loaded, rows, count: Math.max(0, loaded.count - (loaded.rows.length - rows.length)) };
  const first = (list.page - 1) * limit + 1;
  // Chosen rows belong to the page shown: another page, other filters or order, or a bulk action done
  // clear them. A reload of the same page keeps those still on it (a refetch in the background, or
  // a search's answer arriving after its placeholder, must not drop what the user ticked).
  const shown = JSON.stringify([params, view, list.page]);
  const [selected, setSelected] = useState<{ shown: string; keys: Set<string | number> }>({
    shown,
    keys: new Set(),
  });
  const keys = selected.shown === shown ? selected.keys : new Set<string | number>();
  const chosen = (data?.rows ?? []).filter((row) => keys.has(table.rowKey(row)));
  const [running, setRunning] = useState(false);
  const runBulk = async (bulk: BulkAction<Row>) => {
    if (!(await confirm({ title: bulk.label, message: bulk.question(chosen), confirmLabel: bulk.label, danger: true })))
      return;
    setRunning(true);
    try {
      await bulk.run(chosen);
      setSelected({ shown, keys: new Set() });
    } catch {
      // The action has said what went wrong (its own alert); the rows stay chosen to try again.
    } finally {
      setRunning(false);
    }
  };

  // A list that failed to load says why, and neither that it is loading nor that nothing matches.
  const failed = !data && !!query.error;
  return (
    <Stack gap="sm">
      {!failed && (
        <Group justify="space-between" align="center">
          <Group gap="xs">
            <Title order={3} size="h4" className="list-count">
              {data && list.counted
                ? `${countText(data.count, noun, data.countEstimated === true)}${countDetail ? ` ${countDetail(data as unknown as Record<string, unknown>)}` : ''}`
                : `Loading ${noun[1]}…`}
            </Title>
            {query.isFetching && <Loader size="xs" aria-label="Loading" />}
          </Group>
          {data && list.counted && data.count > 0 && data.rows.length > 0 && (
            <Text size="sm" c="dimmed">
              {formatNumber(first)}–{formatNumber(first + data.rows.length - 1)} of {formatNumber(data.count)}
            </Text>
          )}
        </Group>
      )}
      <ActionAlert error={query.error} title="The list could not be loaded" />
      {!failed && (
        <DataTable<Row>
          {...table}
          emptyText={
            filtered
              ? `No ${noun[1]} match these filters. Change or clear them to see more.`
              : (emptyText ?? `No ${noun[1]} yet.`)
          }
          label={noun[1]}
          columns={columns}
          rows={data?.rows ?? []}
          sort={list.sort}
          onSort={list.setSort}
          selected={bulkActions ? keys : undefined}
          onSelect={bulkActions ? (next) => setSelected({ shown, keys: next }) : undefined}
        />
      )}
      {bulkActions && chosen.length > 0 && (
        <StickyBar label="Actions on the chosen rows">
          <Group justify="space-between">
            <Text fw={600}>{countText(chosen.length, noun)} chosen</Text>
            <Group gap="xs">
              {bulkActions.map((bulk) => (
                <Button key={bulk.label} leftSection={bulk.icon} loading={running} onClick={() => void runBulk(bulk)}>
                  {bulk.label}
                </Button>
              ))}
              <Button variant="default" onClick={() => setSelected({ shown, keys: new Set() })}>
                Clear choice
              </Button>
            </Group>
          </Group>
        </StickyBar>
      )}
      {data && (list.hasNext || list.hasPrevious || data.count > PAGE_SIZES[0]) && (
        <Group justify="space-between">
          <NativeSelect
            aria-label="Rows per page"
            size="xs"
            data={PAGE_SIZES.map(String)}
            value={String(limit)}
            onChange={(e) => setView({ ...view, limit: Number(e.currentTarget.value) })}
          />
          <Group gap="xs">
            <Button
              variant="default"
              size="xs"
              leftSection={<IconChevronLeft size={14} />}
              disabled={!list.hasPrevious || query.isFetching}
              onClick={list.back}
            >
              {/* A page opened from a link knows no page before it but the first. */}
              {list.previousKnown ? 'Previous page' : 'First page'}
            </Button>
            <Button
              variant="default"
              size="xs"
              rightSection={<IconChevronRight size={14} />}
              disabled={!list.hasNext || query.isFetching}
              onClick={list.next}
            >
              Next page
            </Button>
          </Group>
        </Group>
      )}
    </Stack>
  );
}
