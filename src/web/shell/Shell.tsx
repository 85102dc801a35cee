import { Suspense, useEffect, type ReactNode } from 'react';
import { Link, Outlet, useNavigate } from 'react-router';
import { AppShell, Burger, Center, Container, Group, Loader } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { callAction } from '../api';
import { logout } from '../../modules/users/users.contract';
import '../ui/allStyles';
import { BackToTop } from '../ui/BackToTop';
import { FloatingHeader } from '../ui/FloatingHeader';
import { ProgressIndicator } from '../ui/ProgressIndicator';
import { DesktopNav } from './DesktopNav';
import { Logo } from './Logo';
import { MobileNav } from './MobileNav';
import { CommandPalette, PaletteButton } from './CommandPalette';
import { profileItem, visibleNavigation } from './navigation';
import { RequireSession } from './RequireSession';
import { useSignedIn } from './session';
import { UserMenu } from './UserMenu';

const HEADER_HEIGHT = 60;

/**
 * Calls whose answer the screen has never had (a list's first page, a record): while any runs, the
 * screen is `aria-busy`, so assistive technology waits for it rather than reading a half-drawn screen.
 * A refresh of what is shown does not count: live lists refresh every few seconds.
 */
function Main({ children }: { children: ReactNode }) {
  const firstLoads = useIsFetching({ predicate: (query) => query.state.data === undefined });
  return (
    <AppShell.Main id="main" tabIndex={-1} aria-busy={firstLoads > 0}>
      {children}
    </AppShell.Main>
  );
}

/**
 * Nearly every screen is a list: once the page is idle, fetch the list kit (table, filters, record
 * forms), so the first list opens with only its own code to load.
 */
function usePrefetchListKit() {
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1000));
    idle(() => void import('../ui/ListScreen'));
  }, []);
}

function Layout() {
  usePrefetchListKit();
  const session = useSignedIn();
  const groups = visibleNavigation(session.flags);
  const [drawer, { toggle, close }] = useDisclosure(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const signOut = async () => {
    close();
    try {
      await callAction(logout);
    } finally {
      navigate('/login', { replace: true });
      queryClient.clear();
    }
  };

  return (
    <AppShell header={{ height: HEADER_HEIGHT }} padding="md">
      <SkipLink />
      <ProgressIndicator />
      <FloatingHeader height={HEADER_HEIGHT}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="md" wrap="nowrap">
            <Burger opened={drawer} onClick={toggle} hiddenFrom="lg" size="sm" aria-label="Open navigation" />
            <Link to="/" aria-label="Forecourt home" className="logo-link">
              <Logo />
            </Link>
            <Group visibleFrom="lg">
              <DesktopNav groups={groups} />
            </Group>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <PaletteButton />
            <UserMenu user={session.user} onSignOut={signOut} />
          </Group>
        </Group>
      </FloatingHeader>
      <MobileNav groups={groups} opened={drawer} onClose={close} onSignOut={signOut} />
      <CommandPalette screens={[...groups.flatMap((g) => g.items), profileItem]} />
      <Main>
        <Container size="xl" px={0}>
          <Suspense
            fallback={
              <Center h={240}>
                <Loader aria-label="Loading" />
              </Center>
            }
          >
            <Outlet />
          </Suspense>
        </Container>
      </Main>
      <BackToTop />
    </AppShell>
  );
}

/**
 * The first stop of Tab on every page: it moves focus past the header and its menus to the screen,
 * so a keyboard user reaches the screen's own controls with the next Tab.
 */
function SkipLink() {
  return (
    <a
      href="#main"
      className="skip-link"
      onClick={(event) => {
        event.preventDefault();
        document.getElementById('main')?.focus();
      }}
    >
      Skip to content
    </a>
  );
}

/**
 * Every signed-in screen: header with navigation, the screen, back to top. Confirmations and alerts
 * live here: the sign-in steps outside the shell ask no questions, so their first load leaves them out.
 */
export function Shell() {
  return (
    <RequireSession>
      <ModalsProvider>
        <Layout />
      </ModalsProvider>
    </RequireSession>
  );
}
