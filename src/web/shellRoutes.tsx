import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { screens } from './allScreens';
import { outsideShell, screenRoute, Titled } from './screenRoute';

const NotFound = lazy(() => import('./shell/NotFound'));

/** Every screen inside the shell, and the page for an address none of them has. */
export const shellRoutes: RouteObject[] = [
  ...screens.filter((s) => !outsideShell(s)).map(screenRoute),
  {
    path: '*',
    element: (
      <Titled title="Page not found">
        <NotFound />
      </Titled>
    ),
  },
];
