import { defineModule } from '../../server/platform/modules';
import './shipping.server';
import { seedShipping } from './shipping.seed';

/** Vehicle shipments: orders to the carrier that moves vehicles between stores and customers. */
export default defineModule({ name: 'shipping', seed: seedShipping, scale: () => import('./shipping.scale') });
