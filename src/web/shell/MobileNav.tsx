import { Link, useLocation } from 'react-router';
import { Divider, Drawer, NavLink, Stack, Text } from '@mantine/core';
import { IconHome, IconLogout, IconUserCircle, type Icon } from '@tabler/icons-react';
import { activeItemPath, type NavGroup } from './navigation';

interface MobileNavProps {
  groups: NavGroup[];
  opened: boolean;
  onClose: () => void;
  onSignOut: () => void;
}

/** The phone navigation: a drawer with every area's tools, the profile and sign-out. */
export function MobileNav({ groups, opened, onClose, onSignOut }: MobileNavProps) {
  const { pathname } = useLocation();
  const current = activeItemPath(pathname) ?? pathname;
  const link = (path: string, label: string, LinkIcon: Icon, description?: string) => (
    <NavLink
      key={path}
      component={Link}
      to={path}
      label={label}
      description={description}
      leftSection={<LinkIcon size={20} />}
      active={path === current}
      onClick={onClose}
    />
  );
  return (
    <Drawer opened={opened} onClose={onClose} title="Forecourt" size={300} className="mobile-nav" hiddenFrom="lg">
      <Stack gap="xs" component="nav" aria-label="Main navigation">
        {link('/', 'Home', IconHome)}
        {groups.map((group) => (
          <div key={group.label}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="sm" pb={4}>
              {group.label}
            </Text>
            {group.items.map((item) => link(item.path, item.label, item.icon))}
          </div>
        ))}
        <Divider my="xs" />
        {link('/profile', 'Profile', IconUserCircle)}
        <NavLink component="button" label="Sign out" leftSection={<IconLogout size={20} />} onClick={onSignOut} />
      </Stack>
    </Drawer>
  );
}
