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
let shellPatched = false;

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
    async patchRoutesOnNavigation({ patch }) {
      if (shellPatched) return;
      const { shellRoutes } = await import('./shellRoutes');
      // Two navigations may have waited for the same chunk: the routes go in once.
      if (shellPatched) return;
      shellPatched = true;
      patch(SHELL, shellRoutes);
    },
  },
);
