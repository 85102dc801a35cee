import { defineModule } from '../../server/platform/modules';
import './phones.server';
import './calls.server';
import './reports.server';
import './phone-actions.server';
import './simulate.server';
import './outreach-log';
import { seedPhones } from './phones.seed';
import { registerTelephonyWebhooks } from './webhooks';
import { findPhones, phoneFigures } from './phones.shell';

/** Lines, calls, texts, call plans and the telephony provider's webhooks. */
export default defineModule({
  name: 'phones',
  seed: seedPhones,
  scale: () => import('./phones.scale'),
  routes: registerTelephonyWebhooks,
  find: [findPhones],
  figures: phoneFigures,
});
