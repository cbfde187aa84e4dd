import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthUser, WhitelistAdd, WhitelistEntry } from '@cafe/contracts';
import { getJson, sendJson } from '../../../lib/api-client';
import { useContentMutation } from '../../../lib/use-content-mutation';
import { adminStatusQueryOptions } from '../../../lib/auth';

/** GET /api/admin/whitelist: the e-mails allowed into the dashboard. */
export const getWhitelist = () => getJson<WhitelistEntry[]>('/api/admin/whitelist');
export const whitelistQueryOptions = () => queryOptions({ queryKey: ['/api/admin/whitelist'], queryFn: getWhitelist });
export const useWhitelist = () => useQuery(whitelistQueryOptions());

/** GET /api/auth/user: who is signed in, so removing your own address can warn first. */
export const getCurrentUser = () => getJson<AuthUser>('/api/auth/user');
export const currentUserQueryOptions = () => queryOptions({ queryKey: ['/api/auth/user'], queryFn: getCurrentUser });
export const useCurrentUser = () => useQuery(currentUserQueryOptions());

export const addAdminEmail = (input: WhitelistAdd) => sendJson<WhitelistEntry>('POST', '/api/admin/whitelist', input);
/** The e-mail, URL-encoded, names the entry (not its id). */
export const removeAdminEmail = (email: string) =>
  sendJson<{ message: string }>('DELETE', `/api/admin/whitelist/${encodeURIComponent(email)}`);

type Done = { onSuccess?: () => void };

export const useAddAdminEmail = ({ onSuccess }: Done = {}) =>
  useContentMutation({
    mutationFn: addAdminEmail,
    invalidates: [whitelistQueryOptions().queryKey],
    success: 'Email added',
    successDescription: (entry) => `${entry.email} was added to the admin whitelist.`,
    failure: 'Failed to add email',
    failureFallback: 'An error occurred while adding the email',
    onSuccess,
  });

// Removing your own address ends your access: the admin check is asked again, and the dashboard follows.
export const useRemoveAdminEmail = ({ onSuccess, onError }: Done & { onError?: () => void } = {}) =>
  useContentMutation({
    mutationFn: removeAdminEmail,
    invalidates: [whitelistQueryOptions().queryKey, adminStatusQueryOptions().queryKey],
    success: 'Email removed',
    successDescription: (_r, email) => `${email} was removed from the admin whitelist.`,
    failure: 'Failed to remove email',
    failureFallback: 'An error occurred while removing the email',
    onSuccess,
    onError,
  });
