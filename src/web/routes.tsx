/**
 * Every screen and its address, from the modules' declarations (src/web/screens.ts). Screens load
 * lazily, one chunk each, so the first page only carries the shell; a screen a user may not use
 * shows a short notice instead. The sign-in steps stand outside the shell.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { Center, Loader } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Guard } from './shell/Guard';
import { LoadFailed } from './shell/LoadFailed';

import { screens } from './allScreens';
import { screenTitle, type ScreenDefinition } from './screens';

const NotFound = lazy(() => import('./shell/NotFound'));
// The shell (menus, account menu, drawer) and the home page load after sign-in: the sign-in screen,
// the first one most people open, carries only what it shows.
const Shell = lazy(() => import('./shell/Shell').then((m) => ({ default: m.Shell })));
const Home = lazy(() => import('./shell/Home'));

function Root() {
  return (
    <Suspense
      fallback={
        <Center h="100vh">
          <Loader aria-label="Loading" />
        </Center>
      }
    >
      <Outlet />
    </Suspense>
  );
}

/** Names the tab after the screen, so tabs, history and bookmarks tell screens apart. */
function Titled({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(`${title} · Forecourt`);
  return children;
}

function route(screen: ScreenDefinition): RouteObject {
  const Screen = lazy(screen.load);
  const { access } = screen;
  const open = access === 'public' || access === 'pending' || access === 'signedIn';
  const element = open ? (
    <Screen />
  ) : (
    <Guard access={access}>
      <Screen />
    </Guard>
  );
  return {
    path: screen.path,
    element: <Titled title={screenTitle(screen)}>{element}</Titled>,
    errorElement: <LoadFailed />,
  };
}

const outsideShell = (s: ScreenDefinition) => s.access === 'public' || s.access === 'pending';

export const router = createBrowserRouter([
  {
    element: <Root />,
    errorElement: <LoadFailed />,
    children: [
      ...screens.filter(outsideShell).map((s) => ({ ...route(s), path: `/${s.path}` })),
      {
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
          ...screens.filter((s) => !outsideShell(s)).map(route),
          {
            path: '*',
            element: (
              <Titled title="Page not found">
                <NotFound />
              </Titled>
            ),
          },
        ],
      },
    ],
  },
]);
