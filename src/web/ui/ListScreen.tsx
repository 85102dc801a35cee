/**
 * The pattern almost every tool follows (seed 000, section 1): a search form, a count header, the
 * table, and add / edit / delete modals (passed as children). With `updateUrl` the filters live in
 * the query string, with the order, the page size and the page (`sort`, `dir`, `limit`, `page` and
 * its `cursor`), so a list can be linked to, reloads where it was, and comes back on Back. `FilteredScreen` is the same
 * frame (title, toolbar, search form) around a body of the screen's own, e.g. a report.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button, Group, Select, Stack, TextInput, Title, type ComboboxData } from '@mantine/core';
import dayjs from 'dayjs';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { IconAdjustmentsHorizontal, IconDownload, IconRefresh, IconSearch } from '@tabler/icons-react';
import type { z } from 'zod';
import type { ColumnSpec } from '../../shared/lists';
import type { Contract, ListContract, RowOf } from '../../shared/contract';
import { fieldLabel } from '../../shared/validation';
import { locationSelectData, useLocationOptions } from '../options/locationOptions';
import { DateField } from './DateField';
import { Form } from './Form';
import { OptionBar } from './OptionBar';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, PagedList, type PagedListProps } from './PagedList';
import { RemoteSelect, type OptionSource } from './RemoteSelect';
import { SearchableSelect } from './SearchableSelect';
import { reloadActions } from './useActionQuery';
import { type ListPaging, type ListPosition, type ListView } from './usePagedList';

/**
 * The filters a screen's action takes, by name: a list contract's filters, another contract's input
 * fields, or any name for a screen that calls several actions (a report).
 */
export type FilterName<C> = [C] extends [{ filters: infer F }]
  ? keyof F & string
  : [C] extends [Contract<infer I>]
    ? keyof z.input<I> & string
    : string;

export interface FilterSpec<N extends string = string> {
  name: N;
  /** The contract field's title when left out (`.meta({ title })`, else its name in words: "Location"). */
  label?: string;
  /**
   * `search` is free text applied on Search or Enter; `select` and `date` (YYYY-MM-DD) apply as soon
   * as they change. `location` is a select of the locations within reach, which it loads itself.
   */
  kind: 'search' | 'select' | 'date' | 'remote' | 'location';
  placeholder?: string;
  data?: ComboboxData;
  /** For `remote`: a picker action whose matches load as the user types (record sets too large to send whole). */
  source?: OptionSource<any>;
  /** The value when the address (or Clear) gives none, e.g. a report's first day. */
  defaultValue?: string;
}

export type Filters = Record<string, string>;

/**
 * A filter box is narrow, its choices are not ("(505) 265-0110 · Sandia Kia service"): the list opens
 * as wide as its longest choice, up to the screen's width, rather than wrapping each one.
 */
const filterDropdown = {
  comboboxProps: { withinPortal: true, width: 'max-content', position: 'bottom-start' },
  styles: { dropdown: { minWidth: 200, maxWidth: 'calc(100vw - 16px)' } },
} as const;

/** Date ranges a list is most often read for; a date filter followed by another is a range (From, To). */
const DATE_PRESETS: { label: string; range: () => [dayjs.Dayjs, dayjs.Dayjs] }[] = [
  { label: 'Today', range: () => [dayjs(), dayjs()] },
  { label: 'Last 7 days', range: () => [dayjs().subtract(6, 'day'), dayjs()] },
  { label: 'This month', range: () => [dayjs().startOf('month'), dayjs()] },
  {
    label: 'Last month',
    range: () => [dayjs().subtract(1, 'month').startOf('month'), dayjs().subtract(1, 'month').endOf('month')],
  },
  { label: 'Last 30 days', range: () => [dayjs().subtract(29, 'day'), dayjs()] },
  { label: 'This year', range: () => [dayjs().startOf('year'), dayjs()] },
  { label: 'Last 12 months', range: () => [dayjs().subtract(1, 'year').add(1, 'day'), dayjs()] },
];
const ymd = (day: dayjs.Dayjs) => day.format('YYYY-MM-DD');

