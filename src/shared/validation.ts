import type { z } from 'zod';

/**
 * How sentences and screens name a field: its title where the contract gives one
 * (`zip: ….meta({ title: 'ZIP code' })`), otherwise its name in words, a record's id named as the
 * record: "jobCode" -> "Job code", "locationId" -> "Location", "items.2.name" -> "Name".
 */
export function fieldLabel(path: string | readonly PropertyKey[], schema?: z.ZodType): string {
  const named =
    typeof path === 'string' ? path : ([...path].reverse().find((p) => typeof p === 'string') as string | undefined);
  if (!named) return 'The request';
  const top = typeof path === 'string' ? path : String(path[0]);
  // An entry of a list field (`targets.2`) is named as its field.
  const title = named === top ? fieldSchema(schema, top)?.meta()?.title : undefined;
  if (title) return title;
  const words = named
    .replace(/\[\]$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .replace(/ (id)(s?)$/i, '$2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The schema of one field of an object input, if the input is an object. */
function fieldSchema(schema: z.ZodType | undefined, name: string): z.ZodType | undefined {
  return (schema as { shape?: Record<string, z.ZodType> } | undefined)?.shape?.[name];
}

/** Whether a form must fill the field: it does not parse when left out. */
export const isRequired = (schema: z.ZodType | undefined, name: string): boolean =>
  fieldSchema(schema, name)?.safeParse(undefined).success === false;

function sentence(issue: z.core.$ZodIssue, schema?: z.ZodType): string {
  const label = fieldLabel(issue.path, schema);
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
export function describeIssues(
  error: z.ZodError,
  schema?: z.ZodType,
): { sentences: string[]; fields: string[]; fieldErrors: Record<string, string> } {
  // In the form's order: a rule reading two fields (a VIN kept as typed) reports after the fields'
  // own checks, yet belongs where its field is.
  const shape = Object.keys((schema as { shape?: object } | undefined)?.shape ?? {});
  const place = (issue: z.core.$ZodIssue) => {
    const at = shape.indexOf(String(issue.path[0]));
    return at < 0 ? shape.length : at;
  };
  const first = error.issues
    .filter((issue, i, all) => all.findIndex((other) => String(other.path[0]) === String(issue.path[0])) === i)
    .sort((a, b) => place(a) - place(b));
  const fieldErrors: Record<string, string> = {};
  for (const issue of first) if (issue.path.length) fieldErrors[String(issue.path[0])] = sentence(issue, schema);
  return {
    sentences: [...new Set(first.map((issue) => sentence(issue, schema)))],
    fields: Object.keys(fieldErrors),
    fieldErrors,
  };
}
