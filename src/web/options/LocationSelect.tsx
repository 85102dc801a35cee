import { useEffect } from 'react';
import type { SelectProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { SearchableSelect } from '../ui/SearchableSelect';
import { locationSelectData, useLocationOptions } from './locationOptions';

interface LocationSelectProps extends Omit<SelectProps, 'form'> {
  // Any form: only the one field is read and set.
  form: UseFormReturnType<any>;
  name: string;
}

/**
 * A form's location picker: the locations within reach. With none chosen (a new record), the group's
 * default location is chosen (ABG, seed 001 section 9) once the choices arrive, as the form's starting
 * value: the form stays unchanged, with nothing to warn about on leaving it.
 */
export function LocationSelect({ form, name, ...props }: LocationSelectProps) {
  const locations = useLocationOptions();
  const fallback = locations.data?.locations.find((l) => l.code === locations.data?.defaultCode)?.id;
  const chosen = form.getValues()[name];
  useEffect(() => {
    if (chosen || !fallback) return;
    form.setInitialValues({ ...form.getInitialValues(), [name]: String(fallback) });
    form.setFieldValue(name, String(fallback));
  }, [chosen, fallback, form, name]);
  return <SearchableSelect data={locationSelectData(locations.data)} {...props} />;
}
