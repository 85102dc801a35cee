/**
 * What the password step told the two-factor step: the account's sign-in methods. Kept for the tab
 * (sessionStorage) so a reload of /2fa still knows them; the factor targets are already masked.
 */
import type { AuthenticateReply } from '../../modules/users/users.contract';

const key = 'forecourt.signin';
export type SignInStep = AuthenticateReply['authenticate'];

export function saveSignInStep(step: SignInStep) {
  sessionStorage.setItem(key, JSON.stringify(step));
}

export function loadSignInStep(): SignInStep | null {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as SignInStep) : null;
  } catch {
    return null;
  }
}

export function clearSignInStep() {
  sessionStorage.removeItem(key);
}

/** `?p=` is where to go after sign-in: a path on this site only. */
export function returnPath(p: string | null): string {
  return p && p.startsWith('/') && !p.startsWith('//') ? p : '';
}