/** The presets of a date range: picking one fills both dates; the box names the preset the dates match. */
function DatePresets({ from, to, onPick }: { from: string; to: string; onPick: (from: string, to: string) => void }) {
  const current = DATE_PRESETS.find((p) => p.range().map(ymd).join() === `${from},${to}`);
  return (
    <Select
      label="Dates"
      placeholder="Custom"
      data={DATE_PRESETS.map((p) => p.label)}
      value={current?.label ?? null}
      allowDeselect={false}
      onChange={(label) => {
        const preset = DATE_PRESETS.find((p) => p.label === label);
        if (preset) onPick(...(preset.range().map(ymd) as [string, string]));
      }}
      w={{ base: '100%', sm: 150 }}
    />
  );
}

/** The location filter's select: its choices load with it, so a screen names the filter and nothing more. */
function LocationFilter(props: Omit<Parameters<typeof SearchableSelect>[0], 'data'>) {
  const locations = useLocationOptions();
  return <SearchableSelect {...props} data={locationSelectData(locations.data)} />;
}

const defaults = (filters: FilterSpec[]): Filters =>
  Object.fromEntries(filters.map((f) => [f.name, f.defaultValue ?? '']));

/**
 * The address's parameters and a setter that builds on the address as it is now. React Router hands
 * its setter's callback the parameters of the last render, not the latest: a page size chosen just
 * after a sort click, before the screen drew the new order, wrote the old order back.
 *
 * A list's new address is drawn at once (`flushSync`), not in the transition React Router draws other
 * addresses in: the search form keeps what was picked until the address catches up, and a Back taken
 * before the pick's address was drawn joined its transition, so the form never saw the filters change
 * and went on showing a pick the list no longer had.
 */
function useAddressParams(): [URLSearchParams, (change: (current: URLSearchParams) => [string, string][]) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  return [
    searchParams,
    (change) => setSearchParams(() => change(new URLSearchParams(window.location.search)), { flushSync: true }),
  ];
}

function useListFilters(filters: FilterSpec[], updateUrl: boolean): [Filters, (next: Filters) => void] {
  const [searchParams, setSearchParams] = useAddressParams();
  const [state, setState] = useState<Filters>(() => defaults(filters));
  const fromUrl = useMemo(
    () => Object.fromEntries(filters.map((f) => [f.name, searchParams.get(f.name) ?? f.defaultValue ?? ''])),
    [filters, searchParams],
  );
  if (!updateUrl) return [state, setState];
  return [
    fromUrl,
    (next) =>
      setSearchParams((current) => {
        // Parameters that are not filters (a report's tab) stay, but for the page: other filters start
        // again from the first. A filter at its default leaves the address.
        const kept = [...current].filter(([k]) => !filters.some((f) => f.name === k) && !PAGE_PARAMS.includes(k));
        const set = filters
          .filter((f) => next[f.name] && next[f.name] !== (f.defaultValue ?? ''))
          .map((f): [string, string] => [f.name, next[f.name]]);
        return [...kept, ...set];
      }),
  ];
}

