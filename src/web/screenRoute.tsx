import { lazy, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { useDocumentTitle } from '@mantine/hooks';
import { Guard } from './shell/Guard';
import { LoadFailed } from './shell/LoadFailed';
import { screenTitle, type ScreenDefinition } from './screens';

/** Names the tab after the screen, so tabs, history and bookmarks tell screens apart. */
export function Titled({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(`${title} · Forecourt`);
  return children;
}

/** The sign-in steps, shown outside the shell. */
export const outsideShell = (s: ScreenDefinition) => s.access === 'public' || s.access === 'pending';

/** A screen's route: its chunk loaded when first shown, behind a notice for users who may not open it. */
export function screenRoute(screen: ScreenDefinition): RouteObject {
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
