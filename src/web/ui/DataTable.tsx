/**
 * A sortable, searchable table (seed 000, sections 2, 4 and 5). Sorting alternates ascending and
 * descending on each click of a header; the search keeps rows whose cell text holds the words,
 * ignoring case. With `onSort` the sort is the server's (paged lists); without it, the rows given are
 * sorted here. On phones the rows become cards, so nothing scrolls sideways.
 */
import { useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import {
  Box,
  Card,
  Checkbox,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp, IconSearch, IconSelector } from '@tabler/icons-react';
import { formatCell, type ColumnSpec } from '../../shared/lists';
import { PopoutMenu, type PopoutItem } from './PopoutMenu';

export type SortDir = 'asc' | 'desc';
export interface SortState {
  key: string;
  dir: SortDir;
}

export interface DataTableProps<Row> {
  columns: readonly ColumnSpec[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  /** Cells drawn differently from the column's format. */
  cells?: Partial<Record<string, (row: Row) => ReactNode>>;
  /** Server sort: the current order and what to do on a header click. */
  sort?: SortState;
  onSort?: (sort: SortState) => void;
  /** A search box over the rows shown. */
  searchable?: boolean;
  onRowClick?: (row: Row) => void;
  /** Which rows open (all by default): a row with nothing to open is plain text, not a button. */
  rowOpens?: (row: Row) => boolean;
  rowActions?: (row: Row) => PopoutItem[];
  rowLabel?: (row: Row) => string;
  /** The heading of a row's card on phones; the first column when not given. */
  cardTitle?: (row: Row) => ReactNode;
  emptyText?: string;
  label: string;
  /** Rows chosen for a bulk action (by `rowKey`); with it, each row has a checkbox. */
  selected?: ReadonlySet<string | number>;
  onSelect?: (keys: Set<string | number>) => void;
}

/** Numbers, dates and phone numbers read badly broken over two lines: their cells do not wrap. */
const keepTogether = (c: ColumnSpec) =>
  c.format === 'phone' || c.format === 'date' || c.format === 'datetime' || c.format === 'number';

const value = (row: unknown, key: string) => (row as Record<string, unknown>)[key];

function cellText(row: unknown, column: ColumnSpec): string {
  return formatCell(value(row, column.key), column.format);
}

/** Case-insensitive substring match over the cell text of every column. */
function searchRows<Row>(rows: Row[], columns: readonly ColumnSpec[], search: string): Row[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return rows;
  return rows.filter((row) => columns.some((c) => cellText(row, c).toLowerCase().includes(needle)));
}

function sortRows<Row>(rows: Row[], column: ColumnSpec, dir: SortDir): Row[] {
  const sign = dir === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = value(a, column.key);
    const y = value(b, column.key);
    if (typeof x === 'number' && typeof y === 'number') return (x - y) * sign;
    return String(x ?? '').localeCompare(String(y ?? ''), undefined, { numeric: true, sensitivity: 'base' }) * sign;
  });
}

/** The next sort on a click: the same column flips direction, another column starts ascending. */
function nextSort(current: SortState | undefined, key: string): SortState {
  return current?.key === key ? { key, dir: current.dir === 'asc' ? 'desc' : 'asc' } : { key, dir: 'asc' };
}

