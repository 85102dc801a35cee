import { Link } from 'react-router';
import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconUserCircle } from '@tabler/icons-react';
import { visibleNavigation, type NavItem } from './navigation';
import { useSignedIn } from './session';

function greeting(hour: number) {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

const profile: NavItem = { label: 'Profile', path: '/profile', description: 'Your image, password and sign-in methods', icon: IconUserCircle, access: 'signedIn' };

/** Home after sign-in: a card for each tool this user can use. */
export default function Home() {
  const session = useSignedIn();
  const groups = visibleNavigation(session.flags);
  const items = [...groups.flatMap((g) => g.items), profile];
  return (
    <div className="home">
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">{greeting(new Date().getHours())}, {session.user.firstName}</Title>
          <Text c="dimmed">What would you like to work on?</Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {items.map((item) => (
            <Card key={item.path} component={Link} to={item.path} withBorder radius="md" padding="lg" className="tool-card">
              <Group wrap="nowrap" align="flex-start">
                <ThemeIcon variant="light" size={44} radius="md"><item.icon size={26} /></ThemeIcon>
                <div>
                  <Text fw={700}>{item.label}</Text>
                  <Text size="sm" c="dimmed">{item.description}</Text>
                </div>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      </Stack>
    </div>
  );
}
