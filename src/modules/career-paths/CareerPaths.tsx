import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { callAction, errorMessage } from '../../web/api';
import { confirm, showAlert } from '../../web/ui/modals';
import { useAction } from '../../web/ui/useAction';
import { useActionQuery } from '../../web/ui/useActionQuery';
import { useSignedIn } from '../../web/shell/session';
import {
  DELETE_PATH_QUESTION,
  deletePath,
  loadLeaderboard,
  loadMyPaths,
  PATH_DELETE_FAILED,
  saveGoals,
} from './career-paths.contract';
import { PathCard } from './PathCard';

/** career-paths (paths): the employee's own paths; checking a task saves the goals at once. */
export default function CareerPaths() {
  const [params] = useSearchParams();
  const added = Number(params.get('added')) || null;
  const { user } = useSignedIn();
  const paths = useActionQuery(loadMyPaths, {});
  const save = useAction(saveGoals, {
    errors: 'alert',
    alertPrefix: 'unexpected',
    reload: [loadMyPaths, loadLeaderboard],
  });
  const remove = async (pathId: number) => {
    if (!(await confirm({ message: DELETE_PATH_QUESTION, confirmLabel: 'Delete', danger: true }))) return;
    try {
      await callAction(deletePath, { pathId });
      await paths.refetch();
    } catch (error) {
      showAlert(PATH_DELETE_FAILED + errorMessage(error));
    }
  };
  useEffect(() => {
    if (added) document.querySelector(`[data-path="${added}"]`)?.scrollIntoView({ block: 'center' });
  }, [added, paths.data]);
  return (
    <Stack className="career-paths">
      <Title order={2}>My career paths</Title>
      {added && (
        <Alert color="teal">
          Your new path is below: check its tasks as you complete them, and your manager approves them.
        </Alert>
      )}
      {!paths.data ? (
        <Loader aria-label="Loading your paths" />
      ) : paths.data.paths.length === 0 ? (
        <Text c="dimmed">You have no paths yet: choose a position on the career paths page and start one.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {paths.data.paths.map((path) => (
            <PathCard
              key={path.pathId}
              path={path}
              mode="employee"
              busy={save.isPending}
              highlight={path.pathId === added}
              onChange={(goals, willingToRelocate) =>
                save.mutate({ goals, userId: user.id, pathId: path.pathId, willingToRelocate })
              }
              onDelete={() => void remove(path.pathId)}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
