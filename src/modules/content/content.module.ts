import { defineModule } from '../../server/platform/modules';
import './content.server';
import { seedContent } from './content.seed';

/** The content engine: the words of the pages each store's website should carry (docs/content.md). */
export default defineModule({ name: 'content', seed: seedContent, scale: () => import('./content.scale') });
