import { defineGenerator } from '../../server/scale/generators';
import { appraisalAt } from '../appraisals/appraisals.api';
import { PAYABLE_APPRAISAL_STATUSES } from './payments.contract';
import type { PaymentState } from './payments.values';

/**
 * Two years of trade-ins bought from the public at sixty stores: a payment on every accepted or bought
 * appraisal of the scale data (about a fifth of them; 40,000 at most), to its seller as stored,
 * requested a day after the appraisal. Old payments are settled; the last weeks hold every state.
 */
defineGenerator({
  table: 'payments',
  columns: [
    'appraisal_id',
    'location_id',
    'state',
    'amount_cents',
    'offer_cents',
    'payee_name',
    'payee_email',
    'payee_phone',
    'vehicle',
    'vin',
    'revision',
    'provider_reference',
    'provider_status',
    'requested_by',
    'approved_by',
    'created_at',
    'updated_at',
  ],
  fullRows: 40_000,
  minRows: 1,
  after: ['appraisals', 'locations', 'users'],
  *rows({ random, rows, counts, now }) {
    const appraisals = counts.appraisals;
    let made = 0;
    for (let i = 0; i < appraisals && made < rows; i++) {
      const a = appraisalAt(i, appraisals, now);
      if (!(PAYABLE_APPRAISAL_STATUSES as readonly string[]).includes(a.status) || a.offer.offerCents <= 0) continue;
      made++;
      const createdAt = new Date(Math.min(now.getTime(), a.createdAt.getTime() + 86_400_000));
      const ageDays = (now.getTime() - createdAt.getTime()) / 86_400_000;
      const roll = random.next();
      const state: PaymentState =
        ageDays > 14
          ? roll < 0.9
            ? 'paid'
            : roll < 0.95
              ? 'cancelled'
              : roll < 0.98
                ? 'manualSent'
                : 'voided'
          : random.pick(['requested', 'approved', 'sent', 'changed', 'paid', 'failed', 'manual', 'cancelled'] as const);
      const sent = ['sent', 'changed', 'paid', 'failed', 'voided'].includes(state);
      const offer = a.offer.offerCents;
      const { year, make, model, trim } = a.vehicle;
      yield [
        i + 1,
        a.locationOf(counts.locations),
        state,
        state === 'changed' ? Math.max(100, offer - 10_000) : offer,
        offer,
        a.name,
        a.email,
        a.phone,
        `${year} ${make} ${model} ${trim}`,
        '',
        sent ? 1 : 0,
        sent ? `lp_scale${made}` : null,
        sent
          ? state === 'voided' || state === 'changed'
            ? 'cancelled'
            : state === 'paid'
              ? 'paid'
              : state === 'failed'
                ? 'failed'
                : 'pending'
          : null,
        random.int(1, counts.users),
        state === 'requested' || state === 'cancelled' || state === 'changed' ? null : random.int(1, counts.users),
        createdAt,
        createdAt,
      ];
    }
    // The loader counts on the rows it asked for (the next load would otherwise start again).
    if (made < rows)
      throw new Error(`Only ${made} appraisals can be paid at this scale; the payments generator asks for ${rows}.`);
  },
});