function SearchForm({
  filters,
  schema,
  applied,
  onSearch,
}: {
  filters: FilterSpec[];
  schema?: z.ZodType;
  applied: Filters;
  onSearch: (next: Filters) => void;
}) {
  const [draft, setDraft] = useState(applied);
  // New filters from outside the form (Back, a link, Clear) refill it; the inputs stay mounted.
  const appliedKey = JSON.stringify(applied);
  const [shown, setShown] = useState(appliedKey);
  if (shown !== appliedKey) {
    setShown(appliedKey);
    setDraft(applied);
  }
  const clear = () => {
    const empty = defaults(filters);
    setDraft(empty);
    onSearch(empty);
  };
  const change = (name: string, value: string) => {
    const next = { ...draft, [name]: value };
    setDraft(next);
    onSearch(next);
  };
  const labelOf = (f: FilterSpec) => f.label ?? fieldLabel(f.name, schema);
  /** What a select filter and a remote one share: one value, cleared to empty, applied at once. */
  const picked = (f: FilterSpec) => ({
    name: f.name,
    label: labelOf(f),
    clearable: true,
    value: draft[f.name] || null,
    onChange: (v: string | null) => change(f.name, v ?? ''),
  });
  return (
    <Form onSubmit={() => onSearch(draft)} submitOnEnter className="search-form" role="search">
      <Group align="flex-end" gap="sm">
        {filters.map((f, i) => {
          const end = filters[i + 1];
          const presets = f.kind === 'date' && end?.kind === 'date' && filters[i - 1]?.kind !== 'date' && (
            <DatePresets
              key={`${f.name}-presets`}
              from={draft[f.name]}
              to={draft[end.name]}
              onPick={(from, to) => {
                const next = { ...draft, [f.name]: from, [end.name]: to };
                setDraft(next);
                onSearch(next);
              }}
            />
          );
          switch (f.kind) {
            case 'search':
              return (
                <TextInput
                  key={f.name}
                  name={f.name}
                  label={labelOf(f)}
                  placeholder={f.placeholder}
                  leftSection={<IconSearch size={16} />}
                  value={draft[f.name]}
                  onChange={(e) => setDraft({ ...draft, [f.name]: e.currentTarget.value })}
                  w={{ base: '100%', sm: 260 }}
                />
              );
            case 'select':
              return (
                <SearchableSelect
                  key={f.name}
                  {...picked(f)}
                  data={f.data ?? []}
                  placeholder={f.placeholder ?? 'Type to search...'}
                  w={{ base: '100%', sm: 200 }}
                  {...filterDropdown}
                />
              );
            case 'location':
              return (
                <LocationFilter
                  key={f.name}
                  {...picked(f)}
                  placeholder={f.placeholder ?? 'Type to search...'}
                  w={{ base: '100%', sm: 200 }}
                  {...filterDropdown}
                />
              );
            case 'remote':
              return (
                <RemoteSelect
                  key={f.name}
                  {...picked(f)}
                  source={f.source!}
                  w={{ base: '100%', sm: 240 }}
                  {...filterDropdown}
                />
              );
            case 'date':
              return [
                presets,
                <DateField
                  key={f.name}
                  name={f.name}
                  label={labelOf(f)}
                  placeholder={f.placeholder}
                  clearable={!f.defaultValue}
                  value={draft[f.name]}
                  onChange={(v) => change(f.name, v)}
                  w={{ base: '100%', sm: 160 }}
                />,
              ];
          }
        })}
        <Group gap="xs">
          <Button type="submit" leftSection={<IconSearch size={16} />}>
            Search
          </Button>
          <Button variant="subtle" onClick={clear}>
            Clear
          </Button>
        </Group>
      </Group>
    </Form>
  );
}

interface FilteredScreenProps<C extends Contract | undefined = undefined> {
  /** The spec's screen class on the page root, e.g. `user-manager`. */
  className: string;
  title: string;
  /** The action the filters are sent to, where the screen has one: filters are named by its fields and labelled by their titles. */
  action?: C;
  filters?: FilterSpec<FilterName<C>>[];
  updateUrl?: boolean;
  /** Buttons beside the title, e.g. "Add user". */
  toolbar?: ReactNode | ((applied: Filters) => ReactNode);
  /** Between the search form and the body, e.g. a report's tabs. */
  above?: ReactNode;
  /** The search form folded behind a Show filters button on every screen width, not only on phones (parts-select). */
  filtersToggle?: boolean;
  /** The screen's body, given the filters applied. */
  children: (applied: Filters) => ReactNode;
}

