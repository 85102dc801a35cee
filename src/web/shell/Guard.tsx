import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useCan, type Access } from './session';

/** A screen the user has no flag for says so, instead of failing call by call. */
export function Guard({ access, children }: { access: Access; children: ReactNode }) {
  const allowed = useCan(access);
  if (!allowed) {
    return (
      <Alert color="yellow" icon={<IconLock />} title="You do not have access to this page" maw={560}>
        Ask a user admin for access if you need this tool.
      </Alert>
    );
  }
  return <>{children}</>;
}
