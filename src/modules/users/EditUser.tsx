import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Checkbox,
  Fieldset,
  Group,
  Loader,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconArrowLeft, IconLockOpen, IconShieldOff } from '@tabler/icons-react';
import { errorMessage } from '../../web/api';
import { FlagCheckboxes } from '../../web/ui/FlagCheckboxes';
import { RecordForm } from '../../web/ui/RecordForm';
import { confirm } from '../../web/ui/modals';
import { PagedList } from '../../web/ui/PagedList';
import { SearchableSelect } from '../../web/ui/SearchableSelect';
import { useAction } from '../../web/ui/useAction';
import { useContractForm } from '../../web/ui/useContractForm';
import { formatDateTime, formatPhone } from '../../shared/format';
import { allFlags, jobCodeFlags, mayGiveRegion, mayManage, userOnlyFlags, type Flag } from '../../shared/permissions';
import { useJobCodeOptions } from '../../web/options/jobCodeOptions';
import { useSignedIn } from '../../web/shell/session';
import { LocationSelect } from '../../web/options/LocationSelect';
import { useLocationOptions } from '../../web/options/locationOptions';
import {
  eventColumns,
  factorLabels,
  loadEvents,
  loadUser,
  loadUsers,
  resetTwoFactor as resetTwoFactorContract,
  saveUser,
  unlockUser,
  type EventRow,
  type UserDetail,
} from './users.contract';
import { reloadAction, useActionQuery } from '../../web/ui/useActionQuery';

function initialValues(user: UserDetail | undefined) {
  return {
    username: user?.username ?? '',
    email: user?.email ?? '',
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    phone: formatPhone(user?.phone),
    jobCode: user?.jobCode ?? '',
    locationId: user?.locationId ? String(user.locationId) : '',
    password: '',
    regions: user?.regions ?? [],
    groupWide: user?.groupWide ?? false,
    accountLocked: user?.accountLocked ?? false,
    smsFactor: user?.factors.some((f) => f.factorType === 'sms') ?? false,
    // A new user signs in with an emailed code until they set up something else.
    emailFactor: user ? user.factors.some((f) => f.factorType === 'email') : true,
    ...(Object.fromEntries(allFlags.map((f) => [f, user?.flags.includes(f) ?? false])) as Record<Flag, boolean>),
  };
}

