import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { sessionQuery } from '../../web/queryClient';
import { AuthLayout } from '../../web/shell/AuthLayout';
import { useSession } from '../../web/shell/session';
import { Form } from '../../web/ui/Form';
import { useContractForm } from '../../web/ui/useContractForm';
import { returnPath, signInStepKey } from '../../web/shell/signinStep';
import { authenticate as authenticateContract } from './users.api';

/** user-login: the password step. Enter submits; errors show in the form's error area, the first field at fault takes the focus. */
export default function UserLogin() {
  const [params] = useSearchParams();
  const p = returnPath(params.get('p'));
  const navigate = useNavigate();
  const session = useSession();
  const queryClient = useQueryClient();
  const form = useContractForm(authenticateContract, {
    initialValues: { username: '', password: '' },
    onSuccess: async (data) => {
      // The two-factor step shows these methods at once; a reload there asks the server again.
      queryClient.setQueryData(signInStepKey, { authenticate: data.authenticate });
      // The session is now half signed in (password done): the two-factor step checks that.
      await queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 });
      navigate(p ? `/2fa?p=${encodeURIComponent(p)}` : '/2fa');
    },
  });

  if (session.data?.signedIn) return <Navigate to={p || '/'} replace />;

  return (
    <AuthLayout title="Sign in" subtitle="Forecourt back office">
      <div className="user-login">
        <Form onSubmit={() => form.submit()} submitOnEnter>
          <Stack>
            <TextInput autoComplete="username" autoFocus {...form.field('username')} required={false} />
            <PasswordInput autoComplete="current-password" {...form.field('password')} required={false} />
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
      </div>
    </AuthLayout>
  );
}
