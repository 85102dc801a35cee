import { defineScreens } from '../../web/screens';

// The lane customers' sign-in, outside the shell: the first page loads it alone (src/web/routes.tsx).
export default defineScreens([
  {
    path: 'clicklane/login',
    className: 'lead-login',
    access: 'public',
    load: () => import('./LeadLogin'),
    title: 'ClickLane sign in',
  },
]);
