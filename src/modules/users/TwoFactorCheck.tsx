import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import {
  Button,
  Center,
  Code,
  Image,
  Loader,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
  Group,
  Paper,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IconDeviceMobile, IconMail, IconMessage, type Icon } from '@tabler/icons-react';
import { callAction, errorMessage } from '../../web/api';
import { sessionKey, sessionQuery } from '../../web/queryClient';
import '../../web/ui/allStyles';
import { AuthLayout } from '../../web/shell/AuthLayout';
import { useSession } from '../../web/shell/session';
import { Form } from '../../web/ui/Form';
import { returnPath, useSignInStep } from '../../web/shell/signinStep';
import { enrolAuthenticator, factorLabels, pushCode, verifyCode, type Factor, type FactorType } from './users.contract';
import { useActionQuery } from '../../web/ui/useActionQuery';

const factorIcons: Record<FactorType, Icon> = { totp: IconDeviceMobile, sms: IconMessage, email: IconMail };

function codePrompt(factor: Factor, target: string | undefined): string {
  switch (factor.factorType) {
    case 'totp':
      return 'Enter the 6-digit code your authenticator app shows for Forecourt.';
    case 'sms':
      return `We texted a code to ${target || factor.target}. Enter it below.`;
    case 'email':
      return `We emailed a code to ${target || factor.target}. Enter it below.`;
  }
}

/** The code form shared by both paths: Enter submits; errors show inline. */
function CodeForm({ prompt, redirect, onBack }: { prompt: string; redirect: string; onBack?: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const verify = useMutation({
    mutationFn: () => callAction(verifyCode, { authCode: code, redirect }),
    onSuccess: async (data) => {
      // Nothing read for an earlier session in this tab may show to this user.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] });
      // The session now has a new id and CSRF token: read it before the first signed-in call.
      await queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 });
      // A page the server serves itself (the API's docs under /api/) is loaded, not routed.
      if (data.redirect?.startsWith('/api/')) window.location.assign(data.redirect);
      else navigate(data.redirect || '/', { replace: true });
    },
    onError: (e) => setError(errorMessage(e)),
  });
  const submit = () => {
    if (!/^\d{6}$/.test(code.replace(/\s/g, ''))) {
      setError('Enter the 6-digit code.');
      return;
    }
    setError('');
    verify.mutate();
  };
  return (
    <Form onSubmit={submit} submitOnEnter>
      <Stack>
        <Text size="sm">{prompt}</Text>
        <TextInput
          label="Code"
          name="authCode"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          autoFocus
          value={code}
          error={!!error}
          onChange={(e) => {
            setCode(e.currentTarget.value);
            if (e.currentTarget.value) setError('');
          }}
          styles={{ input: { letterSpacing: '0.3em', fontSize: 20 } }}
        />
        {error && (
          <Text c="red" size="sm" role="alert" className="error-area">
            {error}
          </Text>
        )}
        <Button type="submit" loading={verify.isPending} fullWidth>
          Verify
        </Button>
        {onBack && (
          <Button variant="subtle" onClick={onBack}>
            Use another sign-in method
          </Button>
        )}
      </Stack>
    </Form>
  );
}

/** First sign-in with no method yet: set up an authenticator app from a QR code. */
function Enrolment({ redirect }: { redirect: string }) {
  const enrol = useActionQuery(enrolAuthenticator, {}, { staleTime: Infinity, gcTime: 0, retry: false });
  if (enrol.isPending)
    return (
      <Center h={160}>
        <Loader />
      </Center>
    );
  if (enrol.isError)
    return (
      <Text c="red" size="sm" role="alert" className="error-area">
        {errorMessage(enrol.error)}
      </Text>
    );
  return (
    <Stack>
      <Text size="sm">
        Your account needs a second sign-in step. Scan this code with an authenticator app (Google Authenticator,
        Microsoft Authenticator, 1Password…).
      </Text>
      <Center>
        <Image src={enrol.data.qr} alt="QR code for your authenticator app" w={200} h={200} />
      </Center>
      <Text size="sm">Or type this key into the app:</Text>
      <Code block className="totp-secret" style={{ wordBreak: 'break-all' }}>
        {enrol.data.secret}
      </Code>
      <CodeForm prompt="Then enter the 6-digit code the app shows." redirect={redirect} />
    </Stack>
  );
}

function FactorChoice({ factors, redirect }: { factors: Factor[]; redirect: string }) {
  const [chosen, setChosen] = useState<{ factor: Factor; target?: string } | null>(null);
  const [error, setError] = useState('');
  const push = useMutation({
    mutationFn: (factor: Factor) => callAction(pushCode, { factorId: factor.factorId, factorType: factor.factorType }),
    onSuccess: (data, factor) => setChosen({ factor, target: data.target }),
    onError: (e) => setError(errorMessage(e)),
  });

  if (chosen)
    return (
      <CodeForm
        prompt={codePrompt(chosen.factor, chosen.target)}
        redirect={redirect}
        onBack={factors.length > 1 ? () => setChosen(null) : undefined}
      />
    );
  return (
    <Stack>
      <Text size="sm">How would you like to receive your sign-in code?</Text>
      {factors.map((factor) => {
        const FactorIcon = factorIcons[factor.factorType];
        const pending = push.isPending && push.variables?.factorId === factor.factorId;
        return (
          <UnstyledButton
            key={factor.factorId}
            onClick={() => {
              setError('');
              push.mutate(factor);
            }}
            disabled={push.isPending}
            aria-busy={pending}
          >
            <Paper withBorder p="md" radius="md">
              <Group wrap="nowrap">
                {pending ? <Loader size={22} /> : <FactorIcon size={22} />}
                <div>
                  <Text fw={600}>{factorLabels[factor.factorType]}</Text>
                  {factor.target && (
                    <Text size="sm" c="dimmed">
                      {factor.target}
                    </Text>
                  )}
                </div>
              </Group>
            </Paper>
          </UnstyledButton>
        );
      })}
      {error && (
        <Text c="red" size="sm" role="alert" className="error-area">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** two-factor-check: choose a method (which sends a code), then enter the code. */
export default function TwoFactorCheck() {
  const [params] = useSearchParams();
  const p = returnPath(params.get('p'));
  const session = useSession();
  const pending = !!session.data?.pending && !session.data.signedIn;
  const step = useSignInStep(pending);
  const toLogin = p ? `/login?p=${encodeURIComponent(p)}` : '/login';

  if (session.isPending)
    return (
      <Center h="100vh">
        <Loader />
      </Center>
    );
  if (session.data?.signedIn) return <Navigate to={p || '/'} replace />;
  // Without the password step there is nothing to verify.
  if (!pending) return <Navigate to={toLogin} replace />;
  if (step.isPending)
    return (
      <Center h="100vh">
        <Loader aria-label="Loading" />
      </Center>
    );
  if (step.isError) {
    return (
      <AuthLayout title="Two-step verification" subtitle="One more step to sign in">
        <Stack className="two-factor-check">
          <Text c="red" size="sm" role="alert" className="error-area">
            {errorMessage(step.error)}
          </Text>
          <Button component={Link} to={toLogin} variant="default">
            Back to sign in
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Two-step verification"
      subtitle={step.data.enrol ? 'Set up your authenticator app' : 'One more step to sign in'}
    >
      <div className="two-factor-check">
        {step.data.enrol ? <Enrolment redirect={p} /> : <FactorChoice factors={step.data.factors} redirect={p} />}
      </div>
    </AuthLayout>
  );
}
