/**
 * The VIN field of every form that takes one: judged as it is typed with the server's own sentence
 * (once all of it is typed, or the field is left: not while it is merely unfinished), the vehicle it
 * names beneath it (NHTSA's vPIC data), or the note for a VIN built for another market, which has no
 * check digit; and where the form allows it (`vinOverride` among its values), a box to keep a VIN that
 * fails its check as typed.
 */
import { useState, type ChangeEvent } from 'react';
import { Checkbox, Stack, TextInput, type TextInputProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { decodeVinAction } from '../../modules/vehicles/vehicles.contract';
import { normalizeVin, VIN_LENGTH, vinNote, vinProblem } from '../../modules/vehicles/vehicles.api';
import { useActionQuery } from '../ui/useActionQuery';

/** "2019 Toyota Tacoma" from a VIN that passes its check, as far as NHTSA's vPIC data tells; null otherwise. */
export function useVehicleFromVin(vin: string | null): string | null {
  const decoded = useActionQuery(decodeVinAction, { vin: vin ?? '' }, { enabled: !!vin, staleTime: Infinity }).data;
  if (!vin || !decoded || decoded.vin !== vin) return null;
  return [decoded.year, decoded.make, decoded.model].filter(Boolean).join(' ') || null;
}

interface VinInputProps extends Omit<TextInputProps, 'form'> {
  /** The form (`useContractForm`'s), whose `vin` field this is. */
  form: {
    form: UseFormReturnType<any>;
    field: (name: any) => TextInputProps & { name: string };
    checkbox: (name: any) => { onChange: (event: ChangeEvent<HTMLInputElement>) => void };
    values: { vin?: string; vinOverride?: boolean };
  };
}

export function VinInput({ form, description, ...props }: VinInputProps) {
  const [left, setLeft] = useState(false);
  const field = form.field('vin');
  const typed = normalizeVin(form.values.vin ?? '');
  const problem = typed && (left || typed.length >= VIN_LENGTH) ? vinProblem(typed) : null;
  const vehicle = useVehicleFromVin(typed.length === VIN_LENGTH && !problem ? typed : null);
  const note = typed && !problem ? vinNote(typed) : null;
  const kept = form.values.vinOverride === true;
  const keepable = 'vinOverride' in form.values;
  const keep = form.checkbox('vinOverride');
  return (
    <Stack gap={6}>
      <TextInput
        autoComplete="off"
        spellCheck={false}
        placeholder="17 characters"
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', textTransform: 'uppercase' } }}
        {...field}
        {...props}
        description={[vehicle, note].filter(Boolean).join(' · ') || description}
        error={field.error ?? (kept || !problem ? null : `${field.label}: ${problem}`)}
        onBlur={(event) => {
          field.onBlur?.(event);
          setLeft(true);
        }}
      />
      {keepable && (problem || kept) && (
        <Checkbox
          {...keep}
          onChange={(event) => {
            keep.onChange(event);
            // The check's own error goes with it; a new one comes with the next check.
            form.form.clearFieldError('vin');
          }}
          description="Only when the VIN on the vehicle reads exactly so: it will not be checked."
        />
      )}
    </Stack>
  );
}