/** A screen's title, toolbar and search form (folded behind a Filters button on phones), around its body. */
export function FilteredScreen<C extends Contract | undefined = undefined>({
  className,
  title,
  action,
  filters = [],
  updateUrl = false,
  toolbar,
  above,
  filtersToggle = false,
  children,
}: FilteredScreenProps<C>) {
  const [applied, apply] = useListFilters(filters, updateUrl);
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const folded = phone || filtersToggle;
  const [showFilters, setShowFilters] = useState(false);

  return (
    <div className={className}>
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Title order={1} size="h2">
            {title}
          </Title>
          <Group gap="xs" className="screen-toolbar">
            {folded && filters.length > 0 && (
              <Button
                variant="light"
                leftSection={<IconAdjustmentsHorizontal size={16} />}
                onClick={() => setShowFilters((v) => !v)}
                aria-expanded={showFilters}
              >
                {filtersToggle ? (showFilters ? 'Hide filters' : 'Show filters') : 'Filters'}
              </Button>
            )}
            {typeof toolbar === 'function' ? toolbar(applied) : toolbar}
          </Group>
        </Group>
        {above}
        {filters.length > 0 && (
          <OptionBar opened={!folded || showFilters}>
            <SearchForm filters={filters} schema={action?.input} applied={applied} onSearch={apply} />
          </OptionBar>
        )}
        {children(applied)}
      </Stack>
    </div>
  );
}

/**
 * The order and page size in the address (`sort`, `dir`, `limit`) beside the filters, or kept here.
 * Only an order the table offers and a page size it lists are read from a link.
 */
function useListView(
  columns: readonly ColumnSpec[],
  pageSize: number,
  updateUrl: boolean,
): [ListView, (next: ListView) => void] {
  const [searchParams, setSearchParams] = useAddressParams();
  const [own, setOwn] = useState<ListView>({ limit: pageSize });
  if (!updateUrl) return [own, setOwn];
  const key = searchParams.get('sort');
  const limit = Number(searchParams.get('limit'));
  const view: ListView = {
    sort: columns.some((c) => c.key === key && c.sortable)
      ? { key: key!, dir: searchParams.get('dir') === 'desc' ? 'desc' : 'asc' }
      : undefined,
    limit: PAGE_SIZES.includes(limit) ? limit : pageSize,
  };
  const sortOf = (params: URLSearchParams): [string, string][] => {
    const key = params.get('sort');
    return key
      ? [
          ['sort', key],
          ['dir', params.get('dir') ?? 'asc'],
        ]
      : [];
  };
  return [
    view,
    (next) =>
      setSearchParams((current) => {
        // Another order or page size starts again from the first page.
        const kept = [...current].filter(([k]) => !['sort', 'dir', 'limit', ...PAGE_PARAMS].includes(k));
        // Only what this change changes is taken from it; the rest from the address as it is now. A
        // page size chosen right after a sort click, before the screen showed the new order, is made
        // from the view of the old order.
        const sortChanged = next.sort?.key !== view.sort?.key || next.sort?.dir !== view.sort?.dir;
        const sort: [string, string][] = !sortChanged
          ? sortOf(current)
          : next.sort
            ? [
                ['sort', next.sort.key],
                ['dir', next.sort.dir],
              ]
            : [];
        const currentLimit = Number(current.get('limit'));
        const limit =
          next.limit !== view.limit ? next.limit : PAGE_SIZES.includes(currentLimit) ? currentLimit : pageSize;
        return [...kept, ...sort, ...(limit !== pageSize ? [['limit', String(limit)] as [string, string]] : [])];
      }),
  ];
}

/** The page in the address: its number and its cursor (the first page has neither). */
const PAGE_PARAMS = ['page', 'cursor'];

/** Where the trail of the pages before lives: the history entry's state, which a reload keeps and a link does not carry. */
interface PagingState {
  earlierCursors?: (string | null)[];
}

