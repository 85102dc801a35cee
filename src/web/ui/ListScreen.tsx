/**
 * The pattern almost every tool follows (seed 000, section 1): a search form, a count header, the
 * table, and add / edit / delete modals (passed as children). With `updateUrl` the filters live in
 * the query string, so a list can be linked to and comes back on Back.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Group, Stack, TextInput, Title, type ComboboxData } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconDownload, IconSearch } from '@tabler/icons-react';
import { Form } from './Form';
import { OptionBar } from './OptionBar';
import { PagedList, type PagedListProps } from './PagedList';
import { SearchableSelect } from './SearchableSelect';

export interface FilterSpec {
  name: string;
  label: string;
  /** `search` is free text applied on Search or Enter; `select` applies as soon as it changes. */
  kind: 'search' | 'select';
  placeholder?: string;
  data?: ComboboxData;
}

type Filters = Record<string, string>;

function useListFilters(filters: FilterSpec[], updateUrl: boolean): [Filters, (next: Filters) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const [state, setState] = useState<Filters>(() => Object.fromEntries(filters.map((f) => [f.name, ''])));
  const fromUrl = useMemo(
    () => Object.fromEntries(filters.map((f) => [f.name, searchParams.get(f.name) ?? ''])),
    [filters, searchParams],
  );
  if (!updateUrl) return [state, setState];
  return [fromUrl, (next) => setSearchParams(Object.fromEntries(Object.entries(next).filter(([, v]) => v !== '')))];
}

function SearchForm({ filters, applied, onSearch }: { filters: FilterSpec[]; applied: Filters; onSearch: (next: Filters) => void }) {
  const [draft, setDraft] = useState(applied);
  // New filters from outside the form (Back, a link, Clear) refill it; the inputs stay mounted.
  const appliedKey = JSON.stringify(applied);
  const [shown, setShown] = useState(appliedKey);
  if (shown !== appliedKey) {
    setShown(appliedKey);
    setDraft(applied);
  }
  const clear = () => {
    const empty = Object.fromEntries(filters.map((f) => [f.name, '']));
    setDraft(empty);
    onSearch(empty);
  };
  return (
    <Form onSubmit={() => onSearch(draft)} submitOnEnter className="search-form" role="search">
      <Group align="flex-end" gap="sm">
        {filters.map((f) =>
          f.kind === 'search' ? (
            <TextInput
              key={f.name}
              name={f.name}
              label={f.label}
              placeholder={f.placeholder}
              leftSection={<IconSearch size={16} />}
              value={draft[f.name]}
              onChange={(e) => setDraft({ ...draft, [f.name]: e.currentTarget.value })}
              w={{ base: '100%', sm: 260 }}
            />
          ) : (
            <SearchableSelect
              key={f.name}
              name={f.name}
              label={f.label}
              data={f.data ?? []}
              clearable
              placeholder={f.placeholder ?? 'Type to search...'}
              value={draft[f.name] || null}
              onChange={(v) => {
                const next = { ...draft, [f.name]: v ?? '' };
                setDraft(next);
                onSearch(next);
              }}
              w={{ base: '100%', sm: 200 }}
            />
          ),
        )}
        <Group gap="xs">
          <Button type="submit" leftSection={<IconSearch size={16} />}>Search</Button>
          <Button variant="subtle" onClick={clear}>Clear</Button>
        </Group>
      </Group>
    </Form>
  );
}

interface ListScreenProps<Row> extends PagedListProps<Row> {
  /** The spec's screen class on the page root, e.g. `user-manager`. */
  className: string;
  title: string;
  filters?: FilterSpec[];
  updateUrl?: boolean;
  /** Buttons beside the title, e.g. "Add user". */
  toolbar?: ReactNode;
  /** The list's CSV download (a GET route taking the same filters), offered beside the title. */
  exportRoute?: string;
  children?: ReactNode;
}

export function ListScreen<Row>({ className, title, filters = [], updateUrl = false, toolbar, exportRoute, children, params, ...list }: ListScreenProps<Row>) {
  const [applied, apply] = useListFilters(filters, updateUrl);
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [showFilters, setShowFilters] = useState(false);

  return (
    <div className={className}>
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Title order={1} size="h2">{title}</Title>
          <Group gap="xs">
            {phone && filters.length > 0 && (
              <Button variant="light" leftSection={<IconAdjustmentsHorizontal size={16} />} onClick={() => setShowFilters((v) => !v)} aria-expanded={showFilters}>
                Filters
              </Button>
            )}
            {exportRoute && (
              <Button component="a" variant="default" leftSection={<IconDownload size={16} />}
                href={`${exportRoute}?${new URLSearchParams(Object.entries({ ...applied, ...params }).filter(([, v]) => v !== '' && v !== undefined).map(([k, v]) => [k, String(v)]))}`}>
                Download CSV
              </Button>
            )}
            {toolbar}
          </Group>
        </Group>
        {filters.length > 0 && (
          <OptionBar opened={!phone || showFilters}>
            <SearchForm filters={filters} applied={applied} onSearch={apply} />
          </OptionBar>
        )}
        <PagedList<Row> {...list} params={{ ...applied, ...params }} />
      </Stack>
      {children}
    </div>
  );
}
