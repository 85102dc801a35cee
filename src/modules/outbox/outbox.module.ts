import { defineModule } from '../../server/platform/modules';
import './outbox.server';

/** What the local drivers would have sent; its screen offers the phones module's simulations of what customers do. */
export default defineModule({ name: 'outbox', scale: () => import('./outbox.scale') });
