import { useRouteError } from 'react-router';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';

/**
 * What a screen shows when it cannot be shown: most often its code could not be fetched (the
 * connection dropped, or a deploy replaced it and the reload did not help). It says so, and offers
 * the reload a person would try, rather than a blank page or a page that reloads itself forever.
 * Part of the first bundle: a screen whose chunk failed cannot lazy-load its own error page.
 */
export function LoadFailed() {
  const error = useRouteError();
  useDocumentTitle('Screen not loaded · Forecourt');
  const detail = error instanceof Error ? error.message : '';
  return (
    <Stack align="flex-start" className="load-failed" p="md" role="alert">
      <Title order={1} size="h2">
        This screen could not be loaded
      </Title>
      <Text>Forecourt could not fetch this screen. Check your connection, then reload the page.</Text>
      {detail && (
        <Text size="sm" c="dimmed">
          {detail}
        </Text>
      )}
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </Stack>
  );
}
