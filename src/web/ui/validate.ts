import type { z } from 'zod';
import { ActionError } from '../api';
import { describeIssues } from '../../shared/validation';

/**
 * Checks a form with the action's own zod schema before sending it, worded as the server words it
 * ("Username must be at least 3 characters."), so both failures look the same.
 */
export function validate<S extends z.ZodType>(schema: S, values: unknown): { data: z.output<S>; error?: undefined } | { data?: undefined; error: ActionError } {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data };
  const { sentences, fields, fieldErrors } = describeIssues(result.error);
  return { error: new ActionError({ status: 400, statusText: 'Bad Request', errors: sentences, fields, fieldErrors }) };
}
