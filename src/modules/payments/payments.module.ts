import { defineModule } from '../../server/platform/modules';
import './payments.server';
import { seedPayments } from './payments.seed';

/** Payments to the sellers of vehicles bought on appraisals (seed 001): requested, approved, sent, changed, voided. */
export default defineModule({
  name: 'payments',
  seed: seedPayments,
  scale: () => import('./payments.scale'),
});
