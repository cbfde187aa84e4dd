import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HostOpenTable, JoinAnswer, OpenTableInput } from '@cafe/contracts';
import { ApiError, getJson, sendJson } from '../../../lib/api-client';

const hostPath = (token: string) => `/api/open-tables/host/${encodeURIComponent(token)}`;
export const hostTableKey = (token: string) => ['open-table-host', token] as const;

/** The host's reservation and table, through the signed link of their booking's e-mails. */
export const hostTableQueryOptions = (token: string) =>
  queryOptions({
    queryKey: hostTableKey(token),
    queryFn: () => getJson<HostOpenTable>(hostPath(token)),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    refetchOnWindowFocus: true,
  });

export const useHostTable = (token: string) => useQuery(hostTableQueryOptions(token));

type Callbacks = { onSuccess?: () => void; onError?: (error: Error) => void };

function useHostMutation<V>(token: string, send: (value: V) => Promise<unknown>, options: Callbacks) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => options.onSuccess?.(),
    onError: options.onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: hostTableKey(token) }),
  });
}

export const useOpenTable = (token: string, options: Callbacks = {}) =>
  useHostMutation(token, (input: OpenTableInput) => sendJson('PUT', hostPath(token), input), options);

export const useCloseTable = (token: string, options: Callbacks = {}) =>
  useHostMutation(token, () => sendJson('DELETE', hostPath(token)), options);

export const useAnswerJoin = (token: string, options: Callbacks = {}) =>
  useHostMutation(
    token,
    ({ requestId, answer }: { requestId: string; answer: JoinAnswer }) =>
      sendJson('POST', `${hostPath(token)}/requests/${encodeURIComponent(requestId)}`, { answer }),
    options,
  );
