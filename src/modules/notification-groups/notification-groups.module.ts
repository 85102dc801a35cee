import { defineModule } from '../../server/platform/modules';
import './notification-groups.server';
import { seedNotificationGroups } from './notification-groups.seed';

/** Notification groups: who at each location is told of leads, texts, calls, appointments and payments. */
export default defineModule({
  name: 'notification-groups',
  seed: seedNotificationGroups,
  scale: () => import('./notification-groups.scale'),
});
