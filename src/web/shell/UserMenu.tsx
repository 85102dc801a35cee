import { Link } from 'react-router';
import {
  Avatar,
  Group,
  Menu,
  Switch,
  Text,
  UnstyledButton,
  VisuallyHidden,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconChevronDown, IconLogout, IconMoon, IconUserCircle } from '@tabler/icons-react';
import type { SessionUserInfo } from '../../shared/session';

/** Bumped by the profile screen after an upload, so every avatar shows the new image. */
export const photoVersionKey = ['photoVersion'] as const;

export function UserAvatar({
  user,
  size = 'md',
}: {
  user: Pick<SessionUserInfo, 'id' | 'firstName' | 'lastName' | 'hasPhoto'>;
  size?: string | number;
}) {
  const { data: version } = useQuery({
    queryKey: photoVersionKey,
    queryFn: () => 0,
    staleTime: Infinity,
    initialData: 0,
  });
  const name = `${user.firstName} ${user.lastName}`;
  // Without an image the avatar shows the initials, and no request is made for a photo that is not there.
  return (
    <Avatar
      src={user.hasPhoto ? `/api/users/${user.id}/photo?v=${version}` : null}
      name={name}
      color="initials"
      size={size}
      alt={name}
    />
  );
}

/** The app follows the system's light or dark setting until the user picks one here. */
function DarkModeItem() {
  const { setColorScheme } = useMantineColorScheme();
  const dark = useComputedColorScheme('light') === 'dark';
  return (
    // A menu item cannot be a checkbox in Mantine's menu: the switch is drawn, its state is read out.
    <Menu.Item
      aria-label={`Dark mode: ${dark ? 'on' : 'off'}`}
      closeMenuOnClick={false}
      leftSection={<IconMoon size={16} />}
      rightSection={<Switch checked={dark} readOnly size="xs" tabIndex={-1} aria-hidden />}
      onClick={() => setColorScheme(dark ? 'light' : 'dark')}
    >
      Dark mode
    </Menu.Item>
  );
}

export function UserMenu({ user, onSignOut }: { user: SessionUserInfo; onSignOut: () => void }) {
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <Menu position="bottom-end" shadow="md" width={220} transitionProps={{ transition: 'slide-down', duration: 400 }}>
      <Menu.Target>
        {/* Named by what it shows, then what it is: speech input users say the name they see. */}
        <UnstyledButton className="user-menu">
          <Group gap="xs" wrap="nowrap">
            <span aria-hidden>
              <UserAvatar user={user} size="sm" />
            </span>
            <Text size="sm" fw={500} className="header-wide" style={{ whiteSpace: 'nowrap' }}>
              {name}
            </Text>
            <VisuallyHidden>Your account</VisuallyHidden>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        <Menu.Item component={Link} to="/profile" leftSection={<IconUserCircle size={16} />}>
          Profile
        </Menu.Item>
        <DarkModeItem />
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={onSignOut}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
