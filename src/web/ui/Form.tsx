import type { FormEvent, FormHTMLAttributes, KeyboardEvent, ReactNode } from 'react';

const typingInputs = new Set([
  'text',
  'email',
  'password',
  'search',
  'tel',
  'url',
  'number',
  'date',
  'checkbox',
  'radio',
]);

interface FormProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> {
  onSubmit: () => void;
  /** Seed 000, section 5: Enter in an input does not submit, except on sign-in, two-factor and searches. */
  submitOnEnter?: boolean;
  children: ReactNode;
}

/** A form that never reloads the page and submits on Enter only where the spec allows. */
export function Form({ onSubmit, submitOnEnter = false, children, ...rest }: FormProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  const keyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    const target = event.target as HTMLElement;
    if (
      !submitOnEnter &&
      event.key === 'Enter' &&
      target instanceof HTMLInputElement &&
      typingInputs.has(target.type)
    ) {
      event.preventDefault();
    }
  };
  return (
    <form noValidate {...rest} onSubmit={submit} onKeyDown={keyDown}>
      {children}
    </form>
  );
}
