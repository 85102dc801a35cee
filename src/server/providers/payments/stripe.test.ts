import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { type Caller, locationsByCode, testApp, type TestApp } from '../../../../tests/helpers';
import { FakeStripe, SECRET_KEY, WEBHOOK_SECRET, signed } from '../../../../tests/fake-stripe';
import { ConfigError, loadConfig } from '../../config';
import { auditLog, stripePayees } from '../../platform/platform.db';
import { appraisals } from '../../../modules/appraisals/appraisals.db';
import { paymentEvents, paymentPayouts, payments } from '../../../modules/payments/payments.db';
import {
  approvePayment,
  cancelPayment,
  changePayment,
  checkPaymentStatus,
  createPayment,
  loadPayment,
  loadPayments,
  startManualPayment,
  startPayment,
  voidPayment,
} from '../../../modules/payments/payments.contract';
import { STRIPE_UNAVAILABLE } from './stripe';

const WEBHOOK = '/webhooks/payouts';

let fake: FakeStripe;
let t: TestApp;
let appraiser: Caller;
let manager: Caller;
let loc: Record<string, number>;

beforeAll(async () => {
  fake = await FakeStripe.start();
  t = await testApp({
    env: {
      PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.baseUrl,
    },
  });
  appraiser = await t.signedIn(['appraiser']);
  manager = await t.signedIn(['appraisalManager']);
  loc = await locationsByCode(t.db);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.silent = false;
  fake.dropReplies = null;
});

/** Posts a body to the payout webhook as Stripe does, signed with the endpoint's secret unless told otherwise. */
async function postEvent(payload: string, signature: string | null = signed(payload)) {
  const res = await t.app.inject({
    method: 'POST',
    url: WEBHOOK,
    headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'stripe-signature': signature }) },
    payload,
  });
  return { status: res.statusCode, body: res.json() as { success: boolean; errors: string[] } };
}

let sellers = 0;
/** A seller with a connected account Stripe can pay out (told to us by its account.updated event), and their approved payment. */
async function approvedPayment(offerCents = 1_834_500, { ready = true } = {}) {
  sellers += 1;
  const email = `seller${sellers}@example.com`;
  const account = fake.addAccount(email, ready);
  expect((await postEvent(fake.event('account.updated', fake.accountJson(account), account))).status).toBe(200);
  const [appraisal] = await t.db
    .insert(appraisals)
    .values({
      locationId: loc.ABG,
      source: 'walk-in',
      customerName: `Seller ${sellers} Ortiz`,
      phone: '+15055550199',
      email: email.toUpperCase(),
      vin: `2T3P1RFV${String(sellers).padStart(9, '0')}`,
      year: 2019,
      make: 'Toyota',
      model: 'RAV4',
      trim: 'XLE',
      mileage: 52_000,
      condition: 'good',
      baseValueCents: offerCents,
      offerCents,
      status: 'accepted',
    })
    .returning();
  const created = await appraiser.act(createPayment, { appraisalId: appraisal.id });
  const paymentId = created.body.data.paymentId;
  expect((await manager.act(approvePayment, { paymentId })).status).toBe(200);
  return { paymentId, account, email };
}

const paymentById = async (id: number) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0];
const eventCount = async (id: number) =>
  (await t.db.select({ n: count() }).from(paymentEvents).where(eq(paymentEvents.paymentId, id)))[0].n;
const auditCount = async () => (await t.db.select({ n: count() }).from(auditLog))[0].n;
const snapshot = async (id: number) => ({
  payment: await paymentById(id),
  events: await eventCount(id),
  ledger: await t.db.select().from(paymentPayouts).where(eq(paymentPayouts.paymentId, id)),
  audit: await auditCount(),
});
/**
 * What a step Stripe failed or refused leaves (issue 29: it was claimed, then put back): the payment
 * where it stood and its ledger, and its timeline's last step saying what Stripe did not take.
 */
