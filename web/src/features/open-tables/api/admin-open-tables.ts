import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminOpenTables, JoinAnswer } from '@cafe/contracts';
import { getJson, sendJson } from '../../../lib/api-client';

const adminKey = (date: string) => ['admin-open-tables', date] as const;

/** Staff: a date's open tables with every request (name, e-mail, size, answer). */
export const adminOpenTablesQueryOptions = (date: string) =>
  queryOptions({
    queryKey: adminKey(date),
    queryFn: () => getJson<AdminOpenTables>(`/api/admin/open-tables?date=${encodeURIComponent(date)}`),
    enabled: date !== '',
  });

export const useAdminOpenTables = (date: string) => useQuery(adminOpenTablesQueryOptions(date));

type Callbacks = { onSuccess?: () => void; onError?: (error: Error) => void };

/** Staff accept or decline a request on a table. */
export const useAdminAnswerJoin = (date: string, options: Callbacks = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tableId, requestId, answer }: { tableId: string; requestId: string; answer: JoinAnswer }) =>
      sendJson('POST', `/api/admin/open-tables/${encodeURIComponent(tableId)}/requests/${encodeURIComponent(requestId)}`, { answer }),
    onSuccess: () => options.onSuccess?.(),
    onError: options.onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKey(date) }),
  });
};
