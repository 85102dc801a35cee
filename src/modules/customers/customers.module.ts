import { defineModule } from '../../server/platform/modules';
import './customers.server';
import './link-later';
import { seedCustomers } from './customers.seed';
import { findCustomers } from './customers.shell';

/** Customers: one person's records from every module, joined by phone and email (docs/customers.md). */
export default defineModule({
  name: 'customers',
  seed: seedCustomers,
  find: [findCustomers],
});
