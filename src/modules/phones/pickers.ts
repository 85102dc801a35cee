/**
 * Where the phone screens' pickers find their choices: lines from phones/list-options and users
 * from users/list-options, a page of matches at a time (src/web/ui/RemoteSelect.tsx).
 */
import type { OptionSource } from '../../web/ui/RemoteSelect';
import { loadUsers, userOptions, type UserOption } from '../users/users.contract';
import { loadPhones, phoneOptions, type PhoneLineOption } from './phones.contract';

export const lineLabel = (line: Pick<PhoneLineOption, 'description' | 'phoneNumberFormatted' | 'active'>) =>
  `${line.description} · ${line.phoneNumberFormatted}${line.active ? '' : ' · inactive'}`;

/** Lines, optionally narrowed (`{ active: '1' }`, a location); the value is the line's id. */
export function lineSource(params: Record<string, unknown> = {}, options: Partial<Omit<OptionSource<PhoneLineOption>, 'action' | 'rows'>> = {}): OptionSource<PhoneLineOption, typeof phoneOptions> {
  return {
    action: phoneOptions,
    rows: (reply) => reply.phones,
    params,
    toOption: (line) => ({ value: String(line.phoneId), label: lineLabel(line) }),
    reloadWith: loadPhones,
    ...options,
  };
}

/** Active users by name, username or email; labelled with their location when it is known. */
export function userSource(locationName: (locationId: number) => string | undefined): OptionSource<UserOption, typeof userOptions> {
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
