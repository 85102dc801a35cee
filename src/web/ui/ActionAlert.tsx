import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage, isActionError } from '../api';

/**
 * The first error of a failed call (or a form's own sentence), shown in the form that made it. Network failures are already a
 * notification and a lost session already goes to sign-in, so neither is repeated here.
 */
export function ActionAlert({ error, title = 'That did not work' }: { error: unknown; title?: string }) {
  if (!error || (isActionError(error) && (error.network || error.status === 401))) return null;
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertCircle />} role="alert">
      {typeof error === 'string' ? error : errorMessage(error)}
    </Alert>
  );
}
