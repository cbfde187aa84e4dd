import { FULLY_BOOKED_CODE, STALE_VERSION_CODE, changedSchema } from '@cafe/contracts';
import type { z } from 'zod';
import { apiFetch, ApiError } from './api-client';

export type Changed = z.output<typeof changedSchema>;

/**
 * A change to a versioned booking, sent with If-Match at the version the admin saw: the server
 * answers 409 instead of silently overwriting someone else's change.
 */
export async function sendVersioned<T = Changed>(method: 'PATCH' | 'DELETE', path: string, version: number, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', 'if-match': `"${version}"` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await apiFetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * True when the server refused a change because the booking moved on since the dialog opened; not for
 * the other 409s (a closed date, a full slot), which say what is wrong and reload nothing.
 */
export const isConflict = (error: unknown): boolean => codeOf409(error) === STALE_VERSION_CODE;

/** True when the server refused a booking because the slot has no seats left for it (staff may override). */
export const isFullyBooked = (error: unknown): boolean => codeOf409(error) === FULLY_BOOKED_CODE;

function codeOf409(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  try {
    return (JSON.parse(error.body) as { code?: unknown }).code;
  } catch {
    return undefined;
  }
}

/** A staff booking request that books past the seat capacity on purpose (after the dashboard's warning). */
export const withCapacityOverride = (path: string, override: boolean | undefined) => (override ? `${path}?override=capacity` : path);
