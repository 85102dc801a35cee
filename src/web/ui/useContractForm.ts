/**
 * A form for one action, on @mantine/form: its fields are the contract's input, checked before
 * sending with the contract's own schema and worded as the server words it ("Location is
 * required."), labelled from the contract (so the screen and the sentence name a field alike),
 * marked with the server's sentence per field (`data.fieldErrors`) when a call fails, and the first
 * invalid field takes the focus. The form's banner shows the first error and clears as soon as its
 * field is changed; a failure that names no field stays until the next send.
 */
import { useId, useRef, useState } from 'react';
import { useForm, type FormErrors } from '@mantine/form';
import type { Callable, Contract, InputOf, OutputOf } from '../../shared/contract';
import { describeIssues, fieldLabel, isRequired } from '../../shared/validation';
import { errorMessage, isActionError } from '../api';
import { useAction, type ActionOptions } from './useAction';

type Values = Record<string, unknown>;

interface ContractFormOptions<C extends Callable, V extends Values>
  extends Omit<ActionOptions<InputOf<C>, OutputOf<C>>, 'errors'> {
  initialValues: V;
  /** What is sent: the values, with what the form keeps outside its fields (a record's id). */
  toInput?: (values: V) => InputOf<C>;
  /** A screen's own rule beyond the contract's (a new record needs a code): field → sentence. */
  check?: (values: V) => FormErrors;
}

/**
 * Sentences keyed by field, as the server's reply gives them (the first error of each field); none
 * for a server-checked handle, whose sentences come back from the server.
 */
function checkWith(schema: Contract['input'] | undefined, values: unknown): FormErrors {
  if (!schema) return {};
  const result = schema.safeParse(values);
  return result.success ? {} : describeIssues(result.error, schema).fieldErrors;
}

export function useContractForm<C extends Callable, V extends Values>(contract: C, options: ContractFormOptions<C, V>) {
  const { initialValues, toInput = (v: V) => v as InputOf<C>, check, ...actionOptions } = options;
  // A failure that names no field (403, 409 on the whole record, a provider outage).
  const [failure, setFailure] = useState<unknown>(null);
  // Saved and not changed since: a screen that moves on from a save (to the new record, back to the
  // list) does so in the same tick, before the form has re-rendered as clean.
  const justSaved = useRef(false);
  const form = useForm<V>({
    onValuesChange: () => {
      justSaved.current = false;
    },
    // Its fields' data-path attributes carry the name: the focus finds this form's own fields.
    // (@mantine/form takes letters, digits and dashes only; React's ids hold underscores.)
    name: `form-${useId().replace(/[^0-9a-zA-Z-]/g, '')}`,
    mode: 'controlled',
    initialValues,
    clearInputErrorOnChange: true,
    validate: (values) => ({ ...checkWith(contract.input, toInput(values)), ...check?.(values) }),
  });

  /** Focuses the first field at fault, in the order the screen shows them. */
  const focusFirst = (errors: FormErrors) => {
    const nodes = Object.keys(errors)
      .map((path) => form.getInputNode(path))
      .filter((node) => node !== null);
    const [first] = nodes.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    first?.focus();
  };

  const action = useAction(contract, {
    ...actionOptions,
    onSuccess: (data, input) => {
      justSaved.current = true;
      form.resetDirty();
      actionOptions.onSuccess?.(data, input);
    },
    onError: (error) => {
      actionOptions.onError?.(error);
      // A network failure is already a notification (sign-in shows its own 401: a wrong password).
      if (!isActionError(error) || error.network) return;
      const named = Object.fromEntries(
        error.fields.map((field) => [field, error.fieldErrors[field] ?? errorMessage(error)]),
      );
      if (Object.keys(named).length === 0) return setFailure(error);
      form.setErrors(named);
      // After React has marked the fields.
      requestAnimationFrame(() => focusFirst(named));
    },
  });

  const submit = form.onSubmit((values) => {
    setFailure(null);
    action.mutate(toInput(values));
  }, focusFirst);

  const label = (name: keyof V & string) =>
    ('titles' in contract && contract.titles[name]) || fieldLabel(name, contract.input);
  /** A text, number or select input: value, change, error, and its label from the contract. */
  const field = (name: keyof V & string) => ({
    ...form.getInputProps(name),
    name,
    label: label(name),
    required: isRequired(contract.input, name),
  });
  const checkbox = (name: keyof V & string) => ({
    ...form.getInputProps(name, { type: 'checkbox' }),
    name,
    label: label(name),
  });

  const firstError = Object.values(form.errors).find((e) => e !== undefined && e !== null && e !== true);
  /** The form's banner: the first field error, or the failure that named none. */
  const banner = firstError !== undefined ? String(firstError) : failure ? errorMessage(failure) : null;

  /** Changed since it was loaded or last saved: leaving asks first (RecordForm). */
  const unsaved = () => !justSaved.current && form.isDirty();

  return { form, action, submit, field, checkbox, banner, unsaved, values: form.values };
}
