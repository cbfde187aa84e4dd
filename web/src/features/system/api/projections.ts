import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { REBUILD_STARTED, type RebuildRequest, type RebuildRun, type SystemProjections } from '@cafe/contracts';
import { getJson, sendJson } from '../../../lib/api-client';
import { useContentMutation } from '../../../lib/use-content-mutation';

/** GET /api/admin/system/projections: each read model's checkpoint, head, lag, documents and last rebuild. */
export const getProjections = () => getJson<SystemProjections>('/api/admin/system/projections');

const busy = (data: SystemProjections | undefined) =>
  !!data &&
  (data.projections.some((p) => p.rebuilding || p.lag > 0) || data.lastRun?.status === 'running' || data.lastRun?.status === 'requested');

// Every second while a rebuild runs or a read model lags, so the operator watches it catch up; else every 10 s.
export const projectionsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/system/projections'],
    queryFn: getProjections,
    refetchInterval: (query) => (busy(query.state.data) ? 1000 : 10_000),
  });
export const useProjections = () => useQuery(projectionsQueryOptions());

/** POST /api/admin/system/projections/rebuild: 202, the rebuild runs on while the old read models answer. */
export const rebuildProjections = (input: RebuildRequest) => sendJson<RebuildRun>('POST', '/api/admin/system/projections/rebuild', input);

export const useRebuildProjections = ({ onSuccess }: { onSuccess?: () => void } = {}) => {
  const queryClient = useQueryClient();
  const key = projectionsQueryOptions().queryKey;
  return useContentMutation({
    mutationFn: rebuildProjections,
    invalidates: [key],
    // "Started" is announced after the list is read again; a quick rebuild has ended by then, and its
    // "finished" (or "failed") notice must not be replaced by a late "started".
    success: (run) => {
      const last = queryClient.getQueryData<SystemProjections>(key)?.lastRun;
      return last?.id === run.id && (last.status === 'done' || last.status === 'failed') ? null : 'Rebuild started';
    },
    successDescription: () => REBUILD_STARTED,
    failure: 'Rebuild not started',
    failureFallback: 'The rebuild could not be started',
    onSuccess,
  });
};
