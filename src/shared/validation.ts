import type { z } from 'zod';

/** "jobCode" -> "Job code", "items.2.name" -> "Name": how sentences name a field. */
export function fieldLabel(path: string | readonly PropertyKey[]): string {
  const named = typeof path === 'string' ? path : ([...path].reverse().find((p) => typeof p === 'string') as string | undefined);
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

/**
 * A failed parse as people read it: one sentence per field (the first thing wrong with it), the
 * fields at fault, and each field's sentence by name. The server answers with it and the screens
 * check forms with it, so both agree.
 */
export function describeIssues(error: z.ZodError): { sentences: string[]; fields: string[]; fieldErrors: Record<string, string> } {
  const first = error.issues.filter(
    (issue, i, all) => all.findIndex((other) => String(other.path[0]) === String(issue.path[0])) === i,
  );
  const fieldErrors: Record<string, string> = {};
  for (const issue of first) if (issue.path.length) fieldErrors[String(issue.path[0])] = sentence(issue);
  return {
    sentences: [...new Set(first.map(sentence))],
    fields: Object.keys(fieldErrors),
    fieldErrors,
  };
}
