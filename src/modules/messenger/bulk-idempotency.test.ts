import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { type Caller, locationsByCode, testApp, type TestApp } from '../../../tests/helpers';
import { idempotencyKeys } from '../../server/platform/platform.db';
import { jobs } from '../../server/jobs/jobs.db';
import { bulkRecipients, bulkSends, deployments } from './messenger.db';
import { addShortcut, deploy, sendMassText, textContactList } from './messenger.contract';

// Bulk sends and deploys are idempotent (decision 025): the same mass text submitted twice at once
// with one Idempotency-Key is one send, on the embedded database and on PostgreSQL alike.

let t: TestApp;
let marketer: Caller;
let loc: Record<string, number>;

beforeAll(async () => {
  t = await testApp();
  marketer = await t.signedIn(['marketing', 'messenger', 'messengerDeploy']);
  loc = await locationsByCode(t.db);
});
afterAll(async () => {
  await t?.close();
});

const sendsWith = async (message: string) => t.db.select().from(bulkSends).where(eq(bulkSends.body, message));
const keyRow = async (caller: Caller, key: string) =>
  (
    await t.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, caller.userId!), eq(idempotencyKeys.key, key)))
  )[0];

describe('a mass text with an Idempotency-Key', () => {
  const numbers = ['5055550111', '5055550112', '5755550113'];

  it('sent twice at once with the same key is one send; the second reply is the first, replayed', async () => {
    const message = 'Spring tire sale, this weekend only.';
    const input = { locationId: loc.ABG, message, numbers, confirm: 1 };
    const [a, b] = await Promise.all([
      marketer.act(sendMassText, input, { idempotencyKey: 'mass-text-1f0c' }),
      marketer.act(sendMassText, input, { idempotencyKey: 'mass-text-1f0c' }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data).toEqual(b.body.data);
    expect([a.headers['idempotent-replayed'], b.headers['idempotent-replayed']].sort()).toEqual(['true', undefined]);
    const sends = await sendsWith(message);
    expect(sends).toHaveLength(1);
    expect(sends[0]).toMatchObject({ id: a.body.data.sendId, recipientCount: 3 });
    const [[{ r }], [{ j }]] = await Promise.all([
      t.db.select({ r: count() }).from(bulkRecipients).where(eq(bulkRecipients.sendId, sends[0].id)),
      t.db.select({ j: count() }).from(jobs).where(eq(jobs.id, sends[0].jobId!)),
    ]);
    expect([r, j]).toEqual([3, 1]);
    expect(await keyRow(marketer, 'mass-text-1f0c')).toMatchObject({
      action: 'kits/text/send-mass-text',
      reply: a.body.data,
      errorStatus: null,
    });

    // Sent again later with the key: the same reply, still one send.
    const later = await marketer.act(sendMassText, input, { idempotencyKey: 'mass-text-1f0c' });
    expect(later.headers['idempotent-replayed']).toBe('true');
    expect(later.body.data).toEqual(a.body.data);
    expect(await sendsWith(message)).toHaveLength(1);
  });

  it('refuses the key with another message (409) or a malformed key (400), sending nothing', async () => {
    const input = { locationId: loc.ABG, message: 'Oil change special.', numbers, confirm: 1 };
    expect((await marketer.act(sendMassText, input, { idempotencyKey: 'mass-text-7b21' })).status).toBe(200);
    const other = await marketer.act(
      sendMassText,
      { ...input, message: 'Brake special.' },
      { idempotencyKey: 'mass-text-7b21' },
    );
    expect(other).toMatchObject({
      status: 409,
      body: {
        errors: ['This Idempotency-Key was already used for a different request; send a new key with a new request.'],
      },
    });
    const bad = await marketer.act(
      sendMassText,
      { ...input, message: 'Brake special.' },
      { idempotencyKey: 'x'.repeat(256) },
    );
    expect(bad).toMatchObject({
      status: 400,
      body: { errors: ['Idempotency-Key must be 1 to 255 visible characters, such as a UUID.'] },
    });
    expect(await sendsWith('Brake special.')).toHaveLength(0);
  });

  it('still works without a key, as old API callers send it: each request is its own send', async () => {
    const message = 'Free car wash with any service.';
    const input = { locationId: loc.ABG, message, numbers, confirm: 1 };
    const first = await marketer.act(sendMassText, input);
    expect(first.status).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(first.body.data).toMatchObject({ recipientCount: 3, duplicates: 0 });
    expect((await marketer.act(sendMassText, input)).status).toBe(200);
    expect(await sendsWith(message)).toHaveLength(2);
  });

  it('rolls the key back with a send that failed, so the request runs again with it', async () => {
    // Tucson has no contacts: refused, and nothing kept, the key included.
    const input = { locationId: loc.TUC, message: 'Hi', confirm: 1 };
    const refused = await marketer.act(textContactList, input, { idempotencyKey: 'contact-text-5d' });
    expect(refused).toMatchObject({
      status: 400,
      body: { errors: ['That store has no contacts with a mobile number to text.'] },
    });
    expect(await keyRow(marketer, 'contact-text-5d')).toBeUndefined();
    const again = await marketer.act(textContactList, input, { idempotencyKey: 'contact-text-5d' });
    expect(again.status).toBe(400);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('a deploy with an Idempotency-Key', () => {
  it('deployed twice with the key is one new version, the second reply replayed', async () => {
    const draft = await marketer.act(addShortcut, {
      locationId: loc.ABG,
      shortcut: 'TIRES',
      message: 'Tire sale at [location_name] this weekend.',
      keywords: ['tires'],
    });
    expect(draft.status).toBe(200);
    const [before] = await t.db.select({ n: count() }).from(deployments).where(eq(deployments.locationId, loc.ABG));
    const [a, b] = await Promise.all([
      marketer.act(deploy, { locationId: loc.ABG }, { idempotencyKey: 'deploy-abg-1' }),
      marketer.act(deploy, { locationId: loc.ABG }, { idempotencyKey: 'deploy-abg-1' }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body.data).toEqual(a.body.data);
    const [after] = await t.db.select({ n: count() }).from(deployments).where(eq(deployments.locationId, loc.ABG));
    expect(after.n).toBe(before.n + 1);
  });
});