const standing = async (id: number) => {
  const { payment, ledger } = await snapshot(id);
  const [last] = await t.db
    .select()
    .from(paymentEvents)
    .where(eq(paymentEvents.paymentId, id))
    .orderBy(desc(paymentEvents.id))
    .limit(1);
  return { payment: { ...payment, updatedAt: undefined }, ledger, last: last?.action };
};
const sentPayout = async (paymentId: number, account: string) => {
  const res = await appraiser.act(startPayment, { paymentId });
  expect(res.status, res.body.errors.join()).toBe(200);
  const [payout] = fake.payoutsOf(account);
  return payout;
};

describe('configuration', () => {
  const env = { DATA_DIR: '.tmp/test-data', SESSION_SECRET: 'a-session-secret-of-enough-length-000' };
  it('stops with one sentence when PAYMENTS=stripe lacks its secrets, or they are malformed', () => {
    expect(() => loadConfig({ ...env, PAYMENTS: 'stripe' })).toThrow(
      new ConfigError(
        'PAYMENTS=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, both from the Stripe Dashboard.',
      ),
    );
    expect(() => loadConfig({ ...env, PAYMENTS: 'stripe', STRIPE_SECRET_KEY: SECRET_KEY })).toThrow(ConfigError);
    expect(() =>
      loadConfig({
        ...env,
        PAYMENTS: 'stripe',
        STRIPE_SECRET_KEY: 'pk_live_abc',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      }),
    ).toThrow(/STRIPE_SECRET_KEY must be the platform account's secret key/);
    expect(() => loadConfig({ ...env, PAYMENTS: 'paypal' })).toThrow(
      new ConfigError('PAYMENTS must be local or stripe'),
    );
    const stripe = { ...env, PAYMENTS: 'stripe', STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET };
    expect(() => loadConfig({ ...stripe, STRIPE_API_URL: 'http://stripe-proxy.example.com' })).toThrow(
      new ConfigError('STRIPE_API_URL must use https unless it points at this machine.'),
    );
    expect(loadConfig(stripe)).toMatchObject({ PAYMENTS: 'stripe', STRIPE_API_URL: 'https://api.stripe.com' });
    expect(loadConfig(env).PAYMENTS).toBe('local');
  });
});

describe('sending a payout through Stripe Connect', () => {
  it("transfers the amount to the seller's connected account and pays it out to their bank, keyed by the payment", async () => {
    const { paymentId, account } = await approvedPayment(1_834_550);
    fake.received.length = 0;
    const res = await appraiser.act(startPayment, { paymentId });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ state: 'sent', providerStatus: 'pending' });
    const key = `payment-${paymentId}-1`;
    const [transfer] = [...fake.transfers.values()].filter((tr) => tr.destination === account);
    expect(transfer).toMatchObject({ amount: 1_834_550, currency: 'usd', transfer_group: key, reversed: false });
    const [payout] = fake.payoutsOf(account);
    expect(payout).toMatchObject({ amount: 1_834_550, currency: 'usd', status: 'pending' });
    expect(payout.metadata).toEqual({ forecourt_key: key, forecourt_transfer: transfer.id });
    // Both creations carry the payment's key (the payout on the seller's account), with the platform's secret key.
    const posts = fake.received.filter((r) => r.method === 'POST');
    expect(posts.map((r) => [r.path, r.idempotencyKey, r.account])).toEqual([
      ['/v1/transfers', `${key}-transfer`, null],
      ['/v1/payouts', key, account],
    ]);
    expect(fake.received.every((r) => r.key === SECRET_KEY)).toBe(true);
    const stored = await paymentById(paymentId);
    expect(stored.providerReference).toBe(`${account}/${payout.id}`);
    const [ledger] = await t.db.select().from(paymentPayouts).where(eq(paymentPayouts.paymentId, paymentId));
    expect(ledger).toMatchObject({ idempotencyKey: key, reference: `${account}/${payout.id}`, status: 'pending' });
  });

  it('pays once when the reply is lost and the send is retried with the same key, however long after', async () => {
    const { paymentId, account } = await approvedPayment(1_200_000);
    // Stripe makes the payout but both replies (the SDK's own retry included) are lost: 502, nothing kept here.
    fake.dropReplies = { pattern: /^POST \/v1\/payouts$/, times: 2 };
    const lost = await appraiser.act(startPayment, { paymentId });
    expect(lost.status).toBe(502);
    expect(lost.body.errors).toEqual([STRIPE_UNAVAILABLE]);
    expect((await paymentById(paymentId)).state).toBe('approved');
    expect(fake.payoutsOf(account)).toHaveLength(1);
    // The retry sends the same key: Stripe answers the payout it made, and the transfer is found by its group.
    const retried = await appraiser.act(startPayment, { paymentId });
    expect(retried.status).toBe(200);
    expect(fake.payoutsOf(account)).toHaveLength(1);
    expect([...fake.transfers.values()].filter((tr) => tr.destination === account)).toHaveLength(1);
    expect((await paymentById(paymentId)).providerReference).toBe(`${account}/${fake.payoutsOf(account)[0].id}`);
  });

  it('finds the payout already made under the key even when Stripe no longer holds the key (after 24 hours)', async () => {
    const { paymentId, account } = await approvedPayment(1_250_000);
    fake.dropReplies = { pattern: /^POST \/v1\/payouts$/, times: 2 };
    expect((await appraiser.act(startPayment, { paymentId })).status).toBe(502);
    // Stripe forgets idempotency keys after a day: the retry must not pay again regardless.
    (fake as unknown as { keys: Map<string, unknown> }).keys.clear();
    expect((await appraiser.act(startPayment, { paymentId })).status).toBe(200);
    expect(fake.payoutsOf(account)).toHaveLength(1);
    expect([...fake.transfers.values()].filter((tr) => tr.destination === account)).toHaveLength(1);
  });

  it('refuses, sending nothing, a seller Stripe has no account for or cannot pay out yet', async () => {
    const { paymentId, email } = await approvedPayment(1_000_000, { ready: false });
    const before = fake.received.length;
    const res = await appraiser.act(startPayment, { paymentId });
    expect(res.status).toBe(409);
    expect(res.body.errors[0]).toMatch(/Stripe account cannot be paid out yet/);
    await t.db.delete(stripePayees).where(eq(stripePayees.email, email));
    const none = await appraiser.act(startPayment, { paymentId });
    expect(none.body.errors[0]).toContain(`has no Stripe account to be paid into: create one for ${email} in Stripe`);
    expect(fake.received.length).toBe(before);
    expect((await paymentById(paymentId)).state).toBe('approved');
  });

  it('answers 502 and leaves the payment as it was when Stripe does not answer', async () => {
    const { paymentId, account } = await approvedPayment(1_300_000);
    const before = await standing(paymentId);
    fake.silent = true;
    const res = await appraiser.act(startPayment, { paymentId });
    expect(res.status).toBe(502);
    expect(res.body.errors).toEqual([STRIPE_UNAVAILABLE]);
    // Where it stood, but the payout asked for stays on the ledger, unanswered: Stripe may have made it.
    const unanswered = { paymentId, idempotencyKey: `payment-${paymentId}-1`, reference: null, status: 'pending' };
    expect(await standing(paymentId)).toEqual({
      ...before,
      ledger: [expect.objectContaining(unanswered)],
      last: 'provider-failed',
    });
    // So it is not paid another way or cancelled until a send again (same key: paid once) is answered.
    const waiting = await standing(paymentId);
    for (const res of [
      await appraiser.act(startManualPayment, { paymentId, method: 'cheque', details: '' }),
      await manager.act(cancelPayment, { paymentId, reason: 'Seller changed their mind' }),
    ])
      expect([res.status, res.body.errors]).toEqual([
        409,
        [
          "The payments provider did not answer this payment's last send, so the seller may have been paid: send it again (the seller is paid once) before paying it another way or cancelling it.",
        ],
      ]);
    expect(await standing(paymentId)).toEqual(waiting);
    // The list and the status view say so, and the screens offer only the send again.
    const unansweredIn = async () => [
      (await appraiser.act(loadPayments, { view: 'rows', limit: 50 })).body.data.rows.find(
        (r) => r.paymentId === paymentId,
      )?.sendUnanswered,
      (await appraiser.act(loadPayment, { paymentId })).body.data.payment.sendUnanswered,
    ];
    expect(await unansweredIn()).toEqual([true, true]);
    fake.silent = false;
    const payout = await sentPayout(paymentId, account);
    expect(await unansweredIn()).toEqual([false, false]);
    expect(await t.db.select().from(paymentPayouts).where(eq(paymentPayouts.paymentId, paymentId))).toEqual([
      expect.objectContaining({ ...unanswered, reference: `${account}/${payout.id}` }),
    ]);
    fake.silent = true;
    const sent = await standing(paymentId);
    for (const res of [
      await appraiser.act(checkPaymentStatus, { paymentId }),
      await manager.act(voidPayment, { paymentId }),
      await manager.act(changePayment, { paymentId, amount: '12000.00' }),
    ])
      expect([res.status, res.body.errors]).toEqual([502, [STRIPE_UNAVAILABLE]]);
    expect(await standing(paymentId)).toEqual({ ...sent, last: 'provider-failed' });
    expect(fake.payouts.get(payout.id)!.status).toBe('pending');
  });
});

