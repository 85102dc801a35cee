import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { fetchSession, isActionError, networkMessage } from './api';
import { notify } from './ui/notify';

export const sessionKey = ['session'] as const;

/** The session as every screen reads it (shell/session.ts), and as the page asks for it first (main.tsx). */
export const sessionQuery = { queryKey: sessionKey, queryFn: fetchSession, staleTime: 60_000 };

/**
 * Failures every screen handles the same way: a lost session sends the user to sign in (the session
 * query changes and the shell redirects); a network failure is a notification with the HTTP status.
 * Other failures are shown by the screen that made the call, next to the form.
 */
function onAnyError(error: unknown) {
  if (!isActionError(error)) return;
  if (error.status === 401) void queryClient.invalidateQueries({ queryKey: sessionKey });
  else if (error.network)
    notify({ type: 'error', title: 'Network error', message: networkMessage(error), duration: 6000 });
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: onAnyError }),
  mutationCache: new MutationCache({ onError: onAnyError }),
  defaultOptions: {
    queries: {
      // An action error is an answer, not a flaky network: retrying would repeat a 403 or 404.
      retry: (count, error) => !isActionError(error) || (error.network && count < 1),
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
  },
});
