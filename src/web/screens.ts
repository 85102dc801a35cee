/**
 * A module's screens, declared once in its `<area>.screens.ts` (docs/adding-a-module.md): the router,
 * the menus, the home page and the permissions document are all derived from these declarations.
 */
import type { ComponentType } from 'react';
import type { Icon } from '@tabler/icons-react';
import type { Access } from './shell/session';

interface Screen {
  /** The address under the site, as the spec names it (`phones/calls`); a search (`?id=`) is the screen's own. */
  path: string;
  /** The class of the screen's root element, as the spec names the screen (`phone-manager`). */
  className: string;
  /**
   * Who may open it: a flag, any signed-in user, or, for the sign-in steps outside the shell, anyone
   * (`public`) or a session past the password step (`pending`).
   */
  access: Access | 'public' | 'pending';
  /** The screen's module, loaded when the screen is first opened (one chunk each). */
  load: () => Promise<{ default: ComponentType }>;
  /** Its entry in the menus and on the home page, if it has one. */
  nav?: ScreenNav;
}

export interface ScreenNav {
  /** The menu it sits in ("People", "Phones"); menus appear in the order of their first entry. */
  group: string;
  /** Place among all entries: groups and entries are sorted by it. */
  order: number;
  label: string;
  description: string;
  icon: Icon;
  /** Where the entry leads, when not `/<path>`. */
  href?: string;
}

/** The tab's title ("Users · Forecourt") is the screen's `title`, or its menu label when it has a menu entry. */
export type ScreenDefinition = Screen & ({ title: string } | { title?: undefined; nav: ScreenNav });

export const screenTitle = (screen: ScreenDefinition): string => screen.title ?? screen.nav!.label;

export const defineScreens = (screens: ScreenDefinition[]): ScreenDefinition[] => screens;
