import type { ReactNode } from 'react';
import { Autocomplete, type AutocompleteProps, type OptionsFilter } from '@mantine/core';
import { useCan } from '../shell/session';
import { useRemoteOptions } from '../ui/RemoteSelect';
import { lineLabel, lineSource } from './lineOptions';

// phones/list-options has matched already, on the description or the number's digits.
const asFound: OptionsFilter = ({ options }) => options;

/** What a form's field gives besides value and change (its focus handlers, the form's data-path). */
type Passed = Pick<AutocompleteProps, 'onFocus' | 'onBlur'> & { 'data-path'?: string };

/**
 * A number typed, or one of our lines picked from the suggestions (the server takes either). The
 * suggestions are active lines matching what is typed, from phones/list-options; typing a store's
 * name finds its line, and a picked line stands for its number. Takes a form's field as it is
 * (`{...form.field('to')}`).
 */
export function LineNumberInput({
  label,
  name,
  value = '',
  onChange,
  description,
  error,
  required,
  autoFocus,
  ...passed
}: Passed & {
  label: ReactNode;
  name?: string;
  value?: string;
  onChange: (v: string) => void;
  description?: string;
  error?: ReactNode;
  required?: boolean;
  autoFocus?: boolean;
}) {
  // Without phoneLookup (a developer on the outbox) there are no suggestions: a typed number still works.
  const allowed = useCan('phoneLookup');
  // A suggestion's value is its line's number: what the field holds once a line is picked.
  const source = lineSource(
    { active: '1' },
    {
      toOption: (line) => ({ value: line.phoneNumberFormatted, label: lineLabel(line) }),
      enabled: allowed,
    },
  );
  const suggestions = useRemoteOptions(source, [], value);
  const labelOf = new Map(suggestions.data.map((d) => [d.value, d.label]));
  return (
    <Autocomplete
      {...passed}
      label={label}
      description={description}
      required={required}
      name={name}
      error={error}
      placeholder="(505) 555-0142 or a line's name"
      data={suggestions.data.map((d) => d.label)}
      filter={asFound}
      value={labelOf.get(value) ?? value}
      onChange={(v) => onChange(suggestions.data.find((d) => d.label === v)?.value ?? v)}
      data-autofocus={autoFocus || undefined}
    />
  );
}
