import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { testApp, type TestApp } from '../../../tests/helpers';
import { defineContract } from '../../shared/contract';
import { users } from '../../modules/users/users.db';
import { actionRegistry, actionRoute, defineAction } from './actions';
import { auditLog } from './platform.db';
import { insideTransaction, watchProviders } from './outside-calls';
import { localShipping } from '../providers/shipping/shipping';

/**
 * Issue 29: a provider is called outside any transaction. An `outside` action writes in parts, each
 * with its audit rows, while the provider's call holds no connection; a call made from inside another
 * action's transaction throws in tests, so a new action cannot slip in.
 */

let t: TestApp;
let held: boolean | null = null;
const registered: Parameters<typeof actionRoute>[0][] = [];

beforeAll(async () => {
  registered.push(
    defineAction({
      contract: defineContract({ path: 'test/carrier-inside', input: z.object({}), output: z.object({}) }),
      permission: 'signedIn',
      reach: 'group',
      async handler(ctx) {
        await ctx.services.shipping.placeOrder({} as never);
        return {};
      },
    }),
    defineAction({
      contract: defineContract({
        path: 'test/carrier-outside',
        input: z.object({}),
        output: z.object({ reference: z.string() }),
      }),
      permission: 'signedIn',
      reach: 'group',
      outside: true,
      async handler(ctx) {
        const before = await ctx.change(async (c) => {
          const [row] = await c.db.select().from(users).where(eq(users.id, c.user.id));
          await c.db.update(users).set({ firstName: 'Before the carrier' }).where(eq(users.id, row.id));
          c.audit({ recordType: 'user', recordId: row.id, after: { name: 'Before the carrier' } });
          return row;
        });
        // While the carrier is asked, the first part has committed: another connection sees it.
        const { pool } = ctx.services.database;
        const seen = pool
          ? (await pool.query('select first_name from users where id = $1', [before.id])).rows[0].first_name
          : 'Before the carrier';
        held = seen !== 'Before the carrier';
        const { reference } = await ctx.services.shipping.placeOrder({} as never);
        await ctx.change(async (c) => {
          await c.db.update(users).set({ firstName: before.firstName }).where(eq(users.id, before.id));
          c.audit({ recordType: 'user', recordId: before.id, after: { name: before.firstName } });
        });
        return { reference };
      },
    }),
  );
  t = await testApp({ demo: false });
});
afterAll(async () => {
  await t?.close();
  for (const action of registered) actionRegistry.delete(actionRoute(action));
});

it('refuses, in tests, a provider called inside an action transaction', async () => {
  const caller = await t.signedIn([]);
  const res = await caller.send({
    method: 'POST',
    url: '/api/actions/test/carrier-inside',
    payload: { csrfToken: caller.csrfToken },
  });
  expect(res.status).toBe(500);
  // The sentence a developer reads.
  const services = watchProviders({ shipping: localShipping() }, ['shipping']);
  await expect(insideTransaction('test/x', async () => services.shipping.placeOrder({} as never))).rejects.toThrow(
    'test/x calls shipping.placeOrder inside its transaction',
  );
  await expect(services.shipping.placeOrder({} as never)).resolves.toMatchObject({ reference: expect.any(String) });
});

it('runs an outside action in parts: each committed with its audit rows, the provider asked between them', async () => {
  const caller = await t.signedIn([]);
  const res = await caller.send<{ reference: string }>({
    method: 'POST',
    url: '/api/actions/test/carrier-outside',
    payload: { csrfToken: caller.csrfToken },
  });
  expect(res.body).toMatchObject({ success: true });
  expect(res.body.data.reference).toMatch(/\S/);
  expect(held).toBe(false);
  const rows = await t.db
    .select({ after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'test/carrier-outside'), eq(auditLog.recordType, 'user')))
    .orderBy(auditLog.id);
  expect(rows.map((r) => (r.after as { name: string }).name)).toEqual(['Before the carrier', expect.any(String)]);
  expect((rows[1].after as { name: string }).name).not.toBe('Before the carrier');
});
