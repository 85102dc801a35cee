import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAction, errorMessage, fetchSession } from '../../web/api';
import { sessionKey } from '../../web/queryClient';
import { AuthLayout } from '../../web/shell/AuthLayout';
import { useSession } from '../../web/shell/session';
import { Form } from '../../web/ui/Form';
import { useFields } from '../../web/ui/useFields';
import { returnPath, signInStepKey } from '../../web/shell/signinStep';
import { authenticate as authenticateContract } from './users.contract';

/** user-login: the password step. Enter submits; errors show in the form's error area. */
export default function UserLogin() {
  const [params] = useSearchParams();
  const p = returnPath(params.get('p'));
  const navigate = useNavigate();
  const session = useSession();
  const queryClient = useQueryClient();
  const form = useFields({ username: '', password: '' });
  const [error, setError] = useState('');

  const authenticate = useMutation({
    mutationFn: () => callAction(authenticateContract, form.values),
    onSuccess: async (data) => {
      // The two-factor step shows these methods at once; a reload there asks the server again.
      queryClient.setQueryData(signInStepKey, data.authenticate);
      // The session is now half signed in (password done): the two-factor step checks that.
      await queryClient.fetchQuery({ queryKey: sessionKey, queryFn: fetchSession, staleTime: 0 });
      navigate(p ? `/2fa?p=${encodeURIComponent(p)}` : '/2fa');
    },
    onError: (e) => {
      setError(errorMessage(e));
      form.markErrors(e);
    },
  });

  if (session.data?.signedIn) return <Navigate to={p || '/'} replace />;

  const submit = () => {
    setError('');
    const missing = (['username', 'password'] as const).filter((f) => !form.values[f].trim());
    if (missing.length) {
      form.setErrors(Object.fromEntries(missing.map((f) => [f, 'Required'])));
      setError(missing.length === 2 ? 'Enter your username and password.' : missing[0] === 'username' ? 'Enter your username or email.' : 'Enter your password.');
      return;
    }
    authenticate.mutate();
  };

  return (
    <AuthLayout title="Sign in" subtitle="Forecourt back office">
      <div className="user-login">
        <Form onSubmit={submit} submitOnEnter>
          <Stack>
            <TextInput label="Username or email" autoComplete="username" autoFocus {...form.text('username')} />
            <PasswordInput label="Password" autoComplete="current-password" {...form.text('password')} />
            {error && <Text c="red" size="sm" role="alert" className="error-area">{error}</Text>}
            <Button type="submit" loading={authenticate.isPending} fullWidth>Sign in</Button>
          </Stack>
        </Form>
      </div>
    </AuthLayout>
  );
}
