import type { z } from 'zod';
import { AppError } from './errors';

/** "jobCode" -> "Job code", "items.2.name" -> "Name (item 3)". */
export function fieldLabel(path: readonly PropertyKey[]): string {
  const named = [...path].reverse().find((p) => typeof p === 'string') as string | undefined;
  if (!named) return 'The request';
  const words = named.replace(/\[\]$/, '').replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function sentence(issue: z.core.$ZodIssue): string {
  const label = fieldLabel(issue.path);
  let message = issue.message;
  if (issue.code === 'invalid_type' && message.startsWith('Invalid input')) {
    message = (issue as { input?: unknown }).input === undefined ? 'is required' : `must be ${issue.expected}`;
  } else if (issue.code === 'unrecognized_keys') {
    return `Unknown field: ${issue.keys.join(', ')}.`;
  } else if (issue.code === 'invalid_value' && message.startsWith('Invalid option')) {
    message = `must be one of: ${issue.values.map(String).join(', ')}`;
  }
  const text = /^[a-z]/.test(message) ? `${label} ${message}` : `${label}: ${message}`;
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** Parses input with a schema, or throws a 400 that names every field at fault in sentences. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  // One sentence per field: the first thing wrong with it.
  const issues = result.error.issues.filter(
    (issue, i, all) => all.findIndex((other) => String(other.path[0]) === String(issue.path[0])) === i,
  );
  const fields = [...new Set(issues.map((i) => String(i.path[0] ?? '')).filter(Boolean))];
  const sentences = [...new Set(issues.map(sentence))];
  const error = AppError.invalid(sentences[0], fields);
  (error as AppError & { all?: string[] }).all = sentences;
  throw error;
}
