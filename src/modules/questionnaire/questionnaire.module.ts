import { defineModule } from '../../server/platform/modules';
import './questionnaire.server';
import { seedQuestionnaires } from './questionnaire.seed';

/** Vehicle questionnaires: leads from customers who answered questions about the vehicle they want to sell or trade. */
export default defineModule({
  name: 'questionnaire',
  seed: seedQuestionnaires,
  scale: () => import('./questionnaire.scale'),
});
