import { useActionQuery } from '../ui/useActionQuery';
import { jobCodeOptions } from '../../modules/access/access.contract';

/**
 * Job codes for pickers, from `sandbox-access/list-options`, which any signed-in user may read: a
 * user admin without access admin still picks from the list. The access screen's changes reload it
 * by name (`reload: [loadAccessList, jobCodeOptions]`).
 */
export function useJobCodeOptions() {
  const query = useActionQuery(jobCodeOptions, {}, { staleTime: 5 * 60_000 });
  const jobCodes = query.data?.jobCodes ?? [];
  return { data: jobCodes.map((r) => ({ value: r.jobCode, label: `${r.jobCode} · ${r.longName}` })), jobCodes };
}
