import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { errorMessage } from '../api';
import { useSession } from './session';

/** Signed-out visitors go to sign-in, which brings them back here afterwards (`?p=`). */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.isPending)
    return (
      <Center h="100vh">
        <Loader aria-label="Loading" />
      </Center>
    );
  if (session.isError) {
    return (
      <Center h="100vh" p="md">
        <Stack maw={420}>
          <Alert color="red" title="Forecourt could not be reached">
            {errorMessage(session.error)}
          </Alert>
          <Button onClick={() => session.refetch()}>Try again</Button>
        </Stack>
      </Center>
    );
  }
  if (!session.data.signedIn) {
    const here = `${location.pathname}${location.search}`;
    return <Navigate to={here === '/' ? '/login' : `/login?p=${encodeURIComponent(here)}`} replace />;
  }
  return <>{children}</>;
}
