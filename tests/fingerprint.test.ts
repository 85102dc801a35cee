import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { testApp, type TestApp } from './helpers';
import { tableFingerprint } from './fingerprint';
import { locations } from '../src/modules/locations/locations.db';
import { vehicleCatalog } from '../src/modules/vehicles/vehicles.db';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the tables\' fingerprint, which the fuzzing and the "changes nothing" tests compare', () => {
  it("changes with each committed insert, update, delete or truncate of a table, and only that table's", async () => {
    const start = await tableFingerprint(t.db);
    await t.db.update(locations).set({ phone: '5055550100' }).where(eq(locations.code, 'ABG'));
    const updated = await tableFingerprint(t.db);
    expect(Object.keys(updated).filter((k) => updated[k] !== start[k])).toEqual(['locations']);
    const [{ id }] = await t.db.select({ id: vehicleCatalog.id }).from(vehicleCatalog).limit(1);
    await t.db.delete(vehicleCatalog).where(eq(vehicleCatalog.id, id));
    const deleted = await tableFingerprint(t.db);
    expect(Object.keys(deleted).filter((k) => deleted[k] !== updated[k])).toEqual(['vehicle_catalog']);
    await t.db.execute(sql`truncate outbox`);
    const emptied = await tableFingerprint(t.db);
    expect(Object.keys(emptied).filter((k) => emptied[k] !== deleted[k])).toEqual(['outbox']);
  });

  it('does not change for a statement that changes no row, or a change rolled back', async () => {
    const start = await tableFingerprint(t.db);
    await t.db.update(locations).set({ phone: 'x' }).where(eq(locations.code, 'NO-SUCH'));
    await t.db
      .transaction(async (tx) => {
        await tx.update(locations).set({ phone: '5055550101' }).where(eq(locations.code, 'ABG'));
        tx.rollback();
      })
      .catch(() => undefined);
    expect(await tableFingerprint(t.db)).toEqual(start);
  });
});
