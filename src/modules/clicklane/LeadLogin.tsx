/**
 * lead login (seed 001): the customers' side of the lane, outside the back office. With a reset
 * link's `?token=` the customer sets their password (once, within 24 hours); then they sign in with
 * their email and read the updates their store posted on their delivery.
 */
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Anchor, Button, Card, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { AuthLayout } from '../../web/shell/AuthLayout';
import { Form } from '../../web/ui/Form';
import { useContractForm } from '../../web/ui/useContractForm';
import { formatDate, formatDateTime } from '../../shared/format';
import type { OutputOf } from '../../shared/contract';
import { LEAD_LOGIN_PATH, leadLogin, PASSWORD_SET, setPassword } from './clicklane.contract';

type Signed = OutputOf<typeof leadLogin>;

function SetPassword({ token, onDone }: { token: string; onDone: (email: string) => void }) {
  const form = useContractForm(setPassword, {
    initialValues: { password: '' },
    toInput: (values) => ({ ...values, token }),
    onSuccess: (data) => onDone(data.email),
  });
  return (
    <Form onSubmit={() => form.submit()} submitOnEnter>
      <Stack>
        <Text size="sm">Choose the password of your ClickLane account: at least 10 characters.</Text>
        <PasswordInput autoComplete="new-password" autoFocus {...form.field('password')} />
        {form.banner && (
          <Text c="red" size="sm" role="alert" className="error-area">
            {form.banner}
          </Text>
        )}
        <Button type="submit" loading={form.action.isPending} fullWidth>
          Set password
        </Button>
      </Stack>
    </Form>
  );
}

function SignIn({ email, notice, onSignedIn }: { email: string; notice?: string; onSignedIn: (s: Signed) => void }) {
  const form = useContractForm(leadLogin, {
    initialValues: { email, password: '' },
    onSuccess: onSignedIn,
  });
  return (
    <Form onSubmit={() => form.submit()} submitOnEnter>
      <Stack>
        {notice && (
          <Alert color="teal" role="status">
            {notice}
          </Alert>
        )}
        <TextInput type="email" autoComplete="username" autoFocus={!email} {...form.field('email')} />
        <PasswordInput autoComplete="current-password" autoFocus={!!email} {...form.field('password')} />
        {form.banner && (
          <Text c="red" size="sm" role="alert" className="error-area">
            {form.banner}
          </Text>
        )}
        <Button type="submit" loading={form.action.isPending} fullWidth>
          Sign in
        </Button>
      </Stack>
    </Form>
  );
}

function Deliveries({ signed }: { signed: Signed }) {
  return (
    <Stack>
      <Title order={2} size="h4">
        Hello {signed.name}
      </Title>
      {signed.deliveries.length === 0 && <Text size="sm">Your store has not scheduled a delivery yet.</Text>}
      {signed.deliveries.map((d) => (
        <Card key={`${d.scheduledDate}-${d.vehicle}`} withBorder padding="sm" className="lead-delivery">
          <Group justify="space-between">
            <Text fw={600}>{d.vehicle}</Text>
            <Text size="sm">{d.statusLabel}</Text>
          </Group>
          <Text size="sm" c="dimmed">
            {d.storeName} ·{' '}
            {d.deliveredDate ? `delivered ${formatDate(d.deliveredDate)}` : `scheduled ${formatDate(d.scheduledDate)}`}
          </Text>
          <Stack gap="xs" mt="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {d.updates.map((u) => (
              <li key={u.updateId}>
                <Text size="sm">{u.text}</Text>
                {u.photoUrl && (
                  <Anchor href={u.photoUrl} target="_blank" rel="noreferrer" size="sm">
                    Photo
                  </Anchor>
                )}
                <Text size="xs" c="dimmed">
                  {formatDateTime(u.createdAt)}
                </Text>
              </li>
            ))}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

export default function LeadLogin() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const [email, setEmail] = useState('');
  const [signed, setSigned] = useState<Signed | null>(null);
  return (
    <AuthLayout title="ClickLane" subtitle="Follow your delivery">
      <div className="lead-login">
        {signed ? (
          <Deliveries signed={signed} />
        ) : token ? (
          <SetPassword
            token={token}
            onDone={(address) => {
              setEmail(address);
              // The link is spent: the address no longer carries it.
              void navigate(LEAD_LOGIN_PATH, { replace: true });
            }}
          />
        ) : (
          <SignIn email={email} notice={email ? PASSWORD_SET : undefined} onSignedIn={setSigned} />
        )}
      </div>
    </AuthLayout>
  );
}
