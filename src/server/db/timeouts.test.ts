import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';

// Nothing stuck holds the server's pool for long (issue 29, item 1): PostgreSQL ends a statement past
// DATABASE_STATEMENT_TIMEOUT_MS and a transaction left idle past DATABASE_IDLE_IN_TRANSACTION_MS (a
// step waiting on a provider that stopped answering). Limits scaled down so the test takes seconds.
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('the server’s limits on PostgreSQL', () => {
  it('ends a statement past its limit and a transaction left idle past its limit', async () => {
    const database = await openDatabase({
      databaseUrl: url,
      poolSize: 2,
      timeouts: { statementMs: 300, idleInTransactionMs: 300 },
    });
    try {
      await expect(database.db.execute(sql`select pg_sleep(2)`)).rejects.toMatchObject({
        cause: expect.objectContaining({ code: '57014' }),
      });
      const idle = database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await new Promise((r) => setTimeout(r, 1000));
        await tx.execute(sql`select 1`);
      });
      await expect(idle).rejects.toThrow();
      // The pool goes on with fresh connections.
      const { rows } = (await database.db.execute(sql`select 1 as one`)) as unknown as { rows: { one: number }[] };
      expect(rows[0].one).toBe(1);
    } finally {
      await database.close();
    }
  });
});
