import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { defineAction } from './actions';
import { testApp, type TestApp } from '../../../tests/helpers';

// An action that fails the way a bug does; registered only in this test file's process.
defineAction({
  path: 'test/crash',
  permission: 'signedIn',
  input: z.object({}),
  async handler() {
    throw new Error('connection string postgres://secret@db/internal exploded');
  },
});

let t: TestApp;
beforeAll(async () => { t = await testApp({ demo: false }); });
afterAll(async () => { await t?.close(); });

it('answers an unexpected error with 500, a generic sentence and the request id, never the details', async () => {
  const caller = await t.signedIn([]);
  const res = await caller.send<{ requestId: string }>({
    method: 'POST', url: '/api/actions/test/crash', headers: { 'x-request-id': 'req-12345678' }, payload: { csrfToken: caller.csrfToken },
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
