import { defineModule } from '../../server/platform/modules';
import './payments.server';
import { seedPayments } from './payments.seed';
import { registerPayoutWebhook } from './payments.webhooks';

/** Payments to the sellers of vehicles bought on appraisals (seed 001): requested, approved, sent, changed, voided; the payout vendor's webhook. */
export default defineModule({
  name: 'payments',
  seed: seedPayments,
  routes: registerPayoutWebhook,
  scale: () => import('./payments.scale'),
});
