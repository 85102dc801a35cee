import { defineScreens } from '../../web/screens';

// The sign-in steps, outside the shell: the first page loads these alone (src/web/routes.tsx).
export default defineScreens([
  { path: 'login', title: 'Sign in', className: 'user-login', access: 'public', load: () => import('./UserLogin') },
  {
    path: '2fa',
    title: 'Two-step verification',
    className: 'two-factor-check',
    access: 'pending',
    load: () => import('./TwoFactorCheck'),
  },
]);
