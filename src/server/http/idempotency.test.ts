import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import { actionRegistry, actionRoute, defineAction } from '../platform/actions';
import { defineContract } from '../../shared/contract';
import { AppError } from '../platform/errors';
import { auditLog, idempotencyKeys } from '../platform/platform.db';
import { type Caller, testApp, type TestApp } from '../../../tests/helpers';

// The pipeline's Idempotency-Key (decision 025), on actions registered while this file runs.

let t: TestApp;
let caller: Caller;
let runs = 0;

const counted = defineContract({
  path: 'test/idempotent-change',
  input: z.object({ outcome: z.enum(['done', 'kept', 'failed']), note: z.string() }),
  output: z.object({ run: z.number() }),
  idempotent: true,
});
const registered: Parameters<typeof actionRoute>[0][] = [];
beforeAll(async () => {
  registered.push(
    defineAction({
      contract: counted,
      permission: 'signedIn',
      reach: 'group',
      async handler(ctx) {
        runs += 1;
        ctx.audit({ recordType: 'test', recordId: runs, after: { note: ctx.input.note } });
        if (ctx.input.outcome === 'kept') throw AppError.conflict('Kept, and refused.', ['note']).committing();
        if (ctx.input.outcome === 'failed') throw AppError.conflict('Refused, nothing kept.');
        return { run: runs };
      },
    }),
  );
  t = await testApp({ demo: false });
  caller = await t.signedIn([]);
});
afterAll(async () => {
  await t?.close();
  for (const action of registered) actionRegistry.delete(actionRoute(action));
});

const notes = async (note: string) =>
  (await t.db.select().from(auditLog).where(eq(auditLog.action, counted.path))).filter(
    (row) => (row.after as { note?: string } | null)?.note === note,
  );
const stored = async (key: string) =>
  (
    await t.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, caller.userId!), eq(idempotencyKeys.key, key)))
  )[0];

it('runs a key once: the same request again is the stored reply, replayed, with no second audit row', async () => {
  const first = await caller.act(counted, { outcome: 'done', note: 'once' }, { idempotencyKey: 'k-once' });
  const again = await caller.act(counted, { note: 'once', outcome: 'done' }, { idempotencyKey: 'k-once' });
  expect(first.status).toBe(200);
  expect(again).toMatchObject({ status: 200, body: { data: first.body.data } });
  expect(again.headers['idempotent-replayed']).toBe('true');
  expect(await notes('once')).toHaveLength(1);
  expect(await stored('k-once')).toMatchObject({ action: 'test/idempotent-change', reply: first.body.data });
});

it('keeps a kept refusal with its key and replays it; a refusal that keeps nothing rolls the key back', async () => {
  const ran = runs;
  const kept = await caller.act(counted, { outcome: 'kept', note: 'kept' }, { idempotencyKey: 'k-kept' });
  expect(kept).toMatchObject({ status: 409, body: { errors: ['Kept, and refused.'], data: { fields: ['note'] } } });
  const replayed = await caller.act(counted, { outcome: 'kept', note: 'kept' }, { idempotencyKey: 'k-kept' });
  expect(replayed).toMatchObject({ status: 409, body: { errors: ['Kept, and refused.'], data: { fields: ['note'] } } });
  expect(replayed.headers['idempotent-replayed']).toBe('true');
  expect(runs).toBe(ran + 1);
  expect(await stored('k-kept')).toMatchObject({ errorStatus: 409, errorMessage: 'Kept, and refused.' });

  const before = runs;
  expect(
    (await caller.act(counted, { outcome: 'failed', note: 'failed' }, { idempotencyKey: 'k-failed' })).status,
  ).toBe(409);
  expect(await stored('k-failed')).toBeUndefined();
  const retried = await caller.act(counted, { outcome: 'failed', note: 'failed' }, { idempotencyKey: 'k-failed' });
  expect(retried.headers['idempotent-replayed']).toBeUndefined();
  expect(runs).toBe(before + 2);
});

it("is the caller's own: the same key by another user is their request", async () => {
  const other = await t.signedIn([]);
  await caller.act(counted, { outcome: 'done', note: 'mine' }, { idempotencyKey: 'k-shared' });
  const theirs = await other.act(counted, { outcome: 'done', note: 'theirs' }, { idempotencyKey: 'k-shared' });
  expect(theirs.status).toBe(200);
  expect(theirs.headers['idempotent-replayed']).toBeUndefined();
});

it('refuses to define an idempotent load or a public idempotent action', () => {
  const load = defineContract({
    path: 'test/idempotent-load',
    input: z.object({}),
    output: z.object({}),
    idempotent: true,
  });
  expect(() =>
    defineAction({ contract: load, permission: 'signedIn', reach: 'group', readOnly: true, handler: async () => ({}) }),
  ).toThrow("Action /api/actions/test/idempotent-load is idempotent: keys are a signed-in user's, on a change");
  const open = defineContract({
    path: 'test/idempotent-public',
    input: z.object({}),
    output: z.object({}),
    idempotent: true,
  });
  expect(() =>
    defineAction({ contract: open, permission: 'public', reach: 'group', handler: async () => ({}) }),
  ).toThrow(/is idempotent/);
  expect(actionRegistry.has('/api/actions/test/idempotent-load')).toBe(false);
});
