import { Suspense, type ReactNode } from 'react';
import { Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Logo } from './Logo';

/** The frame of the sign-in steps: a centred card, no navigation. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <Center component="main" mih="100vh" p="md" bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))">
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={420}>
        <Stack gap="lg">
          <Logo />
          <div>
            <Title order={1} size="h3">{title}</Title>
            {subtitle && <Text c="dimmed" size="sm">{subtitle}</Text>}
          </div>
          <Suspense fallback={<Loader />}>{children}</Suspense>
        </Stack>
      </Paper>
    </Center>
  );
}
