import type { ReactNode } from 'react';
import { ActionIcon, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';

export interface PopoutItem {
  label: string;
  icon?: ReactNode;
  color?: string;
  onClick: () => void;
  disabled?: boolean;
}

/** A small menu of actions behind a "more" button, e.g. on a table row. */
export function PopoutMenu({ label, items }: { label: string; items: PopoutItem[] }) {
  return (
    <Menu
      position="bottom-end"
      withinPortal
      shadow="md"
      transitionProps={{ transition: 'pop-top-right', duration: 150 }}
    >
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={label} onClick={(e) => e.stopPropagation()}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown onClick={(e) => e.stopPropagation()}>
        {items.map((item) => (
          <Menu.Item
            key={item.label}
            leftSection={item.icon}
            color={item.color}
            disabled={item.disabled}
            onClick={item.onClick}
          >
            {item.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
