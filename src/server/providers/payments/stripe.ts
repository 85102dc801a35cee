import type Stripe from 'stripe';
import { whenUsed } from '../../platform/when-used';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/errors';
import { stripePayees } from '../../platform/platform.db';
import type { Payee, PaymentsProvider, PayoutRequest, ProviderStatus, WebhookNotice } from './payments';

export interface StripeOptions {
  /** The platform account's secret key. */
  secretKey: string;
  /** The webhook endpoint's signing secret (whsec_…). */
  webhookSecret: string;
  /** https://api.stripe.com, or a local stand-in (tests). */
  apiUrl: string;
  /** How long one request may take before it counts as no answer. */
  timeoutMs?: number;
}

const sdk = whenUsed<typeof Stripe>('stripe');

/** What people read when Stripe is down, overloaded or unreachable: nothing they did, and worth another try. */
export const STRIPE_UNAVAILABLE = 'Stripe did not answer, so nothing was sent or stopped; try again.';

/** Stripe's error types that mean "no answer, or not ours to fix": the call is worth repeating with the same key. */
const OUTAGES = new Set(['StripeConnectionError', 'StripeAPIError', 'StripeRateLimitError']);

/**
 * Stripe's outages (no answer, 5xx, 429) become a 502 saying to try again; a key the platform
 * cannot use, a 502 naming the setting; any other refusal a 409 with Stripe's own sentence. The
 * request's idempotency key makes the retry safe.
 */
async function calling<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof sdk().errors.StripeError)) throw error;
    if (OUTAGES.has(error.type) || (error.statusCode ?? 0) >= 500) throw AppError.upstream(STRIPE_UNAVAILABLE, error);
    if (error.type === 'StripeAuthenticationError' || error.type === 'StripePermissionError')
      throw AppError.upstream("Stripe refused the platform account's key: check STRIPE_SECRET_KEY.", error);
    const text = error.message.replace(/\s+$/, '');
    throw AppError.conflict(`Stripe refused the request: ${/[.!?]$/.test(text) ? text : `${text}.`}`);
  }
}

/** Stripe's payout statuses onto the four the payments module knows: in transit is still on its way. */
function statusOf(status: string): ProviderStatus {
  switch (status) {
    case 'paid':
      return 'paid';
    case 'failed':
      return 'failed';
    case 'canceled':
      return 'cancelled';
    default:
      return 'pending';
  }
}

/** A payout is known by the seller's connected account and its id there: `acct_…/po_…`. */
const referenceOf = (account: string, payoutId: string) => `${account}/${payoutId}`;
function parseReference(reference: string): { account: string; payoutId: string } {
  const [account, payoutId, ...rest] = reference.split('/');
  if (!account?.startsWith('acct_') || !payoutId?.startsWith('po_') || rest.length)
    throw new Error(`Not a Stripe payout reference: ${reference}`);
  return { account, payoutId };
}

/** Whether Stripe can pay this connected account out now, at our request: payouts enabled, on a manual schedule. */
const readyToPay = (account: Stripe.Account) =>
  account.payouts_enabled === true && account.settings?.payouts?.schedule?.interval === 'manual';

/** The seller's connected account, by the payee's email, or the 409 saying what the office does first. */
async function payeeAccount(db: Db, payee: Payee): Promise<string> {
  const email = payee.email.trim().toLowerCase();
  if (!email)
    throw AppError.conflict(
      "This seller has no email, which their Stripe account is found by: add it to the appraisal's payment request, or pay manually.",
    );
  const [row] = await db.select().from(stripePayees).where(eq(stripePayees.email, email));
  if (!row)
    throw AppError.conflict(
      `${payee.name} has no Stripe account to be paid into: create one for ${email} in Stripe (Connect, an individual, manual payouts) and send them its onboarding link; once Stripe says they can be paid, send the payment again.`,
    );
  if (!row.ready)
    throw AppError.conflict(
      `${payee.name}'s Stripe account cannot be paid out yet: they have not finished Stripe's onboarding, or the account is not on manual payouts. Send the payment again once Stripe says they can be paid.`,
    );
  return row.account;
}

/**
 * The real driver: Stripe Connect (decision 027). The seller has a connected account of their own,
 * onboarded by Stripe, which holds their bank account. A payout is two requests, each keyed by the
 * payment's idempotency key: a transfer from the platform's balance to the seller's account
 * (`transfer_group` = the key), then a payout of it from that account to their bank (its metadata
 * carries the key). Before creating either, the driver looks for one already made under the key, so
 * a retry long after Stripe forgot its idempotency keys (24 hours) still never pays twice.
 */
