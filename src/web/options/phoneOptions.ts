import { useQuery } from '@tanstack/react-query';
import { callAction } from '../api';
import { useCan } from '../shell/session';
import { listKey, type ListReply } from '../ui/usePagedList';
import { formatPhone } from '../../shared/format';
import type { PhoneType } from '../../modules/phones/phones.contract';

export interface PhoneOption {
  phoneId: number; description: string; phoneNumber: string; locationId: number; locationName: string;
  phoneType: PhoneType; outbound: boolean; active: boolean;
}

/**
 * The group's lines for pickers (a few per location, so one page holds them all). The key sits under
 * the phone list's, so adding, saving or deleting a phone refreshes the pickers too.
 */
export function usePhoneOptions() {
  const allowed = useCan('phoneLookup');
  return useQuery({
    queryKey: [...listKey('phones/load-phones'), 'options'],
    queryFn: async () => (await callAction<ListReply<PhoneOption>>('phones/load-phones', { limit: 500, view: 'rows' })).rows,
    enabled: allowed,
    staleTime: 5 * 60_000,
  });
}

export const phoneLabel = (p: Pick<PhoneOption, 'description' | 'phoneNumber'>) => `${p.description} · ${formatPhone(p.phoneNumber)}`;

/** Select options of the lines, optionally of one location only. */
export function phoneSelectData(phones: PhoneOption[] | undefined, keep: (p: PhoneOption) => boolean = () => true) {
  return (phones ?? []).filter(keep).map((p) => ({ value: String(p.phoneId), label: `${phoneLabel(p)}${p.active ? '' : ' · inactive'}` }));
}
