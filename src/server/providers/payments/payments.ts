import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { localPayouts } from '../../platform/platform.db';

/** What a payout vendor says of a payout: on its way, paid, failed (returned), or stopped. */
export type ProviderStatus = 'pending' | 'paid' | 'failed' | 'cancelled';

export interface Payee {
  name: string;
  email: string;
  phone: string;
}

export interface PayoutRequest {
  /** The same key always means the same payout: the provider returns the first one instead of paying twice. */
  idempotencyKey: string;
  payee: Payee;
  amountCents: number;
  /** What the payee sees beside the money ("Trade-in: 2019 Toyota RAV4"). */
  memo: string;
}

export interface Payout {
  reference: string;
  status: ProviderStatus;
}

/** What a vendor's signed webhook told: its event, and the payout or seller's account it concerns. */
export interface WebhookNotice {
  event: string;
  type: string;
  /** A payout whose status may have moved: the payments module asks for it (`status`) and records the answer. */
  payout: string | null;
  /** A seller's account the driver wrote down (Stripe's account.updated), for the audit row. */
  payee: { email: string; account: string; ready: boolean } | null;
}

/**
 * Sends money to a seller and reports on it. `local` records what it would have sent (the
 * `local_payouts` table, shown on the payment's status view) and simulates the statuses a payout
 * vendor reports; `stripe` pays through Stripe Connect (stripe.ts, decision 027).
 * A provider that fails or does not answer throws `AppError.upstream` (502); the payment then stays
 * where it was, and a retry carries the same idempotency key.
 */
export interface PaymentsProvider {
  readonly name: 'local' | 'stripe';
  send(db: Db, request: PayoutRequest): Promise<Payout>;
  status(db: Db, reference: string): Promise<Payout>;
  /** Stops a payout not yet paid; answers its status (`paid` when it was too late). */
  cancel(db: Db, reference: string): Promise<Payout>;
  /**
   * The vendor's webhook (a driver that has one): checks its signature against the raw body (400
   * otherwise, before anything is read), writes down what is the driver's own, and says which payout
   * it concerns. The event's own status is not believed: the payout's is asked for, so a replayed or
   * out-of-order event leaves the same state.
   */
  receive?(db: Db, body: Buffer, signature: string | undefined): Promise<WebhookNotice>;
}

/**
 * The local driver's simulation, like a card processor's test numbers: an amount ending in .13 fails
 * at its first status check (the bank returned it), one ending in .14 stays pending, any other is
 * paid at its first check.
 */
function simulatedOutcome(amountCents: number): ProviderStatus {
  const cents = amountCents % 100;
  return cents === 13 ? 'failed' : cents === 14 ? 'pending' : 'paid';
}

const reference = (key: string) => `lp_${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;

export function localPayments(): PaymentsProvider {
  const find = async (db: Db, ref: string): Promise<typeof localPayouts.$inferSelect> => {
    const [row] = await db.select().from(localPayouts).where(eq(localPayouts.reference, ref));
    if (!row) throw new Error(`The local payments driver holds no payout ${ref}`);
    return row;
  };
  return {
    name: 'local',
    async send(db, request) {
      // Keyed like a vendor's Idempotency-Key: the same key twice is the same payout.
      const ref = reference(request.idempotencyKey);
      await db
        .insert(localPayouts)
        .values({
          reference: ref,
          idempotencyKey: request.idempotencyKey,
          payeeName: request.payee.name,
          payeeEmail: request.payee.email,
          payeePhone: request.payee.phone,
          amountCents: request.amountCents,
          memo: request.memo,
        })
        .onConflictDoNothing();
      const row = await find(db, ref);
      return { reference: row.reference, status: row.status };
    },
    async status(db, ref) {
      const row = await find(db, ref);
      const status = row.status === 'pending' ? simulatedOutcome(row.amountCents) : row.status;
      await db
        .update(localPayouts)
        .set({ status, checks: sql`${localPayouts.checks} + 1`, updatedAt: sql`now()` })
        .where(eq(localPayouts.reference, ref));
      return { reference: ref, status };
    },
    async cancel(db, ref) {
      const row = await find(db, ref);
      if (row.status !== 'pending') return { reference: ref, status: row.status };
      await db
        .update(localPayouts)
        .set({ status: 'cancelled', updatedAt: sql`now()` })
        .where(eq(localPayouts.reference, ref));
      return { reference: ref, status: 'cancelled' };
    },
  };
}
