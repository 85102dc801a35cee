import { Link } from 'react-router';
import { Button, Stack, Text, Title } from '@mantine/core';

export default function NotFound() {
  return (
    <Stack align="flex-start" className="not-found">
      <Title order={1} size="h2">
        Page not found
      </Title>
      <Text c="dimmed">There is no page at this address. It may have moved.</Text>
      <Button component={Link} to="/">
        Go to the home page
      </Button>
    </Stack>
  );
}