describe('status and cancel', () => {
  it("checks the payout's status: pending while in transit, then paid", async () => {
    const { paymentId, account } = await approvedPayment(1_400_000);
    const payout = await sentPayout(paymentId, account);
    fake.settle(payout.id, 'in_transit');
    const transit = await appraiser.act(checkPaymentStatus, { paymentId });
    expect(transit.body.data).toMatchObject({ state: 'sent', providerStatus: 'pending' });
    fake.settle(payout.id, 'paid');
    const paid = await appraiser.act(checkPaymentStatus, { paymentId });
    expect(paid.body.data).toMatchObject({ state: 'paid', stateLabel: 'Payment Completed', providerStatus: 'paid' });
  });

  it('a failed payout fails the payment and its transfer is reversed to the platform', async () => {
    const { paymentId, account } = await approvedPayment(1_400_013);
    const payout = await sentPayout(paymentId, account);
    fake.settle(payout.id, 'failed');
    const res = await appraiser.act(checkPaymentStatus, { paymentId });
    expect(res.body.data).toMatchObject({ state: 'failed', providerStatus: 'failed' });
    expect(fake.transfers.get(payout.metadata.forecourt_transfer)).toMatchObject({ reversed: true });
  });

  it('a void cancels the pending payout and reverses its transfer; one too late is recorded as paid', async () => {
    const first = await approvedPayment(1_500_000);
    const payout = await sentPayout(first.paymentId, first.account);
    const voided = await manager.act(voidPayment, { paymentId: first.paymentId });
    expect(voided.body.data).toMatchObject({ state: 'voided', providerStatus: 'cancelled' });
    expect(fake.payouts.get(payout.id)!.status).toBe('canceled');
    expect(fake.transfers.get(payout.metadata.forecourt_transfer)).toMatchObject({ reversed: true });

    const second = await approvedPayment(1_500_000);
    const paidOut = await sentPayout(second.paymentId, second.account);
    fake.settle(paidOut.id, 'paid');
    const late = await manager.act(voidPayment, { paymentId: second.paymentId });
    expect([late.status, late.body.errors]).toEqual([
      409,
      ['The seller has already been paid $15,000.00; the payment cannot be voided.'],
    ]);
    expect((await paymentById(second.paymentId)).state).toBe('paid');
    expect(fake.transfers.get(paidOut.metadata.forecourt_transfer)).toMatchObject({ reversed: false });
    // The refusal keeps the move to paid, and its audit row.
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordType, 'payment'), eq(auditLog.recordId, String(second.paymentId))))
      .orderBy(auditLog.id)
      .then((rows) => rows.slice(-1));
    expect(audit).toMatchObject({ action: 'payments/void', before: { state: 'voiding' }, after: { state: 'paid' } });
  });

  it("refuses to stop a payout already handed to the seller's bank, changing nothing", async () => {
    const { paymentId, account } = await approvedPayment(1_600_000);
    const payout = await sentPayout(paymentId, account);
    fake.settle(payout.id, 'in_transit');
    const before = await standing(paymentId);
    const res = await manager.act(voidPayment, { paymentId });
    expect(res.status).toBe(409);
    expect(res.body.errors[0]).toMatch(/already handed this payout to the seller's bank/);
    expect(await standing(paymentId)).toEqual({ ...before, last: 'provider-failed' });
  });
});

