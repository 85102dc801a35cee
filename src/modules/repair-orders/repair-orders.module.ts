import { defineModule } from '../../server/platform/modules';
import './repair-orders.server';
import { seedRepairOrders } from './repair-orders.seed';

/** Repair orders: what the service department is doing to a customer's vehicle, item by item, with values and hours. */
export default defineModule({
  name: 'repair-orders',
  seed: seedRepairOrders,
  scale: () => import('./repair-orders.scale'),
});
