/**
 * Form state for the screens: values, the error of each field, and the spec's rules that an input
 * loses its error once it holds a value and that fields the server names in data.fields are marked.
 */
import { useCallback, useState, type ChangeEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import { isActionError, type ActionError } from '../api';
import { validate } from './validate';

type Values = Record<string, unknown>;
type Errors<T> = Partial<Record<keyof T & string, ReactNode>>;

const filled = (value: unknown) => !(value === '' || value === null || value === undefined || (Array.isArray(value) && value.length === 0));


export function useFields<T extends Values>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Errors<T>>({});

  const set = useCallback(<K extends keyof T & string>(name: K, value: T[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (filled(value)) {
      setErrors((e) => {
        if (!(name in e)) return e;
        const next = { ...e };
        delete next[name];
        return next;
      });
    }
  }, []);

  const text = <K extends keyof T & string>(name: K) => ({
    name,
    value: String(values[name] ?? ''),
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(name, e.currentTarget.value as T[K]),
    error: errors[name],
  });

  const checkbox = <K extends keyof T & string>(name: K) => ({
    name,
    checked: Boolean(values[name]),
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(name, e.currentTarget.checked as T[K]),
  });

  const select = <K extends keyof T & string>(name: K) => ({
    name,
    value: values[name] === '' || values[name] === undefined ? null : String(values[name]),
    onChange: (v: string | null) => set(name, (v ?? '') as T[K]),
    error: errors[name],
  });

  /** Marks the fields a failed call named, each with the server's sentence about it (data.fieldErrors). */
  const markErrors = useCallback((error: unknown) => {
    if (!isActionError(error) || error.fields.length === 0) return;
    const marked: Values = {};
    for (const field of error.fields) marked[field] = error.fieldErrors[field] ?? true;
    setErrors(marked as Errors<T>);
  }, []);

  /** The form's own check before sending: shown in the form's alert and on the fields at fault. */
  const [invalid, setInvalid] = useState<ActionError | null>(null);
  const check = <S extends z.ZodType>(schema: S, body: unknown): z.output<S> | undefined => {
    const checked = validate(schema, body);
    setInvalid(checked.error ?? null);
    if (checked.error) markErrors(checked.error);
    return checked.data;
  };

  const reset = useCallback((next: T) => {
    setValues(next);
    setErrors({});
  }, []);

  return { values, set, text, checkbox, select, errors, setErrors, markErrors, invalid, setInvalid, check, reset };
}
