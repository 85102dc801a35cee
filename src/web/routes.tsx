/**
 * Every screen and its address, from the modules' declarations (src/web/screens.ts). Screens load
 * lazily, one chunk each, so the first page only carries the shell; a screen a user may not use
 * shows a short notice instead. The sign-in steps stand outside the shell.
 *
 * The first page knows only the sign-in steps (`<area>.signin.screens.ts`) and the home: every other
 * screen's route, with the menus' entries and icons, comes in one chunk the first time an address
 * needs it (react-router's `patchRoutesOnNavigation`), so the sign-in screen does not carry them.
 */
import { lazy, Suspense } from 'react';
import { createBrowserRouter, Outlet } from 'react-router';
import { Center, Loader } from '@mantine/core';
import { LoadFailed } from './shell/LoadFailed';
import { outsideShell, screenRoute, Titled } from './screenRoute';
import type { ScreenDefinition } from './screens';

const signInScreens = Object.values(
  import.meta.glob<ScreenDefinition[]>('../modules/*/*.signin.screens.ts', { eager: true, import: 'default' }),
)
  .flat()
  .filter(outsideShell);

// The shell (menus, account menu, drawer) and the home page load after sign-in: the sign-in screen,
// the first one most people open, carries only what it shows.
const Shell = lazy(() => import('./shell/Shell').then((m) => ({ default: m.Shell })));
const Home = lazy(() => import('./shell/Home'));

const loading = (
  <Center h="100vh">
    <Loader aria-label="Loading" />
  </Center>
);

function Root() {
  return (
    <Suspense fallback={loading}>
      <Outlet />
    </Suspense>
  );
}

const SHELL = 'shell';

export const router = createBrowserRouter(
  [
    {
      element: <Root />,
      errorElement: <LoadFailed />,
      hydrateFallbackElement: loading,
      children: [
        ...signInScreens.map((s) => ({ ...screenRoute(s), path: `/${s.path}` })),
        {
          id: SHELL,
          path: '/',
          element: <Shell />,
          children: [
            {
              index: true,
              element: (
                <Titled title="Home">
                  <Home />
                </Titled>
              ),
            },
          ],
        },
      ],
    },
  ],
  {
    // Called for every address the routes known so far do not match: a navigation interrupted by
    // another (a sign-in's redirect and its session's) drops its patch, so each one patches, and
    // react-router keeps a route it already holds once.
    async patchRoutesOnNavigation({ patch }) {
      const { shellRoutes } = await import('./shellRoutes');
      patch(SHELL, shellRoutes);
    },
  },
);
