import { defineModule } from '../../server/platform/modules';
import './auth.server';
import './users.server';
import { seedUsers } from './users.seed';
import { findUsers } from './users.shell';

/** Accounts, sign-in, two-factor, profiles and API keys. */
export default defineModule({
  name: 'users',
  seed: seedUsers,
  scale: () => import('./users.scale'),
  find: [findUsers],
});
