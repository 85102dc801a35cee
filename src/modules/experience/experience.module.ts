import { defineModule } from '../../server/platform/modules';
import './experience.server';
import { seedExperience } from './experience.seed';

/** Customer experience tools: the sold-list cleaning and the website chat's lead import. */
export default defineModule({ name: 'experience', seed: seedExperience });
