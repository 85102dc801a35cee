/**
 * Where the phone screens' pickers find their choices: lines from phones/list-options and users
 * from users/list-options, a page of matches at a time (src/web/ui/RemoteSelect.tsx).
 */
import type { OptionSource } from '../../web/ui/RemoteSelect';
import type { UserOption } from '../users/users.contract';
import type { PhoneLineOption } from './phones.contract';

export const lineLabel = (line: Pick<PhoneLineOption, 'description' | 'phoneNumberFormatted' | 'active'>) =>
  `${line.description} · ${line.phoneNumberFormatted}${line.active ? '' : ' · inactive'}`;

/** Lines, optionally narrowed (`{ active: '1' }`, a location); the value is the line's id. */
export function lineSource(params: Record<string, unknown> = {}, options: Partial<OptionSource<PhoneLineOption>> = {}): OptionSource<PhoneLineOption> {
  return {
    action: 'phones/list-options',
    rowsKey: 'phones',
    params,
    toOption: (line) => ({ value: String(line.phoneId), label: lineLabel(line) }),
    reloadWith: 'phones/load-phones',
    ...options,
  };
}

/** Active users by name, username or email; labelled with their location when it is known. */
export function userSource(locationName: (locationId: number) => string | undefined): OptionSource<UserOption> {
  return {
    action: 'users/list-options',
    rowsKey: 'users',
    toOption: (user) => {
      const where = user.locationId ? locationName(user.locationId) : undefined;
      return { value: String(user.id), label: where ? `${user.name} · ${where}` : user.name };
    },
    reloadWith: 'users/load-users',
  };
}
