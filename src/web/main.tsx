import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// From react-router/dom: it hands the router react-dom's flushSync, which the lists' address changes use.
import { RouterProvider } from 'react-router/dom';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient, sessionQuery } from './queryClient';
import { router } from './routes';
import { cssVariables, theme } from './theme';
import { installRipple } from './ui/ripple';
// Only the styles of what the sign-in screen shows: the shell and the two-factor step load the rest
// (./ui/allStyles.ts). Mantine's rules sit in a cascade layer, so app.css wins however the files arrive.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/notifications/styles.layer.css';
import './app.css';

// Every screen first waits for the session: ask for it now, while the app's code is still being
// evaluated, rather than when the shell or the sign-in screen first draws (380 ms later in the
// browser tests' Chromium); the screen's query then finds it under way or answered.
void queryClient.prefetchQuery(sessionQuery);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariables} defaultColorScheme="auto">
      <QueryClientProvider client={queryClient}>
        <Notifications position="top-right" zIndex={1000} />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);

installRipple();

// After a deploy, a page opened earlier asks for screen chunks that no longer exist: load the new app.
// Once a minute at most: a chunk that still fails after a reload is a network fault, which the
// screen then explains (shell/LoadFailed.tsx) instead of reloading without end.
const RELOADED_AT = 'forecourt.chunkReloadedAt';
window.addEventListener('vite:preloadError', (event) => {
  if (Date.now() - Number(sessionStorage.getItem(RELOADED_AT) ?? 0) < 60_000) return;
  sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  event.preventDefault();
  window.location.reload();
});
