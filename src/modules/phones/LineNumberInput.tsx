import type { ReactNode } from 'react';
import { Autocomplete } from '@mantine/core';
import { phoneLabel, usePhoneOptions } from '../../web/options/phoneOptions';
import { formatPhone } from '../../shared/format';

/**
 * A number typed, or one of our lines picked from the suggestions (the server takes either). The
 * suggestions are the lines' numbers with their descriptions, so typing a store's name finds its line.
 */
export function LineNumberInput({ label, name, value, onChange, description, error, required, autoFocus }: {
  label: string; name?: string; value: string; onChange: (v: string) => void; description?: string; error?: ReactNode; required?: boolean; autoFocus?: boolean;
}) {
  const phones = usePhoneOptions();
  const data = (phones.data ?? []).filter((p) => p.active).map((p) => ({ value: formatPhone(p.phoneNumber), label: phoneLabel(p) }));
  const byNumber = new Map(data.map((d) => [d.value, d.label]));
  return (
    <Autocomplete
      label={label}
      description={description}
      required={required}
      name={name}
      error={error}
      placeholder="(505) 555-0142 or a line's name"
      data={data.map((d) => d.label)}
      limit={20}
      value={byNumber.get(value) ?? value}
      // A picked suggestion stands for its line's number.
      onChange={(v) => onChange(data.find((d) => d.label === v)?.value ?? v)}
      data-autofocus={autoFocus || undefined}
    />
  );
}

