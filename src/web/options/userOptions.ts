/**
 * Where pickers find users: users/list-options, a page of matches at a time (src/web/ui/RemoteSelect.tsx).
 * Users are the platform's kernel: any module's screen picks them from here.
 */
import type { OptionSource } from '../ui/RemoteSelect';
import { loadUsers, userOptions, type UserOption } from '../../modules/users/users.contract';

/** Active users by name, username or email; labelled with their location when it is known. */
export function userSource(
  locationName: (locationId: number) => string | undefined,
): OptionSource<UserOption, typeof userOptions> {
  return {
    action: userOptions,
    rows: (reply) => reply.users,
    toOption: (user) => {
      const where = user.locationId ? locationName(user.locationId) : undefined;
      return { value: String(user.id), label: where ? `${user.name} · ${where}` : user.name };
    },
    reloadWith: loadUsers,
  };
}
