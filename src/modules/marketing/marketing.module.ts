import { defineModule } from '../../server/platform/modules';
import './marketing.server';
import { seedMarketing } from './marketing.seed';

/** Marketing: the mailing-list report (seed 001); its counts are kept beside the contacts (contact_tallies). */
export default defineModule({ name: 'marketing', seed: seedMarketing });