export function DataTable<Row>(props: DataTableProps<Row>) {
  const {
    columns,
    rows,
    rowKey,
    cells,
    onSort,
    searchable,
    rowActions,
    rowLabel,
    cardTitle,
    emptyText = 'Nothing to show.',
    label,
    selected,
    onSelect,
  } = props;
  const onRowClick =
    props.onRowClick && props.rowOpens
      ? (row: Row) => (props.rowOpens!(row) ? props.onRowClick!(row) : undefined)
      : props.onRowClick;
  const opens = (row: Row) => !!props.onRowClick && (props.rowOpens?.(row) ?? true);
  const [search, setSearch] = useState('');
  const [localSort, setLocalSort] = useState<SortState | undefined>();
  const phone = useMediaQuery('(max-width: 48em)');
  const sort = onSort ? props.sort : localSort;

  const shown = useMemo(() => {
    const found = searchRows(rows, columns, search);
    const column = !onSort && localSort ? columns.find((c) => c.key === localSort.key) : undefined;
    return column && localSort ? sortRows(found, column, localSort.dir) : found;
  }, [rows, columns, search, onSort, localSort]);

  // A column without a heading holds buttons, not data: nothing to sort by.
  const sortable = (c: ColumnSpec) => (onSort ? !!c.sortable : c.label !== '');
  const clickSort = (key: string) => {
    const next = nextSort(sort, key);
    if (onSort) onSort(next);
    else setLocalSort(next);
  };
  const renderCell = (row: Row, c: ColumnSpec) => cells?.[c.key]?.(row) ?? cellText(row, c);
  /**
   * A row's main action is a button in its first cell (its card's heading on phones), so Tab reaches
   * each record and Enter opens it; a click anywhere on the row still does the same.
   */
  const opener = (row: Row, content: ReactNode) =>
    onRowClick && opens(row) ? (
      <UnstyledButton
        className="row-open"
        onClick={(event) => {
          event.stopPropagation();
          onRowClick(row);
        }}
      >
        {content === '' ? (rowLabel?.(row) ?? rowKey(row)) : content}
      </UnstyledButton>
    ) : (
      content
    );

  /**
   * A click elsewhere on the row opens it too, but not one on a link or control inside it (a
   * customer's name linking to their page): that does what it says, and only that.
   */
  const clickRow = (row: Row) =>
    onRowClick &&
    ((event: MouseEvent) => {
      if (event.target instanceof Element && event.target.closest('a, button, input, label')) return;
      onRowClick(row);
    });

  const nameOf = (row: Row) => rowLabel?.(row) ?? String(rowKey(row));
  /** The row's menu; none for a row with nothing to do (a record the product ships). */
  const menu = (row: Row) => {
    const items = rowActions?.(row) ?? [];
    return items.length > 0 && <PopoutMenu label={`Actions for ${nameOf(row)}`} items={items} />;
  };
  const chosen = shown.filter((row) => selected?.has(rowKey(row))).length;
  const selectAll = onSelect && (
    <Checkbox
      aria-label={`Select every one of the ${label} shown`}
      checked={chosen > 0 && chosen === shown.length}
      indeterminate={chosen > 0 && chosen < shown.length}
      onChange={(e) => onSelect(new Set(e.currentTarget.checked ? shown.map(rowKey) : []))}
    />
  );
  const selectOne = (row: Row) =>
    onSelect && (
      <Checkbox
        aria-label={`Select ${nameOf(row)}`}
        checked={selected?.has(rowKey(row)) ?? false}
        onClick={(e) => e.stopPropagation()}
        onChange={(e) => {
          const next = new Set(selected);
          if (e.currentTarget.checked) next.add(rowKey(row));
          else next.delete(rowKey(row));
          onSelect(next);
        }}
      />
    );

  const searchBox = searchable && (
    <TextInput
      aria-label={`Search ${label}`}
      placeholder="Search this table"
      leftSection={<IconSearch size={16} />}
      value={search}
      onChange={(e) => setSearch(e.currentTarget.value)}
      maw={320}
    />
  );
  const empty = shown.length === 0 && (
    <Text c="dimmed" py="md" ta="center">
      {search ? 'No rows match the search.' : emptyText}
    </Text>
  );

  if (phone) {
    // The card's heading stands for the first column unless the screen names its own.
    const details = cardTitle ? columns : columns.slice(1);
    return (
      <Stack gap="xs" aria-label={label}>
        {searchBox}
        {selectAll && shown.length > 0 && (
          <Group gap="xs">
            {selectAll}
            <Text size="sm">Select all</Text>
          </Group>
        )}
        {empty}
        {shown.map((row) => (
          <Card
            key={rowKey(row)}
            withBorder
            padding="sm"
            radius="md"
            onClick={clickRow(row)}
            style={opens(row) ? { cursor: 'pointer' } : undefined}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              {selectOne(row)}
              <Box fw={600} style={{ flex: 1 }}>
                {opener(row, cardTitle ? cardTitle(row) : renderCell(row, columns[0]))}
              </Box>
              {menu(row)}
            </Group>
            {details
              .map((c) => ({ c, shown: renderCell(row, c) }))
              // An empty cell is left out of the card rather than shown as a label with nothing beside it.
              .filter(({ shown }) => shown !== '' && shown !== null && shown !== undefined && shown !== false)
              .map(({ c, shown }) => (
                <Group key={c.key} gap={6} wrap="nowrap" align="flex-start">
                  <Text size="sm" c="dimmed" miw={90}>
                    {c.label}
                  </Text>
                  {/* A div, not a paragraph: custom cells may hold badges and other blocks. */}
                  <Box fz="sm" style={{ overflowWrap: 'anywhere' }}>
                    {shown}
                  </Box>
                </Group>
              ))}
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="xs">
      {searchBox}
      <Table.ScrollContainer minWidth={600}>
        <Table striped highlightOnHover={!!onRowClick} verticalSpacing="xs" aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {selectAll && <Table.Th w={40}>{selectAll}</Table.Th>}
              {columns.map((c) => {
                const active = sort?.key === c.key;
                const Icon = active ? (sort.dir === 'asc' ? IconChevronUp : IconChevronDown) : IconSelector;
                return (
                  <Table.Th
                    key={c.key}
                    aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    {sortable(c) ? (
                      <UnstyledButton onClick={() => clickSort(c.key)} fw={700} fz="sm">
                        <Group gap={4} wrap="nowrap">
                          {c.label}
                          <Icon size={14} stroke={1.5} />
                        </Group>
                      </UnstyledButton>
                    ) : (
                      c.label
                    )}
                  </Table.Th>
                );
              })}
              {rowActions && (
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => (
              <Table.Tr
                key={rowKey(row)}
                onClick={clickRow(row)}
                style={opens(row) ? { cursor: 'pointer' } : undefined}
              >
                {onSelect && <Table.Td>{selectOne(row)}</Table.Td>}
                {columns.map((c, i) => (
                  <Table.Td key={c.key} style={keepTogether(c) ? { whiteSpace: 'nowrap' } : undefined}>
                    {i === 0 ? opener(row, renderCell(row, c)) : renderCell(row, c)}
                  </Table.Td>
                ))}
                {rowActions && <Table.Td w={40}>{menu(row)}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {empty}
    </Stack>
  );
}
