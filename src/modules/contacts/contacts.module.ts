import { defineModule } from '../../server/platform/modules';
import './contacts.server';

/** Contacts: the customers each store texts, calls and emails. */
export default defineModule({ name: 'contacts', scale: () => import('./contacts.scale') });
