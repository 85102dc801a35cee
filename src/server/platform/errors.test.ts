import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { actionRegistry, actionRoute, defineAction } from './actions';
import { defineContract } from '../../shared/contract';
import { AppError } from './errors';
import { testApp, type TestApp } from '../../../tests/helpers';

let t: TestApp;
const PROVIDER_DOWN = 'The phone provider did not answer; try again.';

// Registered while this file runs, and removed after: a worker runs other files in the same process,
// and the registry's own tests must not see these.
const registered: Parameters<typeof actionRoute>[0][] = [];
beforeAll(async () => {
  // An action that fails the way a bug does.
  registered.push(
    defineAction({
      contract: defineContract({ path: 'test/crash', input: z.object({}), output: z.object({}) }),
      permission: 'signedIn',
      reach: 'group',
      async handler() {
        throw new Error('connection string postgres://secret@db/internal exploded');
      },
    }),
  );
  // An action whose outside service fails, as a phone provider that does not answer.
  registered.push(
    defineAction({
      contract: defineContract({ path: 'test/provider-down', input: z.object({}), output: z.object({}) }),
      permission: 'signedIn',
      reach: 'group',
      async handler() {
        throw AppError.upstream(PROVIDER_DOWN, new Error('connect ECONNREFUSED 10.0.0.7:443'));
      },
    }),
  );
  t = await testApp({ demo: false });
});
afterAll(async () => {
  await t?.close();
  for (const action of registered) actionRegistry.delete(actionRoute(action));
});

it('answers an unexpected error with 500, a generic sentence and the request id, never the details', async () => {
  const caller = await t.signedIn([]);
  const res = await caller.send<{ requestId: string }>({
    method: 'POST',
    url: '/api/actions/test/crash',
    headers: { 'x-request-id': 'req-12345678' },
    payload: { csrfToken: caller.csrfToken },
  });
  expect(res.status).toBe(500);
  expect(res.body).toEqual({
    success: false,
    data: { requestId: 'req-12345678' },
    errors: ['There was an unexpected error. It has been logged as req-12345678.'],
  });
  expect(JSON.stringify(res.body)).not.toContain('secret');
  expect(res.headers['x-request-id']).toBe('req-12345678');
});

it('makes an upstream failure a 502 with its sentence, keeping what the service said as the cause', () => {
  const cause = new Error('socket hang up');
  const error = AppError.upstream(PROVIDER_DOWN, cause);
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ status: 502, message: PROVIDER_DOWN, fields: [], commit: false });
  expect(error.cause).toBe(cause);
  expect(AppError.upstream('The mail server did not answer; try again.').cause).toBeUndefined();
});

it('answers an upstream failure with 502 and its sentence, not the 500 of a bug, and never the cause', async () => {
  const caller = await t.signedIn([]);
  const res = await caller.call('test/provider-down');
  expect(res.status).toBe(502);
  expect(res.body).toEqual({ success: false, data: {}, errors: [PROVIDER_DOWN] });
  expect(JSON.stringify(res.body)).not.toContain('ECONNREFUSED');
});
