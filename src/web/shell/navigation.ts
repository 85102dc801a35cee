/**
 * The navigation: every screen with a menu entry (src/web/screens.ts), grouped by area, with who may
 * use it. The menus, the drawer and the home page all read this; a module's screens add themselves.
 */
import { IconUserCircle, type Icon } from '@tabler/icons-react';
import type { Flag } from '../../shared/permissions';
import { screens } from '../allScreens';
import { allows, type Access } from './session';

export interface NavItem {
  label: string;
  path: string;
  description: string;
  icon: Icon;
  access: Access;
}

export interface NavGroup {
  label: string;
  items: NavItem[];
}

/** Entries in their declared order; a group sits where its first entry does. */
const navigation: NavGroup[] = screens
  .flatMap((s) => (s.nav ? [{ ...s.nav, path: s.nav.href ?? `/${s.path}`, access: s.access as Access }] : []))
  .sort((a, b) => a.order - b.order)
  .reduce<NavGroup[]>((groups, { group, label, path, description, icon, access }) => {
    const item = { label, path, description, icon, access };
    const found = groups.find((g) => g.label === group);
    if (found) found.items.push(item);
    else groups.push({ label: group, items: [item] });
    return groups;
  }, []);

/** Every signed-in user's own screen, on the home page and in the palette beside the menus' entries. */
export const profileItem: NavItem = {
  label: 'Profile',
  path: '/profile',
  description: 'Your image, password and sign-in methods',
  icon: IconUserCircle,
  access: 'signedIn',
};

/** The groups and items this user may use; empty groups disappear. */
export function visibleNavigation(flags: readonly Flag[]): NavGroup[] {
  return navigation
    .map((group) => ({ ...group, items: group.items.filter((item) => allows(flags, item.access)) }))
    .filter((group) => group.items.length > 0);
}

/** The menu item a page belongs to: the one whose path is the longest prefix of it (Live calls, not Phones). */
export function activeItemPath(pathname: string): string | undefined {
  const matches = navigation
    .flatMap((g) => g.items)
    .map((i) => i.path)
    .filter((p) => pathname.startsWith(p.replace(/\/$/, '')));
  return matches.sort((a, b) => b.length - a.length)[0];
}
