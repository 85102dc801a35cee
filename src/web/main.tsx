import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './queryClient';
import { router } from './routes';
import { cssVariables, theme } from './theme';
import { installRipple } from './ui/ripple';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariables} defaultColorScheme="auto">
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <Notifications position="top-right" zIndex={1000} />
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);

installRipple();

// After a deploy, a page opened earlier asks for screen chunks that no longer exist: load the new app.
window.addEventListener('vite:preloadError', (event) => {
  event.preventDefault();
  window.location.reload();
});
