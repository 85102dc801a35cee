import { Link } from 'react-router';
import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconChevronDown, IconLogout, IconUserCircle } from '@tabler/icons-react';
import type { SessionUserInfo } from '../../shared/session';

/** Bumped by the profile screen after an upload, so every avatar shows the new image. */
export const photoVersionKey = ['photoVersion'] as const;

export function UserAvatar({ user, size = 'md' }: { user: Pick<SessionUserInfo, 'id' | 'firstName' | 'lastName' | 'hasPhoto'>; size?: string | number }) {
  const { data: version } = useQuery({ queryKey: photoVersionKey, queryFn: () => 0, staleTime: Infinity, initialData: 0 });
  const name = `${user.firstName} ${user.lastName}`;
  // Without an image the avatar shows the initials, and no request is made for a photo that is not there.
  return <Avatar src={user.hasPhoto ? `/api/users/${user.id}/photo?v=${version}` : null} name={name} color="initials" size={size} alt={name} />;
}

export function UserMenu({ user, onSignOut }: { user: SessionUserInfo; onSignOut: () => void }) {
  return (
    <Menu position="bottom-end" shadow="md" width={220} transitionProps={{ transition: 'slide-down', duration: 400 }}>
      <Menu.Target>
        <UnstyledButton aria-label="Your account" className="user-menu">
          <Group gap="xs" wrap="nowrap">
            <UserAvatar user={user} size="sm" />
            <Text size="sm" fw={500} visibleFrom="sm">{user.firstName} {user.lastName}</Text>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        <Menu.Item component={Link} to="/profile" leftSection={<IconUserCircle size={16} />}>Profile</Menu.Item>
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={onSignOut}>Sign out</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
