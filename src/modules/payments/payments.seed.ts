import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { localPayments } from '../../server/providers/payments/payments';
import { appraisals } from '../appraisals/appraisals.db';
import { locations } from '../locations/locations.db';
import { users } from '../users/users.db';
import { paymentEvents, paymentPayouts, payments } from './payments.db';
import type { PaymentCommand, PaymentState } from './payments.values';

const HOUR = 3_600_000;

/**
 * Payments on the demo's bought and accepted trade-ins, at stores in New Mexico, Colorado and
 * Arizona, each in a different state, each with the steps that took it there (`ago`: hours before
 * the seed ran). Two accepted offers at Albuquerque (David Chavez, Laura Sanchez) are left without a
 * payment, for a request to be made.
 */
const demoPayments: {
  customer: string;
  steps: [PaymentCommand | 'create', PaymentState, number, string?][];
  amountCents?: number;
  manual?: { reference: string; details: string };
}[] = [
  {
    customer: 'Kevin Nguyen',
    steps: [
      ['create', 'requested', 290],
      ['cancel-payment', 'cancelled', 288, 'Seller asked to be paid by cheque at signing.'],
    ],
  },
  {
    customer: 'Kevin Nguyen',
    steps: [
      ['create', 'requested', 280],
      ['approve', 'approved', 279],
      ['start', 'sent', 278],
      ['check-status', 'paid', 250, 'The provider says paid.'],
    ],
  },
  { customer: 'Robert Vigil', steps: [['create', 'requested', 3]] },
  {
    customer: 'Christopher Lucero',
    steps: [
      ['create', 'requested', 30],
      ['approve', 'approved', 26],
    ],
  },
  {
    customer: 'Joshua Davis',
    steps: [
      ['create', 'requested', 150],
      ['approve', 'approved', 149],
      ['start', 'sent', 148],
    ],
  },
  {
    customer: 'Stephanie Moore',
    steps: [
      ['create', 'requested', 100],
      ['approve', 'approved', 99],
      ['start', 'sent', 98],
      ['change-payment', 'changed', 97, 'Title fee withheld'],
    ],
    amountCents: -15_000,
  },
  {
    customer: 'Nicole Martinez',
    steps: [
      ['create', 'requested', 300],
      ['approve', 'approved', 299],
      ['start-manual', 'manual', 298, 'Company cheque: Seller has no bank account for payouts.'],
      ['manual-start', 'manualSent', 296, 'CHK 40112, sent on the day'],
    ],
    manual: { reference: 'CHK 40112', details: 'Seller has no bank account for payouts.' },
  },
];

export async function seedPayments(db: Db): Promise<void> {
  const now = Date.now();
  const provider = localPayments();
  const staff = await db
    .select({ id: users.id, jobCode: users.jobCode, locationId: users.locationId })
    .from(users)
    .where(and(inArray(users.jobCode, ['GM', 'GSM', 'INV', 'FIN']), eq(users.accountLocked, false)))
    .orderBy(asc(users.id));
  for (const demo of demoPayments) {
    const [appraisal] = await db
      .select()
      .from(appraisals)
      .innerJoin(locations, eq(locations.id, appraisals.locationId))
      .where(eq(appraisals.customerName, demo.customer))
      .limit(1);
    if (!appraisal) continue;
    const a = appraisal.appraisals;
    const local = staff.filter((u) => u.locationId === a.locationId);
    // Asked by someone holding `appraiser`, approved by someone else holding `appraisalManager` (decision 022).
    const asks = (u: (typeof staff)[number]) => ['GM', 'GSM', 'INV'].includes(u.jobCode ?? '');
    const approves = (u: (typeof staff)[number]) => ['GM', 'FIN'].includes(u.jobCode ?? '');
    const requester = (local.find(asks) ?? staff.find(asks))?.id ?? null;
    const manager =
      (local.find((u) => approves(u) && u.id !== requester) ?? staff.find((u) => approves(u) && u.id !== requester))
        ?.id ?? null;
    const [first] = demo.steps;
    const last = demo.steps[demo.steps.length - 1];
    const at = (hours: number) => new Date(now - hours * HOUR);
    const amountCents = a.offerCents + (demo.amountCents ?? 0);
    const sent = demo.steps.some(([c]) => c === 'start');
    // A changed amount stopped the payout and waits for a new approval: its changer stands as requester.
    const changed = last[1] === 'changed';
    const [payment] = await db
      .insert(payments)
      .values({
        appraisalId: a.id,
        locationId: a.locationId,
        state: last[1],
        amountCents,
        offerCents: a.offerCents,
        payeeName: a.customerName,
        payeeEmail: a.email,
        payeePhone: a.phone,
        vehicle: [a.year, a.make, a.model, a.trim].filter(Boolean).join(' '),
        vin: a.vin,
        revision: demo.steps.filter(([c]) => c === 'start').length,
        manualMethod: demo.manual ? 'cheque' : null,
        manualDetails: demo.manual?.details ?? '',
        manualReference: demo.manual?.reference ?? null,
        manualSentOn: demo.manual ? at(296).toISOString().slice(0, 10) : null,
        requestedBy: changed ? manager : requester,
        approvedBy: demo.steps.some(([c]) => c === 'approve') && !changed ? manager : null,
        createdAt: at(first[2]),
        updatedAt: at(last[2]),
      })
      .returning();
    if (sent) {
      // What the local provider holds for the current payout, as if it had been sent.
      const idempotencyKey = `payment-${payment.id}-${payment.revision}`;
      const sentCents = changed ? a.offerCents : amountCents;
      const payout = await provider.send(db, {
        idempotencyKey,
        amountCents: sentCents,
        memo: `Trade-in: ${payment.vehicle}`,
        payee: { name: payment.payeeName, email: payment.payeeEmail, phone: payment.payeePhone },
      });
      const status =
        last[1] === 'paid'
          ? (await provider.status(db, payout.reference)).status
          : changed
            ? (await provider.cancel(db, payout.reference)).status
            : payout.status;
      await db.insert(paymentPayouts).values({
        paymentId: payment.id,
        revision: payment.revision,
        idempotencyKey,
        amountCents: sentCents,
        reference: payout.reference,
        status,
      });
      await db
        .update(payments)
        .set({ providerReference: payout.reference, providerStatus: status, providerCheckedAt: at(last[2]) })
        .where(eq(payments.id, payment.id));
    }
    let from: PaymentState | null = null;
    for (const [action, to, hours, note] of demo.steps) {
      const who =
        action === 'approve' || action === 'change-payment' || action === 'cancel-payment' ? manager : requester;
      await db.insert(paymentEvents).values({
        paymentId: payment.id,
        action,
        fromState: from,
        toState: to,
        userId: who,
        note: note ?? '',
        at: at(hours),
        amountCents: action === 'change-payment' || from === 'changed' ? amountCents : a.offerCents,
        providerStatus: action === 'check-status' ? 'paid' : null,
      });
      from = to;
    }
  }
}