describe('the payout webhook', () => {
  it('moves the payment on a signed payout.paid, asking Stripe for the payout, with its event and audit row', async () => {
    const { paymentId, account } = await approvedPayment(1_700_000);
    const payout = await sentPayout(paymentId, account);
    fake.settle(payout.id, 'paid');
    const audits = await auditCount();
    const res = await postEvent(fake.event('payout.paid', { ...payout, status: 'paid' }, account));
    expect(res).toEqual({ status: 200, body: { success: true, data: {}, errors: [] } });
    const stored = await paymentById(paymentId);
    expect(stored).toMatchObject({ state: 'paid', providerStatus: 'paid' });
    const [ledger] = await t.db.select().from(paymentPayouts).where(eq(paymentPayouts.paymentId, paymentId));
    expect(ledger.status).toBe('paid');
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordType, 'payment'), eq(auditLog.recordId, String(paymentId))))
      .orderBy(auditLog.id)
      .then((rows) => rows.slice(-1));
    expect(row).toMatchObject({ userId: null, action: 'webhooks/payouts' });
    expect(row.after).toMatchObject({ state: 'paid' });
    expect(await auditCount()).toBe(audits + 1);
  });

  it('holds no transaction or lock while Stripe is asked for the payout: the payment stays free to act on', async () => {
    const { paymentId, account } = await approvedPayment(1_750_000);
    const payout = await sentPayout(paymentId, account);
    fake.settle(payout.id, 'paid');
    let answer!: () => void;
    const asked = new Promise<void>((resolve) => {
      fake.held = { pattern: /^GET \/v1\/payouts\//, until: new Promise((r) => (answer = r)), asked: resolve };
    });
    const posted = postEvent(fake.event('payout.paid', { ...payout, status: 'paid' }, account));
    await asked;
    // Before: the webhook locked the payment in its transaction, then asked; this waited for Stripe.
    const locked = t.db.transaction(async (tx) => {
      await tx.execute(sql`select id from payments where id = ${paymentId} for update nowait`);
      return 'free';
    });
    const within = await Promise.race([locked, new Promise((r) => setTimeout(() => r('held'), 3_000))]);
    answer();
    fake.held = null;
    expect(within).toBe('free');
    expect((await posted).status).toBe(200);
    expect(await paymentById(paymentId)).toMatchObject({ state: 'paid', providerStatus: 'paid' });
  });

  it('refuses a bad, missing or other-secret signature with 400, changing nothing', async () => {
    const { paymentId, account } = await approvedPayment(1_700_000);
    const payout = await sentPayout(paymentId, account);
    fake.settle(payout.id, 'paid');
    const before = await snapshot(paymentId);
    const payload = fake.event('payout.paid', { ...payout, status: 'paid' }, account);
    for (const signature of [
      null,
      'garbage',
      signed(payload, `whsec_${'0'.repeat(32)}`),
      signed(payload.replace('payout.paid', 'payout.failed')),
    ]) {
      const res = await postEvent(payload, signature);
      expect([res.status, res.body.errors]).toEqual([400, ['The request signature is not valid.']]);
    }
    expect(await snapshot(paymentId)).toEqual(before);
    // A signed account.updated naming another email is refused the same way when tampered.
    const other = fake.addAccount('intruder@example.com');
    const accountEvent = fake.event('account.updated', fake.accountJson(other), other);
    expect((await postEvent(accountEvent, signed(accountEvent, `whsec_${'1'.repeat(32)}`))).status).toBe(400);
    expect(await t.db.select().from(stripePayees).where(eq(stripePayees.account, other))).toEqual([]);
  });

  it('a replayed event leaves the same state and writes nothing', async () => {
    const { paymentId, account } = await approvedPayment(1_800_000);
    const payout = await sentPayout(paymentId, account);
    fake.settle(payout.id, 'paid');
    const payload = fake.event('payout.paid', { ...payout, status: 'paid' }, account);
    expect((await postEvent(payload)).status).toBe(200);
    const once = await snapshot(paymentId);
    expect(once.payment.state).toBe('paid');
    for (let i = 0; i < 3; i++) expect((await postEvent(payload)).status).toBe(200);
    expect(await snapshot(paymentId)).toEqual(once);
  });

  it('events out of order (paid before the older updated and created) leave the same state', async () => {
    const { paymentId, account } = await approvedPayment(1_900_000);
    const payout = await sentPayout(paymentId, account);
    fake.settle(payout.id, 'paid');
    const paid = fake.event('payout.paid', { ...payout, status: 'paid' }, account);
    const inTransit = fake.event('payout.updated', { ...payout, status: 'in_transit' }, account);
    const created = fake.event('payout.created', { ...payout, status: 'pending' }, account);
    for (const payload of [paid, inTransit, created]) expect((await postEvent(payload)).status).toBe(200);
    const after = await snapshot(paymentId);
    expect(after.payment).toMatchObject({ state: 'paid', providerStatus: 'paid' });
    expect(after.ledger.map((p) => p.status)).toEqual(['paid']);
    // The same events in their own order come to the same.
    const other = await approvedPayment(1_900_000);
    const second = await sentPayout(other.paymentId, other.account);
    const inOrder = [
      fake.event('payout.created', { ...second, status: 'pending' }, other.account),
      fake.event('payout.updated', { ...second, status: 'in_transit' }, other.account),
      fake.event('payout.paid', { ...second, status: 'paid' }, other.account),
    ];
    const statuses: string[] = [];
    for (const [i, payload] of inOrder.entries()) {
      fake.settle(second.id, (['pending', 'in_transit', 'paid'] as const)[i]);
      expect((await postEvent(payload)).status).toBe(200);
      statuses.push((await paymentById(other.paymentId)).state);
    }
    expect(statuses).toEqual(['sent', 'sent', 'paid']);
  });

  it('a failed payout reported by the webhook fails the payment; a payout not ours is answered and left alone', async () => {
    const { paymentId, account } = await approvedPayment(2_000_013);
    const payout = await sentPayout(paymentId, account);
    fake.settle(payout.id, 'failed');
    expect((await postEvent(fake.event('payout.failed', { ...payout, status: 'failed' }, account))).status).toBe(200);
    expect(await paymentById(paymentId)).toMatchObject({ state: 'failed', providerStatus: 'failed' });
    const audits = await auditCount();
    const stranger = { id: 'po_notours000000000000000', object: 'payout', status: 'paid', metadata: {} };
    expect((await postEvent(fake.event('payout.paid', stranger, account))).status).toBe(200);
    expect((await postEvent(fake.event('charge.succeeded', { id: 'ch_1' }))).status).toBe(200);
    expect(await auditCount()).toBe(audits);
  });

  it('answers 502 when Stripe cannot be asked for the payout, changing nothing, so Stripe sends it again', async () => {
    const { paymentId, account } = await approvedPayment(2_100_000);
    const payout = await sentPayout(paymentId, account);
    fake.settle(payout.id, 'paid');
    const before = await snapshot(paymentId);
    fake.silent = true;
    const payload = fake.event('payout.paid', { ...payout, status: 'paid' }, account);
    expect((await postEvent(payload)).status).toBe(502);
    expect(await snapshot(paymentId)).toEqual(before);
    fake.silent = false;
    expect((await postEvent(payload)).status).toBe(200);
    expect((await paymentById(paymentId)).state).toBe('paid');
  });

  it("records a seller's account from account.updated as Stripe holds it now, whatever the event said", async () => {
    const account = fake.addAccount('Late.Seller@Example.com', false);
    const stale = fake.event('account.updated', fake.accountJson(account), account);
    fake.accounts.get(account)!.ready = true;
    const fresh = fake.event('account.updated', fake.accountJson(account), account);
    for (const payload of [fresh, stale]) expect((await postEvent(payload)).status).toBe(200);
    const [row] = await t.db.select().from(stripePayees).where(eq(stripePayees.account, account));
    expect(row).toMatchObject({ email: 'late.seller@example.com', ready: true });
  });
});
