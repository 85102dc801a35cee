import { Paper, SimpleGrid, Text } from '@mantine/core';

export interface Stat {
  label: string;
  /** As shown: formatted, or "…" while it loads. */
  value: string;
}

/** A report's headline figures, one card each, above its chart and table. */
export function StatCards({ stats }: { stats: Stat[] }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: Math.max(3, stats.length) }}>
      {stats.map((s) => (
        <Paper key={s.label} withBorder p="sm" radius="md" className="stat-card">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {s.label}
          </Text>
          <Text fw={700} fz="xl">
            {s.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
