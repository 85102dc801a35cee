import { defineModule } from '../../server/platform/modules';
import './access.server';
import { seedJobCodes } from './access.seed';

/** Job codes and the permissions each grants (sandbox access). */
export default defineModule({ name: 'access', seed: seedJobCodes, scale: () => import('./access.scale') });
