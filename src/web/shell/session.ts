import { useQuery } from '@tanstack/react-query';
import { sessionQuery } from '../queryClient';
import { allows, type Access } from '../../shared/permissions';
import type { SessionReply } from '../../shared/session';

export { allows, type Access };

export function useSession() {
  return useQuery(sessionQuery);
}

/** The signed-in session; only for components under the shell, which waits for it. */
export function useSignedIn(): SessionReply & { user: NonNullable<SessionReply['user']> } {
  const { data } = useSession();
  if (!data?.signedIn || !data.user) throw new Error('useSignedIn outside the signed-in shell');
  return data as SessionReply & { user: NonNullable<SessionReply['user']> };
}

export function useCan(access: Access): boolean {
  const { data } = useSession();
  return allows(data?.flags ?? [], access);
}
