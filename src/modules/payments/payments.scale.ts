import { defineGenerator, FULL_SCALE } from '../../server/scale/generators';
import type { PaymentState } from './payments.values';

/** Two years of trade-ins bought from the public at sixty stores: about 35 payments a month a store. */
const FULL_PAYMENTS = 50_000;
const SPAN_SECONDS = 2 * 365 * 86_400;
const surnames = ['Garcia', 'Martinez', 'Chavez', 'Romero', 'Baca', 'Nguyen', 'Johnson', 'Brown', 'Lopez', 'Sanchez', 'Smith', 'Lee'];
const givenNames = ['Rosa', 'David', 'Angela', 'Kevin', 'Maria', 'Thomas', 'Jessica', 'Michael', 'Daniel', 'Laura'];
const vehicles: [string, string, string][] = [
  ['Toyota', 'RAV4', 'XLE'], ['Toyota', 'Tacoma', 'SR5'], ['Honda', 'Civic', 'Sport'], ['Honda', 'CR-V', 'EX'], ['Ford', 'F-150', 'XLT'],
  ['Subaru', 'Outback', 'Premium'], ['Chevrolet', 'Silverado 1500', 'LT'], ['Hyundai', 'Tucson', 'SEL'], ['Kia', 'Telluride', 'EX'], ['Nissan', 'Rogue', 'SV'],
];
const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

/**
 * A payee, vehicle and offer for payment on appraisal n (copied at request time, as the module does;
 * the generated appraisal itself has its own: the bench reads the payments list alone).
 */
function appraisalOf(n: number) {
  const [make, model, trim] = vehicles[n % vehicles.length];
  const year = 2012 + (n % 13);
  const name = `${givenNames[n % givenNames.length]} ${surnames[Math.floor(n / givenNames.length) % surnames.length]}`;
  let vin = '';
  for (let k = 0, x = n * 2_654_435_761; k < 17; k++, x = Math.floor(x / 7) + k * 31) vin += VIN_CHARS[x % VIN_CHARS.length];
  // Whole dollars, as the desk rounds offers; a few end in .13 or .14, the local provider's failing and pending amounts.
  const offerCents = (400_000 + (n * 7_919) % 4_000_000) - ((n * 7_919) % 4_000_000) % 100 + (n % 97 === 0 ? 13 : n % 89 === 0 ? 14 : 0);
  return { make, model, trim, year, name, vin, offerCents, vehicle: `${year} ${make} ${model} ${trim}` };
}

/**
 * Payment p is on appraisal 2p - 1 (a bought or accepted one), at that appraisal's store, requested a
 * day after it and oldest first: every store has payments in any month, the bench's sample one
 * included. Old payments are settled; the last weeks hold every state.
 */
defineGenerator({
  table: 'payments',
  columns: ['appraisal_id', 'location_id', 'state', 'amount_cents', 'offer_cents', 'payee_name', 'payee_email', 'payee_phone', 'vehicle', 'vin',
    'revision', 'provider_reference', 'provider_status', 'requested_by', 'approved_by', 'created_at', 'updated_at'],
  fullRows: FULL_PAYMENTS,
  minRows: FULL_SCALE.locations * 5,
  after: ['appraisals', 'locations', 'users'],
  *rows({ random, rows, counts, now }) {
    const appraisalCount = counts.appraisals ?? rows * 2;
    for (let i = 0; i < rows; i++) {
      const p = i + 1;
      const n = ((2 * p - 2) % appraisalCount) + 1;
      const a = appraisalOf(n);
      const createdAt = new Date(now.getTime() - Math.floor((SPAN_SECONDS * (rows - i)) / rows) * 1000 + 86_400_000);
      const ageDays = (now.getTime() - createdAt.getTime()) / 86_400_000;
      const roll = random.next();
      const state: PaymentState = 2 * p - 1 > appraisalCount ? 'cancelled'
        : ageDays > 14 ? (roll < 0.9 ? 'paid' : roll < 0.95 ? 'cancelled' : roll < 0.98 ? 'manualSent' : 'voided')
          : random.pick(['requested', 'approved', 'sent', 'changed', 'paid', 'failed', 'manual', 'cancelled'] as const);
      const sent = ['sent', 'changed', 'paid', 'failed', 'voided'].includes(state);
      const amount = state === 'changed' ? a.offerCents - 10_000 : a.offerCents;
      yield [n, ((n - 1) % counts.locations) + 1, state, amount, a.offerCents, a.name, `${a.name.toLowerCase().replace(' ', '.')}${n}@example.com`, '',
        a.vehicle, a.vin, sent ? (state === 'changed' ? 2 : 1) : 0, sent ? `lp_scale${p}` : null,
        sent ? (state === 'voided' ? 'cancelled' : state === 'paid' ? 'paid' : state === 'failed' ? 'failed' : 'pending') : null,
        random.int(1, counts.users), state === 'requested' || state === 'cancelled' ? null : random.int(1, counts.users), createdAt, createdAt];
    }
  },
});
