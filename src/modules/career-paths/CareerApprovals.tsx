import { useState } from 'react';
import { Loader, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useAction } from '../../web/ui/useAction';
import { useActionQuery } from '../../web/ui/useActionQuery';
import { approveGoals, loadApprovals, loadLeaderboard, loadMyPaths } from './career-paths.contract';
import { PathCard } from './PathCard';

/** career-approvals: the paths of the employees within reach; checking a task approves it (approve-goals). */
export default function CareerApprovals() {
  const [waiting, setWaiting] = useState(true);
  const paths = useActionQuery(loadApprovals, { waiting });
  const approve = useAction(approveGoals, {
    errors: 'alert',
    alertPrefix: 'unexpected',
    reload: [loadApprovals, loadMyPaths, loadLeaderboard],
  });
  return (
    <Stack className="career-approvals">
      <Title order={2}>Career path approvals</Title>
      <Switch
        label="Only paths with tasks waiting for approval"
        checked={waiting}
        onChange={(e) => setWaiting(e.currentTarget.checked)}
      />
      {!paths.data ? (
        <Loader aria-label="Loading the paths" />
      ) : paths.data.paths.length === 0 ? (
        <Text c="dimmed">
          {waiting ? 'No task is waiting for approval.' : 'Nobody within your reach has a path yet.'}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {paths.data.paths.map((path) => (
            <PathCard
              key={path.pathId}
              path={path}
              mode="approver"
              busy={approve.isPending}
              onChange={(goals, willingToRelocate) =>
                approve.mutate({ goals, userId: path.userId, pathId: path.pathId, willingToRelocate })
              }
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
