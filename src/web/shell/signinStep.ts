/**
 * What the password step told the two-factor step: the account's sign-in methods. The password
 * step's reply fills the cache; a reload of /2fa asks the server again (users/2fa-factors), so
 * nothing about the sign-in is kept in the browser's storage.
 */
import { useQuery } from '@tanstack/react-query';
import { callAction } from '../api';
import { signInFactors } from '../../modules/users/signin';
import type { AuthenticateReply } from '../../modules/users/users.contract';

export type SignInStep = AuthenticateReply['authenticate'];

export const signInStepKey = [signInFactors.path] as const;

/** The half-signed-in account's sign-in methods; only asked for while the session is pending. */
export function useSignInStep(enabled: boolean) {
  return useQuery({
    queryKey: signInStepKey,
    queryFn: async () => (await callAction(signInFactors)).authenticate,
    enabled,
    staleTime: Infinity,
    retry: false,
  });
}

/** `?p=` is where to go after sign-in: a path on this site only. */
export function returnPath(p: string | null): string {
  return p && p.startsWith('/') && !p.startsWith('//') ? p : '';
}
