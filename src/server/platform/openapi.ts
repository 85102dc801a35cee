import { z } from 'zod';
import type { Config } from '../config';
import { actionRegistry, actionRoute } from './actions';

const envelope = {
  type: 'object',
  required: ['success', 'data', 'errors'],
  properties: {
    success: { type: 'boolean' },
    data: { type: 'object', additionalProperties: true },
    errors: { type: 'array', items: { type: 'string' }, description: 'Sentences a person can act on.' },
  },
};

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  try {
    return z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  } catch {
    return { type: 'object' };
  }
}

/**
 * The OpenAPI document of every registered action, generated from their zod schemas when first read:
 * its 1.3 MB took every server's start 140 ms and the memory for it, though few ever open the map.
 */
export function openApiDocument(config: Config) {
  let paths: Record<string, unknown> | undefined;
  return {
    openapi: '3.1.0',
    info: { title: 'Forecourt actions', version: '1', description: 'Every call answers { success, data, errors }.' },
    servers: [{ url: config.PUBLIC_URL }],
    get paths() {
      paths ??= actionPaths();
      return paths;
    },
  };
}

function actionPaths() {
  const paths: Record<string, unknown> = {};
  for (const action of actionRegistry.values()) {
    const schema = jsonSchema(action.input, 'input');
    // A contract's reply: the envelope with `data` as declared (docs: src/shared/contract.ts).
    const done = action.output
      ? { ...envelope, properties: { ...envelope.properties, data: jsonSchema(action.output, 'output') } }
      : envelope;
    const needsCsrf = action.permission !== 'public' && action.permission !== 'pending';
    const body = needsCsrf
      ? {
          ...schema,
          properties: {
            ...(schema.properties as object),
            csrfToken: { type: 'string', description: 'From GET /api/session; or the X-CSRF-Token header.' },
          },
        }
      : schema;
    paths[actionRoute(action)] = {
      post: {
        summary: action.summary ?? action.path,
        tags: [action.path.split('/')[0]],
        description: `Permission: ${action.permission}.${action.path.includes('.') ? '' : ' Also answers with a trailing .php.'}`,
        ...(action.idempotent
          ? {
              parameters: [
                {
                  name: 'Idempotency-Key',
                  in: 'header',
                  required: false,
                  schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,255}$' },
                  description:
                    'Runs the request once: the same key again gets the first reply (header idempotent-replayed: true); with another input, 409.',
                },
              ],
            }
          : {}),
        requestBody: {
          content: {
            'application/json': { schema: body },
            'application/x-www-form-urlencoded': { schema: body },
            ...(action.maxFileBytes ? { 'multipart/form-data': { schema: body } } : {}),
          },
        },
        responses: Object.fromEntries(
          [
            ['200', 'Done'],
            ['400', 'Invalid input; data.fields names the fields'],
            ['401', 'Not signed in'],
            ['403', 'No permission or bad CSRF token'],
            ['404', 'No such record'],
            ['429', 'Too many requests'],
          ].map(([code, description]) => [
            code,
            { description, content: { 'application/json': { schema: code === '200' ? done : envelope } } },
          ]),
        ),
      },
    };
  }
  return paths;
}
