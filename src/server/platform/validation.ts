import type { z } from 'zod';
import { describeIssues } from '../../shared/validation';
import { AppError } from './errors';

/** Parses input with a schema, or throws a 400 that names every field at fault in sentences. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const { sentences, fields, fieldErrors } = describeIssues(result.error, schema);
  const error = AppError.invalid(sentences[0], fields);
  (error as AppError & { all?: string[] }).all = sentences;
  error.fieldErrors = fieldErrors;
  throw error;
}
