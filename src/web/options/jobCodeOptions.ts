import { useQuery } from '@tanstack/react-query';
import { callAction } from '../api';
import { listKey } from '../ui/usePagedList';
import { jobCodeOptions, loadAccessList } from '../../modules/access/access.contract';

/**
 * Job codes for pickers, from `sandbox-access/list-options`, which any signed-in user may read: a
 * user admin without access admin still picks from the list. The key sits under the access list's,
 * so adding, editing or deleting a job code refreshes the pickers too.
 */
export function useJobCodeOptions() {
  const query = useQuery({
    queryKey: [...listKey(loadAccessList.path), 'options'],
    queryFn: () => callAction(jobCodeOptions),
    staleTime: 5 * 60_000,
  });
  const jobCodes = query.data?.jobCodes ?? [];
  return { data: jobCodes.map((r) => ({ value: r.jobCode, label: `${r.jobCode} · ${r.longName}` })), jobCodes };
}
