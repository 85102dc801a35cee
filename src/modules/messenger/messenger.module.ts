import { defineModule } from '../../server/platform/modules';
import './messenger.server';
import './bulk.server';
import './lists.server';
import './deploy.server';
import './autopilot';
import { seedMessenger } from './messenger.seed';
import { findContacts, messengerFigures } from './messenger.shell';
import { registerUnsubscribe } from './unsubscribe';

/** The messenger: conversations, replies, autopilot, shortcuts and bulk sends (texts, calls, list emails). */
export default defineModule({
  name: 'messenger',
  seed: seedMessenger,
  scale: () => import('./messenger.scale'),
  find: [findContacts],
  figures: messengerFigures,
  routes: registerUnsubscribe,
});
