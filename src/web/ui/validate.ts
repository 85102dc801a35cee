import type { z } from 'zod';
import { ActionError } from '../api';
import { fieldLabel } from './useFields';

/**
 * Checks a form with the action's own zod schema before sending it, and words the result the way
 * the server does ("Username must be at least 3 characters."), so both failures look the same.
 */
export function validate<S extends z.ZodType>(schema: S, values: unknown): { data: z.output<S>; error?: undefined } | { data?: undefined; error: ActionError } {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data };
  const fields = [...new Set(result.error.issues.map((i) => String(i.path[0] ?? '')).filter(Boolean))];
  const errors = result.error.issues.map((issue) => {
    const label = fieldLabel(String(issue.path[0] ?? 'value'));
    const text = /^[a-z]/.test(issue.message) ? `${label} ${issue.message}` : `${label}: ${issue.message}`;
    return /[.!?]$/.test(text) ? text : `${text}.`;
  });
  return { error: new ActionError({ status: 400, statusText: 'Bad Request', errors, fields }) };
}