function UserForm({ user }: { user?: UserDetail }) {
  const { user: me } = useSignedIn();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const locations = useLocationOptions();
  const jobCodes = useJobCodeOptions();
  const refresh = () => {
    if (user) void reloadAction(queryClient, loadUser, { userId: user.userId });
  };
  const form = useContractForm(saveUser, {
    initialValues: initialValues(user),
    toInput: (values) => ({ ...values, userId: user?.userId }),
    check: (values) => (user || values.password ? {} : { password: 'A new user needs a password.' }),
    success: 'User saved.',
    successMs: 2000,
    reload: [loadUsers, loadEvents],
    onSuccess: (data) => {
      if (!user) navigate(`/users/edit?id=${data.userId}`, { replace: true });
      else {
        form.form.setFieldValue('password', '');
        refresh();
      }
    },
  });
  const v = form.values;
  const set = form.form.setFieldValue;
  const unlock = useAction(unlockUser, {
    success: 'Account unlocked.',
    errors: 'alert',
    alertPrefix: 'unexpected',
    reload: [loadUsers, loadEvents],
    onSuccess: refresh,
  });
  const resetTwoFactor = useAction(resetTwoFactorContract, {
    success: 'Two-factor sign-in reset.',
    errors: 'alert',
    alertPrefix: 'unexpected',
    reload: [loadEvents],
    onSuccess: refresh,
  });

  // The job code's flags are those of the saved job code; a changed code is checked on save.
  const granted = user && v.jobCode === (user.jobCode ?? '') ? user.jobCodeFlags : [];
  const regions = locations.data?.regions ?? [];
  const name = user ? `${user.firstName} ${user.lastName}` : 'New user';
  // What the server allows (docs/security.md): nobody changes their own access, gives what they do not
  // hold, or acts on a user who holds more or reaches further than they do.
  const self = user?.userId === me.id;
  const stronger = !!user && !self && !mayManage(me, { ...user, flags: [...user.flags, ...user.jobCodeFlags] });
  const giveable = (region: string) => !self && mayGiveRegion(me, region);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <div>
          <Anchor component={Link} to="/users/" size="sm">
            <Group gap={4}>
              <IconArrowLeft size={14} />
              Users
            </Group>
          </Anchor>
          <Title order={1} size="h2">
            {user ? `Edit user: ${name}` : 'Add user'}
          </Title>
          {user && (
            <Group gap="xs" mt={4}>
              {user.accountLocked && <Badge color="red">Locked</Badge>}
              {user.factors.map((f) => (
                <Badge key={f.factorId} variant="light">
                  {factorLabels[f.factorType]}
                </Badge>
              ))}
              <Text size="sm" c="dimmed">
                Last sign-in: {user.lastSignInAt ? formatDateTime(user.lastSignInAt) : 'never'}
              </Text>
            </Group>
          )}
        </div>
        {user && !stronger && (
          <Group gap="xs">
            {user.accountLocked && (
              <Button
                variant="light"
                color="green"
                leftSection={<IconLockOpen size={16} />}
                loading={unlock.isPending}
                onClick={async () => {
                  if (
                    await confirm({
                      message: `Are you sure you want to unlock ${name}'s account?`,
                      confirmLabel: 'Unlock',
                    })
                  )
                    unlock.mutate({ userId: user.userId });
                }}
              >
                Unlock account
              </Button>
            )}
            <Button
              variant="light"
              color="orange"
              leftSection={<IconShieldOff size={16} />}
              loading={resetTwoFactor.isPending}
              onClick={async () => {
                if (
                  await confirm({
                    message: `Are you sure you want to reset two-factor sign-in for ${name}? Their authenticator app is removed and they are signed out.`,
                    confirmLabel: 'Reset two-factor',
                    danger: true,
                  })
                ) {
                  resetTwoFactor.mutate({ userId: user.userId });
                }
              }}
            >
              Reset two-factor
            </Button>
          </Group>
        )}
      </Group>

      {stronger && (
        <Alert color="yellow" title="You can look, not change">
          {name} holds permissions or reaches locations that you do not, so only an administrator who holds them can
          change this account.
        </Alert>
      )}
      {self && (
        <Alert color="blue" title="This is your own account">
          Another user admin changes your permissions, job code, regions and lock. Change your password on your{' '}
          <Anchor component={Link} to="/profile" inherit>
            profile
          </Anchor>
          , where your current password is asked for.
        </Alert>
      )}
      <RecordForm
        buttons="start"
        form={form}
        failTitle="The user was not saved"
        submitLabel={user ? 'Save user' : 'Add user'}
        readOnly={stronger}
        onCancel={() => navigate('/users/')}
      >
        <Fieldset legend="Details">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...form.field('firstName')} />
            <TextInput {...form.field('lastName')} />
            <TextInput autoComplete="off" {...form.field('username')} />
            <TextInput type="email" {...form.field('email')} />
            <TextInput type="tel" placeholder="(505) 555-0100" {...form.field('phone')} />
            <SearchableSelect data={jobCodes.data} clearable disabled={self} {...form.field('jobCode')} />
            <LocationSelect form={form.form} clearable {...form.field('locationId')} />
            <PasswordInput
              {...form.field('password')}
              label={user ? 'New password' : 'Password'}
              description={
                self
                  ? 'Change your own password on your profile.'
                  : user
                    ? 'Leave blank to keep the current password.'
                    : 'At least 10 characters.'
              }
              required={!user}
              disabled={self}
              autoComplete="new-password"
            />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend="Sign-in">
          <Stack gap="sm">
            <Checkbox
              description="A locked account cannot sign in; locking signs the user out. Only an administrator locks an account: failed sign-ins make further attempts wait instead."
              disabled={self}
              {...form.checkbox('accountLocked')}
            />
            <Checkbox description="Sign-in codes by text to the phone above." {...form.checkbox('smsFactor')} />
            <Checkbox description="Sign-in codes by email to the address above." {...form.checkbox('emailFactor')} />
          </Stack>
        </Fieldset>

        <Fieldset legend="Job-code permissions">
          <Text size="sm" c="dimmed" mb="sm">
            {v.jobCode
              ? `Permissions ticked "From job code ${v.jobCode}" come with the job code; tick another to give it to this user whatever their job code.`
              : 'Give this user permissions of their own.'}
          </Text>
          <FlagCheckboxes
            flags={jobCodeFlags}
            checked={v}
            granted={granted}
            grantedBy={`job code ${v.jobCode}`}
            disabled={self}
            held={me.flags}
            onChange={(flag, checked) => set(flag, checked)}
          />
        </Fieldset>

        <Fieldset legend="User permissions">
          <FlagCheckboxes
            flags={userOnlyFlags}
            checked={v}
            disabled={self}
            held={me.flags}
            onChange={(flag, checked) => set(flag, checked)}
          />
        </Fieldset>

        <Fieldset legend="Regions">
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              The user works at the locations of these regions and at their own location.
            </Text>
            {regions.length === 0 ? (
              <Text size="sm" c="dimmed">
                No regions yet.
              </Text>
            ) : (
              <Checkbox.Group value={v.regions} onChange={(next) => set('regions', next)} aria-label="Regions">
                <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
                  {regions.map((r) => (
                    <Checkbox key={r} value={r} label={r} name="regions" disabled={!giveable(r)} />
                  ))}
                </SimpleGrid>
              </Checkbox.Group>
            )}
            <Checkbox
              description="Works at every location of the group, whatever the regions. Only a group-wide user can give this."
              disabled={self || !me.groupWide}
              {...form.checkbox('groupWide')}
            />
          </Stack>
        </Fieldset>
      </RecordForm>

      {user && (
        <Fieldset legend="Events" className="user-events">
          <PagedList<EventRow>
            action={loadEvents}
            params={{ userId: user.userId }}
            columns={eventColumns}
            noun={['event', 'events']}
            rowKey={(row) => row.id}
            pageSize={25}
            emptyText="No events yet."
          />
        </Fieldset>
      )}
    </Stack>
  );
}

/** edit-user: every field of an account, its permissions and its event list. No id adds a user. */
export default function EditUser() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const user = useActionQuery(loadUser, { userId: id }, { enabled: id > 0, staleTime: 0 });

  let body;
  if (id && user.isPending)
    body = (
      <Center h={240}>
        <Loader aria-label="Loading" />
      </Center>
    );
  else if (id && user.isError) {
    body = (
      <Alert color="red" title="This user could not be loaded">
        {errorMessage(user.error)}{' '}
        <Anchor component={Link} to="/users/">
          Back to users
        </Anchor>
      </Alert>
    );
  } else {
    // A fresh form for each user, filled from the saved record each time it reloads.
    body = <UserForm key={`${id}:${user.dataUpdatedAt}`} user={user.data?.user} />;
  }
  return <div className="edit-user">{body}</div>;
}
