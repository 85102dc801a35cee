import { Group, Text } from '@mantine/core';
import { IconCar } from '@tabler/icons-react';

export function Logo() {
  return (
    <Group gap={6} wrap="nowrap">
      <IconCar size={26} color="var(--mantine-color-blue-6)" />
      <Text fw={800} size="lg" c="var(--mantine-color-text)" className="logo-name">
        Forecourt
      </Text>
    </Group>
  );
}
