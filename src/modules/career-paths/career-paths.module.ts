import { defineModule } from '../../server/platform/modules';
import './positions.server';
import './goals.server';
import { seedCareerPaths } from './career-paths.seed';

/** Career paths: positions and what they ask, employees' paths toward them, approvals and the leaderboard. */
export default defineModule({
  name: 'career-paths',
  seed: seedCareerPaths,
  scale: () => import('./career-paths.scale'),
});
