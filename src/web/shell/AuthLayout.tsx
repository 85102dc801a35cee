import { Suspense, type ReactNode } from 'react';
import { Box, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useParallax } from '../ui/useParallax';
import { Logo } from './Logo';

/** The frame of the sign-in steps: a centred card on a softly shaded backdrop that drifts with the pointer on wide screens. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const { x, y } = useParallax();
  return (
    <Center
      component="main"
      mih="100vh"
      p="md"
      pos="relative"
      style={{ overflow: 'hidden' }}
      bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))"
    >
      <Box className="auth-backdrop" aria-hidden style={{ transform: `translate(${x}px, ${y}px)` }} />
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={420} pos="relative">
        <Stack gap="lg">
          <Logo />
          <div>
            <Title order={1} size="h3">
              {title}
            </Title>
            {subtitle && (
              <Text c="dimmed" size="sm">
                {subtitle}
              </Text>
            )}
          </div>
          <Suspense fallback={<Loader />}>{children}</Suspense>
        </Stack>
      </Paper>
    </Center>
  );
}
