import { useQuery } from '@tanstack/react-query';
import { callAction } from '../api';
import { useCan } from '../shell/session';
import type { ListReply } from '../ui/usePagedList';
import { listKey } from '../ui/usePagedList';
import type { JobCodeRecord } from '../../modules/access/access.contract';

/**
 * Job codes for pickers. The list is an access-admin action, so a user admin without that flag gets
 * no options (`available` is false) and types the code instead; the server checks it exists.
 */
export function useJobCodeOptions() {
  const available = useCan('accessAdmin');
  const query = useQuery({
    queryKey: [...listKey('sandbox-access/load-access-list'), 'options'],
    queryFn: () => callAction<ListReply<JobCodeRecord>>('sandbox-access/load-access-list', { limit: 500 }),
    enabled: available,
    staleTime: 5 * 60_000,
  });
  const data = (query.data?.rows ?? []).map((r) => ({ value: r.jobCode, label: `${r.jobCode} · ${r.longName}` }));
  return { available, data, jobCodes: query.data?.rows ?? [] };
}
