import { useEffect, useRef } from 'react';
import { SimpleGrid, type SelectProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { SearchableSelect } from '../ui/SearchableSelect';
import { decodeVinAction, listMakes, listModels, listTrims, listYears } from '../../modules/vehicles/vehicles.contract';
import { normalizeVin, vinProblem } from '../../modules/vehicles/vehicles.api';
import { useActionQuery } from '../ui/useActionQuery';

type Part = 'year' | 'make' | 'model' | 'trim';
const PARTS: Part[] = ['year', 'make', 'model', 'trim'];

interface VehiclePickerProps {
  /** The form (`useContractForm`'s): the four fields are read, labelled and set through it. */
  form: { form: UseFormReturnType<any>; field: (name: any) => Omit<SelectProps, 'data'> & { name: string } };
  /** The form's names for the four parts, where they differ (`vehicleYear`...). */
  names?: Partial<Record<Part, string>>;
  /** A VIN typed in the same form: once it passes its checks, it fills the year, the make and the model. */
  vin?: string;
  /** Leave out the trim select (a rule that applies to every trim). */
  withoutTrim?: boolean;
  /**
   * The year is one criterion among others, not the vehicle's (a rule's minimum year): makes and
   * models are offered from every year of the catalogue, with or without a year, and changing the
   * year keeps them (only the trims, read for the year, need it); a blank part reads "Any".
   */
  anyYear?: boolean;
}

// The catalogue changes when an admin extends it, rarely: an hour is fresh enough.
const CATALOG_STALE_MS = 60 * 60_000;

/**
 * The product's one year / make / model / trim picker: cascading selects read from the vehicle
 * catalogue (appraisals/rules/list-*), each offered once the one before it is chosen (with `anyYear`,
 * make and model without a year); changing one clears those that depend on it. A value the catalogue lacks (a decoded make, an older record) stays shown.
 */
export function VehiclePicker({ form, names = {}, vin, withoutTrim = false, anyYear = false }: VehiclePickerProps) {
  const name = (part: Part) => names[part] ?? part;
  const values = form.form.getValues();
  const [year, make, model] = [values[name('year')], values[name('make')], values[name('model')]].map((v) =>
    v == null ? '' : String(v),
  );

  const years = useActionQuery(listYears, {}, { staleTime: CATALOG_STALE_MS });
  // The parts each select needs first: the ones before it, but no year for a make or a model with anyYear.
  const needs: Record<Part, Part[]> = {
    year: [],
    make: anyYear ? [] : ['year'],
    model: anyYear ? ['make'] : ['year', 'make'],
    trim: ['year', 'make', 'model'],
  };
  const chosen = { year, make, model } as Record<Part, string>;
  const ready = (part: Part) => needs[part].every((p) => chosen[p]);
  const forYear = anyYear ? '' : year;
  const makes = useActionQuery(listMakes, { year: forYear }, { enabled: ready('make'), staleTime: CATALOG_STALE_MS });
  const models = useActionQuery(
    listModels,
    { year: forYear, make },
    { enabled: ready('model'), staleTime: CATALOG_STALE_MS },
  );
  const trims = useActionQuery(
    listTrims,
    { year, make, model },
    { enabled: !withoutTrim && ready('trim'), staleTime: CATALOG_STALE_MS },
  );

  /** Sets a part and clears the parts that depend on it. */
  const choose = (part: Part, value: string) => {
    form.form.setFieldValue(name(part), value);
    for (const later of PARTS.filter((p) => needs[p].includes(part))) form.form.setFieldValue(name(later), '');
  };

  // A VIN that passes its checks names the model year, the make and the model (NHTSA's vPIC data,
  // decoded by the server): each filled once per VIN, where the catalogue's cascade allows.
  const typed = normalizeVin(vin ?? '');
  const decoded = useActionQuery(
    decodeVinAction,
    { vin: typed },
    { enabled: !!typed && !vinProblem(typed), staleTime: Infinity },
  ).data;
  const filledFrom = useRef('');
  useEffect(() => {
    if (!decoded || decoded.vin !== typed || typed === filledFrom.current) return;
    filledFrom.current = typed;
    if (decoded.year && String(decoded.year) !== year) choose('year', String(decoded.year));
    if (decoded.make && decoded.make !== make) choose('make', decoded.make);
    if (decoded.make && decoded.model && decoded.model !== model) choose('model', decoded.model);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- filled once per VIN, from the VIN alone
  }, [decoded, typed]);

  const select = (part: Part, options: readonly (string | number)[] | undefined) => {
    const current = values[name(part)] == null ? '' : String(values[name(part)]);
    const data = (options ?? []).map(String);
    const missing = needs[part].find((p) => !chosen[p]);
    return (
      <SearchableSelect
        {...form.field(name(part))}
        data={current && !data.includes(current) ? [current, ...data] : data}
        disabled={!!missing}
        placeholder={
          missing ? `${missing[0].toUpperCase()}${missing.slice(1)} first` : anyYear ? 'Any' : 'Type to search...'
        }
        onChange={(value) => choose(part, value ?? '')}
      />
    );
  };

  return (
    <SimpleGrid cols={{ base: 2, sm: withoutTrim ? 3 : 4 }}>
      {select('year', years.data?.years)}
      {select('make', makes.data?.makes)}
      {select('model', models.data?.models)}
      {!withoutTrim && select('trim', trims.data?.trims)}
    </SimpleGrid>
  );
}
