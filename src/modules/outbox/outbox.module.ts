import { defineModule } from '../../server/platform/modules';
import './outbox.server';

/** What the local drivers would have sent, and the simulations of what customers do. */
export default defineModule({ name: 'outbox', scale: () => import('./outbox.scale') });