export function stripePayments(options: StripeOptions): PaymentsProvider {
  const url = new URL(options.apiUrl);
  const stripe = new (sdk())(options.secretKey, {
    host: url.hostname,
    port: url.port || (url.protocol === 'http:' ? 80 : 443),
    protocol: url.protocol === 'http:' ? 'http' : 'https',
    timeout: options.timeoutMs ?? 20_000,
    maxNetworkRetries: 1,
    telemetry: false,
  });

  /** The transfer to the seller's account under this key: the one already made, or a new one. */
  async function transferFor(account: string, request: PayoutRequest): Promise<Stripe.Transfer> {
    const made = await stripe.transfers.list({ transfer_group: request.idempotencyKey, limit: 10 });
    const live = made.data.find((t) => t.destination === account && !t.reversed);
    if (live) return live;
    return stripe.transfers.create(
      {
        amount: request.amountCents,
        currency: 'usd',
        destination: account,
        transfer_group: request.idempotencyKey,
        description: request.memo,
        metadata: { forecourt_key: request.idempotencyKey },
      },
      { idempotencyKey: `${request.idempotencyKey}-transfer` },
    );
  }

  /** The payout from the seller's account under this key: the one already made, or a new one. */
  async function payoutFor(account: string, transfer: Stripe.Transfer, request: PayoutRequest) {
    const recent = await stripe.payouts.list({ limit: 100 }, { stripeAccount: account });
    const made = recent.data.find((p) => p.metadata?.forecourt_key === request.idempotencyKey);
    if (made) return made;
    return stripe.payouts.create(
      {
        amount: request.amountCents,
        currency: 'usd',
        description: request.memo,
        metadata: { forecourt_key: request.idempotencyKey, forecourt_transfer: transfer.id },
      },
      { stripeAccount: account, idempotencyKey: request.idempotencyKey },
    );
  }

  /** A payout stopped or returned leaves the money in the seller's Stripe balance: the transfer is reversed to the platform. */
  async function returnFunds(payout: Stripe.Payout) {
    const transferId = payout.metadata?.forecourt_transfer;
    if (!transferId) return;
    const transfer = await stripe.transfers.retrieve(transferId);
    if (transfer.reversed || transfer.amount_reversed >= transfer.amount) return;
    await stripe.transfers.createReversal(
      transferId,
      { metadata: { forecourt_payout: payout.id } },
      { idempotencyKey: `${payout.metadata?.forecourt_key ?? payout.id}-reversal` },
    );
  }

  /** Stripe's word on a connected account, written down under its email (account.updated). */
  async function rememberPayee(db: Db, accountId: string) {
    const account = await stripe.accounts.retrieve(accountId);
    const email = account.email?.trim().toLowerCase();
    if (!email) return null;
    const values = { email, account: account.id, ready: readyToPay(account) };
    await db
      .insert(stripePayees)
      .values(values)
      .onConflictDoUpdate({ target: stripePayees.email, set: { ...values, updatedAt: sql`now()` } });
    return values;
  }

  return {
    name: 'stripe',
    send: (db, request) =>
      calling(async () => {
        const account = await payeeAccount(db, request.payee);
        const transfer = await transferFor(account, request);
        const payout = await payoutFor(account, transfer, request);
        return { reference: referenceOf(account, payout.id), status: statusOf(payout.status) };
      }),

    status: (_db, reference) =>
      calling(async () => {
        const { account, payoutId } = parseReference(reference);
        const payout = await stripe.payouts.retrieve(payoutId, {}, { stripeAccount: account });
        const status = statusOf(payout.status);
        if (status === 'failed' || status === 'cancelled') await returnFunds(payout);
        return { reference, status };
      }),

    cancel: (_db, reference) =>
      calling(async () => {
        const { account, payoutId } = parseReference(reference);
        let payout = await stripe.payouts.retrieve(payoutId, {}, { stripeAccount: account });
        if (payout.status === 'in_transit')
          throw AppError.conflict(
            "Stripe has already handed this payout to the seller's bank, where it can no longer be stopped; check its status once it lands.",
          );
        if (payout.status === 'pending') payout = await stripe.payouts.cancel(payoutId, {}, { stripeAccount: account });
        const status = statusOf(payout.status);
        if (status === 'failed' || status === 'cancelled') await returnFunds(payout);
        return { reference, status };
      }),

    receive: (db, body, signature) =>
      calling(async (): Promise<WebhookNotice> => {
        let event: Stripe.Event;
        try {
          event = stripe.webhooks.constructEvent(body, signature ?? '', options.webhookSecret);
        } catch {
          throw AppError.invalid('The request signature is not valid.');
        }
        const notice: WebhookNotice = { event: event.id, type: event.type, payout: null, payee: null };
        const object = event.data.object as { id?: unknown };
        if (event.type === 'account.updated' && typeof object.id === 'string')
          notice.payee = await rememberPayee(db, object.id);
        else if (event.type.startsWith('payout.') && event.account && typeof object.id === 'string')
          notice.payout = referenceOf(event.account, object.id);
        return notice;
      }),
  };
}
