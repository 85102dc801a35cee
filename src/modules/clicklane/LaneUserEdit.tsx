/**
 * The user edit screen of the delivery product (seed 000: "access users and user edit"), `?userId=`:
 * the customer's name, email and phone, their sign-in, and the password reset link
 * (reset-password: 'Password reset link sent!').
 */
import { Link, useSearchParams } from 'react-router';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconMailForward } from '@tabler/icons-react';
import { errorMessage } from '../../web/api';
import { RecordForm } from '../../web/ui/RecordForm';
import { useAction } from '../../web/ui/useAction';
import { useActionQuery } from '../../web/ui/useActionQuery';
import { useContractForm } from '../../web/ui/useContractForm';
import { formatDateTime, formatPhone } from '../../shared/format';
import {
  loadUser,
  loadUsers,
  PASSWORD_RESET_SENT,
  RESET_LINK_HOURS,
  resetPassword,
  saveUser,
  USER_SAVED,
  type LaneUserRecord,
} from './clicklane.contract';

function UserForm({ user }: { user: LaneUserRecord }) {
  const form = useContractForm(saveUser, {
    initialValues: { name: user.name, email: user.email, phone: user.phone ? formatPhone(user.phone) : '' },
    toInput: (values) => ({ ...values, userId: user.userId }),
    success: USER_SAVED,
    successMs: 2000,
    reload: [loadUser, loadUsers],
  });
  return (
    <RecordForm form={form} failTitle="The user was not saved" submitLabel="Save" buttons="start">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput data-autofocus autoComplete="off" {...form.field('name')} />
        <TextInput type="email" autoComplete="off" {...form.field('email')} />
        <TextInput type="tel" autoComplete="off" placeholder="(505) 555-0142" {...form.field('phone')} />
      </SimpleGrid>
    </RecordForm>
  );
}

function ResetCard({ user }: { user: LaneUserRecord }) {
  const send = useAction(resetPassword, {
    errors: 'alert',
    alertPrefix: 'unexpected',
    success: PASSWORD_RESET_SENT,
    successMs: 4000,
    reload: [loadUser],
  });
  return (
    <Card withBorder padding="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Password
        </Title>
        <Text size="sm">
          {user.hasPassword ? 'The customer has set a password.' : 'The customer has not set a password yet.'}{' '}
          {user.lastSignInAt ? `Last signed in ${formatDateTime(user.lastSignInAt)}.` : 'Never signed in.'}
        </Text>
        {user.lastResetAt && (
          <Text size="sm" c="dimmed" data-testid="reset-state">
            Reset link sent {formatDateTime(user.lastResetAt)}: {user.resetPending ? 'not used yet' : 'used or expired'}
            .
          </Text>
        )}
        <Group>
          <Button
            leftSection={<IconMailForward size={16} />}
            loading={send.isPending}
            onClick={() => send.mutate({ userId: user.userId })}
          >
            Send password reset link
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          Emailed to {user.email}; it works once, within {RESET_LINK_HOURS} hours, and a new one replaces it.
        </Text>
      </Stack>
    </Card>
  );
}

export default function LaneUserEdit() {
  const [params] = useSearchParams();
  const userId = Number(params.get('userId')) || 0;
  const query = useActionQuery(loadUser, { userId }, { enabled: userId > 0, staleTime: 0 });
  const user = query.data?.user;
  return (
    <div className="access-user-edit">
      <Stack gap="lg" maw={900}>
        <Anchor component={Link} to="/clicklane/users/" size="sm">
          <Group gap={4}>
            <IconArrowLeft size={14} />
            Lane users
          </Group>
        </Anchor>
        {!userId ? (
          <Alert color="red" title="No user">
            Open a user from the lane users list.
          </Alert>
        ) : query.isPending ? (
          <Center h={240}>
            <Loader aria-label="Loading" />
          </Center>
        ) : query.isError || !user ? (
          <Alert color="red" title="This user could not be loaded">
            {errorMessage(query.error)}
          </Alert>
        ) : (
          <>
            <div>
              <Group gap="sm">
                <Title order={1}>{user.name}</Title>
                <Badge variant="light">{user.leadCount === 1 ? '1 lead' : `${user.leadCount} leads`}</Badge>
              </Group>
              <Text c="dimmed" size="sm">
                Joined {formatDateTime(user.createdAt)}
              </Text>
            </div>
            <Card withBorder padding="md">
              <UserForm key={user.updatedAt} user={user} />
            </Card>
            <ResetCard user={user} />
          </>
        )}
      </Stack>
    </div>
  );
}
