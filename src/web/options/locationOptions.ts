import { useQuery } from '@tanstack/react-query';
import { callAction } from '../api';
import type { LocationOption } from '../../modules/locations/locations.contract';

export interface LocationOptions {
  locations: LocationOption[];
  defaultCode: string;
  regions: string[];
}

/** Every location for pickers; changes rarely, so it is read once per visit. */
export function useLocationOptions() {
  return useQuery({
    queryKey: ['locations/list-options'],
    queryFn: () => callAction<LocationOptions>('locations/list-options'),
    staleTime: 5 * 60_000,
  });
}

export function locationSelectData(options: LocationOptions | undefined) {
  return (options?.locations ?? []).map((l) => ({
    value: String(l.id),
    label: `${l.name} (${l.code})${l.active ? '' : ' · inactive'}`,
  }));
}