/**
 * The page of a list in the address, so a reload or a shared link opens the same page: keyset
 * pages are found by a cursor, not a number, so `cursor` says where the page starts and `page` is
 * its number for the "51–100 of 900" line. Each page is a history entry, so Back returns to the
 * page before. The cursors of the pages between, which "Previous page" needs, ride in the entry's
 * state rather than the address, which stays short.
 */
function useListPaging(): ListPaging {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const cursor = searchParams.get('cursor');
  const number = Number(searchParams.get('page'));
  const page = Number.isInteger(number) && number >= 2 ? number : 2;
  const trail = (location.state as PagingState | null)?.earlierCursors;
  const earlier =
    Array.isArray(trail) && trail.length === page - 2 && trail.every((c) => c === null || typeof c === 'string')
      ? trail
      : Array.from({ length: page - 2 }, () => null);
  return {
    at: cursor ? { cursor, page, earlier } : undefined,
    go: (next: ListPosition | undefined, replace = false) => {
      // The address as it is now, not as last drawn (useAddressParams).
      const params = new URLSearchParams(window.location.search);
      for (const key of PAGE_PARAMS) params.delete(key);
      if (next) {
        params.set('page', String(next.page));
        params.set('cursor', next.cursor);
      }
      const state: PagingState = { earlierCursors: next?.earlier };
      void navigate({ pathname: location.pathname, search: params.size ? `?${params}` : '' }, { state, replace });
    },
  };
}

interface ListScreenProps<C extends ListContract>
  extends Omit<PagedListProps<RowOf<C>>, 'action'>,
    Omit<FilteredScreenProps<C>, 'children' | 'toolbar'> {
  /** The list's contract: its rows type the table, its filters name the search form's. */
  action: C;
  toolbar?: ReactNode;
  /** The modals of the screen. */
  children?: ReactNode;
}

/**
 * A list screen: beside the title, Refresh, the list's CSV download when its contract has one (with
 * the filters and order shown), and the screen's own buttons.
 */
export function ListScreen<C extends ListContract>({
  className,
  title,
  filters = [],
  updateUrl = false,
  filtersToggle,
  toolbar,
  above,
  children,
  params,
  pageSize = DEFAULT_PAGE_SIZE,
  ...list
}: ListScreenProps<C>) {
  type Row = RowOf<C>;
  const queryClient = useQueryClient();
  const [view, setView] = useListView(list.columns, pageSize, updateUrl);
  const paging = useListPaging();
  const { exportRoute } = list.action;
  const narrowed = (applied: Filters) =>
    filters.some((f) => applied[f.name] && applied[f.name] !== (f.defaultValue ?? ''));
  return (
    <FilteredScreen<C>
      className={className}
      title={title}
      action={list.action}
      filters={filters}
      updateUrl={updateUrl}
      filtersToggle={filtersToggle}
      above={above}
      toolbar={(applied) => (
        <>
          <Button
            variant="default"
            className="list-refresh"
            leftSection={<IconRefresh size={16} />}
            onClick={() => reloadActions(queryClient, list.action)}
          >
            Refresh
          </Button>
          {exportRoute && (
            <Button
              component="a"
              variant="default"
              leftSection={<IconDownload size={16} />}
              href={`${exportRoute}?${new URLSearchParams(
                Object.entries({ ...applied, ...params, sort: view.sort?.key, dir: view.sort?.dir })
                  .filter(([, v]) => v !== '' && v !== undefined)
                  .map(([k, v]) => [k, String(v)]),
              )}`}
            >
              Download CSV
            </Button>
          )}
          {toolbar}
        </>
      )}
    >
      {(applied) => (
        <>
          <PagedList<Row>
            {...list}
            action={list.action as ListContract<Row>}
            params={{ ...applied, ...params }}
            view={view}
            onViewChange={setView}
            paging={updateUrl ? paging : undefined}
            filtered={narrowed(applied)}
          />
          {children}
        </>
      )}
    </FilteredScreen>
  );
}
