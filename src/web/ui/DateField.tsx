/**
 * A date in year-month-day format, today unless told otherwise (seed 000, sections 2 and 9).
 * iOS gets its own native date wheel instead of the picker, as the spec asks.
 */
import { TextInput } from '@mantine/core';
import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';
import { useUncontrolled } from '@mantine/hooks';
import { IconCalendar } from '@tabler/icons-react';
import { formatDate } from '../../shared/format';
import '@mantine/dates/styles.layer.css';

const DATE_FORMAT = 'YYYY-MM-DD';

function isIOS(): boolean {
  if (typeof navigator === 'undefined') return false;
  return (
    /iPad|iPhone|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1)
  );
}

export interface DateFieldProps {
  label: string;
  name?: string;
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  error?: React.ReactNode;
  required?: boolean;
  clearable?: boolean;
  placeholder?: string;
  w?: DatePickerInputProps['w'];
}

export function DateField({
  label,
  name,
  value,
  defaultValue,
  onChange,
  error,
  required,
  clearable,
  placeholder,
  w,
}: DateFieldProps) {
  const [date, setDate] = useUncontrolled<string>({
    value,
    defaultValue: defaultValue ?? formatDate(new Date()),
    onChange,
  });
  if (isIOS()) {
    return (
      <TextInput
        type="date"
        label={label}
        name={name}
        value={date}
        onChange={(e) => setDate(e.currentTarget.value)}
        error={error}
        required={required}
        w={w}
      />
    );
  }
  return (
    <DatePickerInput
      label={label}
      name={name}
      value={date || null}
      onChange={(v) => setDate(v ?? '')}
      valueFormat={DATE_FORMAT}
      leftSection={<IconCalendar size={16} />}
      error={error}
      required={required}
      clearable={clearable}
      placeholder={placeholder ?? DATE_FORMAT}
      w={w}
    />
  );
}
