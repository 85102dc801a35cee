import { Link } from 'react-router';
import { Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { formatNumber } from '../../shared/format';
import { todayFigures } from '../../shared/shell.contract';
import { ActionAlert } from '../ui/ActionAlert';
import { profileItem, visibleNavigation } from './navigation';
import { useSignedIn } from './session';
import { useActionQuery } from '../ui/useActionQuery';

function greeting(hour: number) {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

/** Today's figures for what this user's flags cover, each opening the list it counts; refreshed every minute. */
function Today() {
  const figures = useActionQuery(todayFigures, {}, { refetchInterval: 60_000 });
  if (figures.error) return <ActionAlert error={figures.error} title="Today's figures could not be loaded" />;
  if (!figures.data)
    return (
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Skeleton h={88} />
        <Skeleton h={88} />
      </SimpleGrid>
    );
  if (figures.data.figures.length === 0) return null;
  return (
    <section aria-labelledby="today-heading">
      <Title order={2} size="h4" id="today-heading" mb="xs">
        Today
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {figures.data.figures.map((figure) => (
          <Card
            key={figure.key}
            component={Link}
            to={figure.href}
            withBorder
            radius="md"
            padding="md"
            className={`today-figure tool-figure-${figure.key}`}
          >
            <Text fz={32} fw={700} lh={1.1} className="figure-value">
              {formatNumber(figure.value)}
            </Text>
            <Text size="sm" c="dimmed" className="figure-label">
              {figure.label}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}

/** Home after sign-in: the day's figures, then a card for each tool this user can use. */
export default function Home() {
  const session = useSignedIn();
  const items = [...visibleNavigation(session.flags).flatMap((g) => g.items), profileItem];
  return (
    <div className="home">
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">
            {greeting(new Date().getHours())}, {session.user.firstName}
          </Title>
          <Text c="dimmed">Press Ctrl+K to find a screen, a person, a location or a line.</Text>
        </div>
        <Today />
        <section aria-labelledby="tools-heading">
          <Title order={2} size="h4" id="tools-heading" mb="xs">
            Your tools
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            {items.map((item) => (
              <Card
                key={item.path}
                component={Link}
                to={item.path}
                withBorder
                radius="md"
                padding="sm"
                className="tool-card"
              >
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <ThemeIcon variant="light" size={36} radius="md">
                    <item.icon size={22} />
                  </ThemeIcon>
                  <div>
                    <Text fw={700}>{item.label}</Text>
                    <Text size="sm" c="dimmed">
                      {item.description}
                    </Text>
                  </div>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        </section>
      </Stack>
    </div>
  );
}
