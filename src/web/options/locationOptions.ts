import { useActionQuery } from '../ui/useActionQuery';
import { locationOptions, type LocationOptions } from '../../modules/locations/locations.contract';

/** Every location within reach for pickers; changes rarely, so it is read once per visit (a saved location reloads it). */
export function useLocationOptions() {
  return useActionQuery(locationOptions, {}, { staleTime: 5 * 60_000 });
}

export function locationSelectData(options: LocationOptions | undefined) {
  return (options?.locations ?? []).map((l) => ({
    value: String(l.id),
    label: `${l.name} (${l.code})${l.active ? '' : ' · inactive'}`,
  }));
}
