import { Link, useLocation } from 'react-router';
import { Button, Group, Menu, Text, ThemeIcon } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { NavGroup } from './navigation';

/** Seed 000, section 9: the dropdown slides for 400 ms. */
const DROPDOWN_MS = 400;
/** A menu longer than this shows its tools in two columns, so it fits a laptop's screen. */
const ONE_COLUMN = 6;

const inGroup = (group: NavGroup, path: string) =>
  group.items.some((item) => path.startsWith(item.path.replace(/\/$/, '')));

/** Desktop navigation: one button per area; areas with several tools open a mega-menu dropdown, one tool is a link. */
export function DesktopNav({ groups }: { groups: NavGroup[] }) {
  const { pathname } = useLocation();
  return (
    <Group gap={0} wrap="nowrap" component="nav" aria-label="Main navigation" className="desktop-nav">
      {groups.map((group) => {
        const active = inGroup(group, pathname);
        if (group.items.length === 1) {
          const [item] = group.items;
          return (
            <Button
              key={group.label}
              component={Link}
              to={item.path}
              variant={active ? 'light' : 'subtle'}
              color={active ? undefined : 'gray'}
              px="xs"
            >
              {item.label}
            </Button>
          );
        }
        const items = group.items.map((item) => (
          <Menu.Item
            key={item.path}
            component={Link}
            to={item.path}
            leftSection={
              <ThemeIcon variant="light" size="lg" radius="md">
                <item.icon size={20} />
              </ThemeIcon>
            }
          >
            <Text size="sm" fw={600}>
              {item.label}
            </Text>
            <Text size="xs" c="dimmed">
              {item.description}
            </Text>
          </Menu.Item>
        ));
        return (
          <Menu
            key={group.label}
            trigger="click-hover"
            openDelay={80}
            closeDelay={150}
            position="bottom-start"
            shadow="md"
            width={group.items.length > ONE_COLUMN ? 720 : 380}
            transitionProps={{ transition: 'slide-down', duration: DROPDOWN_MS }}
          >
            <Menu.Target>
              <Button
                variant={active ? 'light' : 'subtle'}
                color={active ? undefined : 'gray'}
                rightSection={<IconChevronDown size={14} />}
                px="xs"
              >
                {group.label}
              </Button>
            </Menu.Target>
            <Menu.Dropdown className="mega-menu">
              {group.items.length > ONE_COLUMN ? <div className="mega-menu-columns">{items}</div> : items}
            </Menu.Dropdown>
          </Menu>
        );
      })}
    </Group>
  );
}
