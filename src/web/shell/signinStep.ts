/**
 * What the password step told the two-factor step: the account's sign-in methods. The password
 * step's reply fills the cache; a reload of /2fa asks the server again (users/2fa-factors), so
 * nothing about the sign-in is kept in the browser's storage.
 */
import { actionKey, useActionQuery } from '../ui/useActionQuery';
import { signInFactors } from '../../modules/users/users.api';
import type { AuthenticateReply } from '../../modules/users/users.contract';

export type SignInStep = AuthenticateReply['authenticate'];

/** Where the password step leaves the methods: the reply of users/2fa-factors, as if it had been asked. */
export const signInStepKey = actionKey(signInFactors, {});

/** The half-signed-in account's sign-in methods; only asked for while the session is pending. */
export function useSignInStep(enabled: boolean) {
  return useActionQuery(
    signInFactors,
    {},
    { select: (reply) => reply.authenticate, enabled, staleTime: Infinity, retry: false },
  );
}

/** `?p=` is where to go after sign-in: a path on this site only. */
export function returnPath(p: string | null): string {
  return p && p.startsWith('/') && !p.startsWith('//') ? p : '';
}
