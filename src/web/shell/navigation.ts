/**
 * The navigation catalogue: every screen in the menus, grouped by area, with who may use it.
 * The menus, the drawer and the home page all read this, so a screen is added in one place.
 */
import type { Icon } from '@tabler/icons-react';
import {
  IconBuildingStore, IconChartBar, IconHeadset, IconId, IconInbox, IconKey, IconListNumbers, IconPhone, IconPhoneCall, IconShieldLock, IconUsers,
} from '@tabler/icons-react';
import type { Flag } from '../../shared/permissions';
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

export const navigation: NavGroup[] = [
  {
    label: 'People',
    items: [
      { label: 'Users', path: '/users/', description: 'Accounts, permissions, sign-in methods and locks', icon: IconUsers, access: 'userAdmin' },
      { label: 'Access', path: '/access/', description: 'What each job code may use', icon: IconShieldLock, access: 'accessAdmin' },
      { label: 'Employees', path: '/employees/', description: 'The staff directory of every location', icon: IconId, access: 'signedIn' },
    ],
  },
  {
    label: 'Locations',
    items: [
      { label: 'Locations', path: '/locations/', description: 'Stores, addresses, service hours and shortcodes', icon: IconBuildingStore, access: 'signedIn' },
    ],
  },
  {
    // Viewing needs phoneLookup; the screens offer changes to phoneAdmin and outbound calls to messenger.
    label: 'Phones',
    items: [
      { label: 'Phones', path: '/phones/', description: 'Lines, their settings, buying numbers and the outbound line', icon: IconPhone, access: 'phoneLookup' },
      { label: 'Calls', path: '/phones/calls/', description: 'Every call in and out, by location, line and day', icon: IconPhoneCall, access: 'phoneLookup' },
      { label: 'Live calls', path: '/phones/calls/twilio', description: 'Calls on the line now: end or transfer them', icon: IconHeadset, access: 'phoneLookup' },
      { label: 'Call activity', path: '/phones/activity', description: 'Calls and texts per user, location and line', icon: IconChartBar, access: 'phoneLookup' },
      { label: 'Call plans', path: '/phones/actions/', description: 'What a call to each line does: ring groups, hours, voicemail', icon: IconListNumbers, access: 'phoneLookup' },
    ],
  },
  {
    label: 'Tools',
    items: [
      { label: 'Outbox', path: '/outbox', description: 'Texts, emails and calls the local drivers would have sent', icon: IconInbox, access: 'developer' },
      { label: 'API key', path: '/settings/api-key', description: 'Your key for the partner API and its notifications', icon: IconKey, access: 'developer' },
    ],
  },
];

/** The groups and items this user may use; empty groups disappear. */
export function visibleNavigation(flags: readonly Flag[]): NavGroup[] {
  return navigation
    .map((group) => ({ ...group, items: group.items.filter((item) => allows(flags, item.access)) }))
    .filter((group) => group.items.length > 0);
}

/** The menu item a page belongs to: the one whose path is the longest prefix of it (Live calls, not Phones). */
export function activeItemPath(pathname: string): string | undefined {
  const matches = navigation.flatMap((g) => g.items).map((i) => i.path).filter((p) => pathname.startsWith(p.replace(/\/$/, '')));
  return matches.sort((a, b) => b.length - a.length)[0];
}
