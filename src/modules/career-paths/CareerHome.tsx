import { Link, useNavigate } from 'react-router';
import { Anchor, Badge, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconRoute } from '@tabler/icons-react';
import { useAction } from '../../web/ui/useAction';
import { useActionQuery } from '../../web/ui/useActionQuery';
import { useCan } from '../../web/shell/session';
import { createPath, loadLeaderboard, loadMyPaths, loadPositions } from './career-paths.contract';

/** career-paths-home: the group's positions, what each asks and where it leads; start a path toward one. */
export default function CareerHome() {
  const navigate = useNavigate();
  const admin = useCan('careerPathAdmin');
  const positions = useActionQuery(loadPositions, {});
  const start = useAction(createPath, {
    errors: 'alert',
    reload: [loadMyPaths, loadPositions, loadLeaderboard],
    onSuccess: ({ pathId }) => navigate(`/employees/career-paths/paths?added=${pathId}`),
  });
  return (
    <Stack className="career-paths-home">
      <Group justify="space-between">
        <Title order={2}>Career paths</Title>
        <Group gap="xs">
          <Button
            component={Link}
            to="/employees/career-paths/paths"
            variant="default"
            leftSection={<IconRoute size={16} />}
          >
            My paths
          </Button>
          {admin && (
            <Button component={Link} to="/employees/career-paths/edit-position" leftSection={<IconPlus size={16} />}>
              Add position
            </Button>
          )}
        </Group>
      </Group>
      {!positions.data ? (
        <Loader aria-label="Loading the positions" />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {positions.data.positions.map((p) => (
            <Paper
              key={p.positionId}
              withBorder
              p="md"
              className="career-position"
              component="section"
              aria-label={p.name}
            >
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap">
                  <Title order={3} size="h4">
                    {p.name}
                  </Title>
                  <Badge variant="light">{p.department}</Badge>
                </Group>
                {p.description && <Text size="sm">{p.description}</Text>}
                <Text size="sm" c="dimmed">
                  {p.requirementCount} task{p.requirementCount === 1 ? '' : 's'} · {p.pathCount} on this path
                </Text>
                {p.children.length > 0 && <Text size="sm">Leads to {p.children.map((c) => c.name).join(', ')}</Text>}
                <Group gap="xs">
                  <Button
                    size="xs"
                    onClick={() => start.mutate({ positionId: p.positionId })}
                    loading={start.isPending && start.variables?.positionId === p.positionId}
                  >
                    Start this path
                  </Button>
                  {admin && (
                    <Anchor component={Link} to={`/employees/career-paths/edit-position?id=${p.positionId}`} size="sm">
                      Edit {p.name}
                    </Anchor>
                  )}
                </Group>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
