import { useQuery } from '@tanstack/react-query';
import { callAction } from '../api';
import { locationOptions, type LocationOptions } from '../../modules/locations/locations.contract';

/** The pickers' query key: a saved location refreshes them. */
export const locationOptionsKey = [locationOptions.path];

/** Every location within reach for pickers; changes rarely, so it is read once per visit. */
export function useLocationOptions() {
  return useQuery({
    queryKey: locationOptionsKey,
    queryFn: () => callAction(locationOptions),
    staleTime: 5 * 60_000,
  });
}

export function locationSelectData(options: LocationOptions | undefined) {
  return (options?.locations ?? []).map((l) => ({
    value: String(l.id),
    label: `${l.name} (${l.code})${l.active ? '' : ' · inactive'}`,
  }));
}
