import {
  Select,
  type ComboboxItem,
  type ComboboxParsedItem,
  type OptionsFilter,
  type SelectProps,
} from '@mantine/core';

/** Case-insensitive substring match on the option label (seed 000, section 5). */
const substringFilter: OptionsFilter = ({ options, search }) => {
  const needle = search.trim().toLowerCase();
  const keep = (items: ComboboxParsedItem[]): ComboboxParsedItem[] =>
    items.flatMap((item): ComboboxParsedItem[] => {
      if ('group' in item) {
        const kept = keep(item.items) as ComboboxItem[];
        return kept.length ? [{ ...item, items: kept }] : [];
      }
      return item.label.toLowerCase().includes(needle) ? [item] : [];
    });
  return keep(options);
};

/** A select box the user can type into to narrow the options. */
export function SearchableSelect(props: SelectProps) {
  return (
    <Select
      searchable
      placeholder="Type to search..."
      nothingFoundMessage="Nothing matches"
      filter={substringFilter}
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}
