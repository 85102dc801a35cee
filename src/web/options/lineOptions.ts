/**
 * Where pickers find the group's lines (the phone screens, the Outbox's simulations): phones/list-options,
 * a page of matches at a time (src/web/ui/RemoteSelect.tsx). Users come from userOptions.ts.
 */
import type { OptionSource } from '../ui/RemoteSelect';
import { loadPhones, phoneOptions, type PhoneLineOption } from '../../modules/phones/phones.contract';

export const lineLabel = (line: Pick<PhoneLineOption, 'description' | 'phoneNumberFormatted' | 'active'>) =>
  `${line.description} · ${line.phoneNumberFormatted}${line.active ? '' : ' · inactive'}`;

/** Lines, optionally narrowed (`{ active: '1' }`, a location); the value is the line's id. */
export function lineSource(
  params: Record<string, unknown> = {},
  options: Partial<Omit<OptionSource<PhoneLineOption>, 'action' | 'rows'>> = {},
): OptionSource<PhoneLineOption, typeof phoneOptions> {
  return {
    action: phoneOptions,
    rows: (reply) => reply.phones,
    params,
    toOption: (line) => ({ value: String(line.phoneId), label: lineLabel(line) }),
    reloadWith: loadPhones,
    ...options,
  };
}
