/**
 * Select boxes whose choices come from the server as the user types, for record sets too large to
 * send whole (the group's users, its lines). A picker action (`users/list-options`,
 * `phones/list-options`) answers a page of matches for `search`, and the records already chosen for
 * `ids`, so a value set before the box opened still shows its name.
 */
import { useState } from 'react';
import {
  MultiSelect,
  Select,
  type ComboboxItem,
  type MultiSelectProps,
  type OptionsFilter,
  type SelectProps,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Callable, Contract, OutputOf } from '../../shared/contract';
import { callAction } from '../api';
import { actionKey } from './useActionQuery';

/** Typing pauses this long before the server is asked: one request per word, not per key. */
const SEARCH_DEBOUNCE_MS = 250;

export interface OptionSource<Row, C extends Contract = Contract> {
  /** The picker action: it takes `search`, `ids` and `limit`, and the filters in `params`. */
  action: C;
  /** Where its reply holds the rows: `reply.users`, `reply.phones`. */
  rows(reply: OutputOf<C>): Row[];
  toOption: (row: Row) => ComboboxItem;
  /** Filters the action takes (a location, active lines only); chosen values are named without them. */
  params?: Record<string, unknown>;
  /** Which matches to offer (a chosen value is named even when it is not offered). */
  offer?: (row: Row) => boolean;
  /** A list whose changes reload the choices: adding a phone refreshes the line pickers. */
  reloadWith?: Callable;
  /** False while the user may not call the action (the box still takes what they type, where it can). */
  enabled?: boolean;
}

/**
 * The choices for `search` and the named `values`, as Select data. Labels of values picked here are
 * remembered, so they stay named when the next search no longer finds them.
 */
export function useRemoteOptions<Row>(source: OptionSource<Row>, values: string[], search: string) {
  const enabled = source.enabled ?? true;
  // Under the list's key when it has one, so the list's `reload` refreshes the choices too.
  const prefix = [...(source.reloadWith ? actionKey(source.reloadWith) : []), ...actionKey(source.action)];
  const [picked, setPicked] = useState<Record<string, ComboboxItem>>({});

  const unnamed = values.filter((v) => !picked[v]).sort();
  const named = useQuery({
    queryKey: [...prefix, 'ids', unnamed],
    queryFn: async () => source.rows(await callAction(source.action, { ids: unnamed })).map(source.toOption),
    enabled: enabled && unnamed.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const namedByValue = new Map((named.data ?? []).map((o) => [o.value, o]));
  const chosen = values.map(
    (value): ComboboxItem =>
      picked[value] ?? namedByValue.get(value) ?? { value, label: named.isFetching ? '…' : `#${value} (not found)` },
  );

  // A single select shows the chosen label as its text: that text is not a search.
  const typed = chosen.some((o) => o.label === search.trim()) ? '' : search.trim();
  const [debounced] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const found = useQuery({
    queryKey: [...prefix, 'search', source.params ?? {}, debounced],
    queryFn: async () =>
      source.rows(await callAction(source.action, { ...source.params, ...(debounced ? { search: debounced } : {}) })),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const matches = (found.data ?? []).filter(source.offer ?? (() => true)).map(source.toOption);
  const data = [...chosen, ...matches.filter((o) => !values.includes(o.value))];
  const matched = new Set(matches.map((o) => o.value));

  return {
    data,
    /**
     * The server has filtered already (a match on an email or a number's digits need not show in the
     * label); during a search, the chosen values are listed only when they match too.
     */
    filter: (({ options }) =>
      typed ? options.filter((o) => 'value' in o && matched.has(o.value)) : options) as OptionsFilter,
    /** Until the answer for what was typed has come, "nothing matches" would be premature. */
    searching: typed !== debounced || found.isFetching,
    remember: (next: string[]) => {
      const known = new Map(data.map((o) => [o.value, o]));
      setPicked((current) => ({
        ...current,
        ...Object.fromEntries(next.flatMap((v) => (known.has(v) ? [[v, known.get(v)!]] : []))),
      }));
    },
  };
}

type RemoteSelectProps<Row> = Omit<
  SelectProps,
  'data' | 'searchable' | 'searchValue' | 'onSearchChange' | 'filter' | 'onChange' | 'value'
> & {
  source: OptionSource<Row>;
  value: string | null;
  onChange: (value: string | null) => void;
};

/**
 * What both boxes share: the wording a screen may change (`defaults`), and the search and choices
 * it may not (`bound`).
 */
function useRemoteBox<Row>(source: OptionSource<Row>, values: string[]) {
  const [search, setSearch] = useState('');
  const options = useRemoteOptions(source, values, search);
  return {
    defaults: {
      searchable: true,
      placeholder: 'Type to search...',
      nothingFoundMessage: options.searching ? 'Searching...' : 'Nothing matches',
      comboboxProps: { withinPortal: true },
    },
    bound: { data: options.data, filter: options.filter, searchValue: search, onSearchChange: setSearch },
    remember: options.remember,
  };
}

/** One record, found by typing (seed 000: "Type to search..."). */
export function RemoteSelect<Row>({ source, value, onChange, ...props }: RemoteSelectProps<Row>) {
  const box = useRemoteBox(source, value ? [value] : []);
  return (
    <Select
      {...box.defaults}
      {...props}
      {...box.bound}
      value={value}
      onChange={(next) => {
        if (next) box.remember([next]);
        onChange(next);
      }}
    />
  );
}

type RemoteMultiSelectProps<Row> = Omit<
  MultiSelectProps,
  'data' | 'searchable' | 'searchValue' | 'onSearchChange' | 'filter' | 'onChange' | 'value'
> & {
  source: OptionSource<Row>;
  value: string[];
  onChange: (value: string[]) => void;
};

/** Several records, each found by typing. */
export function RemoteMultiSelect<Row>({ source, value, onChange, ...props }: RemoteMultiSelectProps<Row>) {
  const box = useRemoteBox(source, value);
  return (
    <MultiSelect
      {...box.defaults}
      {...props}
      {...box.bound}
      value={value}
      onChange={(next) => {
        box.remember(next);
        onChange(next);
      }}
    />
  );
}
