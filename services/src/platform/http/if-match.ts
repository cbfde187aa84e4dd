import type { FastifyReply, FastifyRequest } from 'fastify';
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';
import type { EventStore } from '../event-store/event-store.js';

/**
 * Optimistic concurrency over HTTP. A versioned record (a reservation, a party booking) carries
 * `version`, its stream revision; a client that sends it back as If-Match gets 409 when someone else
 * changed the record meanwhile. Accepted forms: "3", W/"3" and 3. Absent or '*' means "whatever the current version is".
 */
export function parseIfMatch(request: FastifyRequest): number | undefined {
  const header = request.headers['if-match'];
  if (header === undefined) return undefined;
  const value = (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
  if (value === '' || value === '*') return undefined;
  const match = /^(?:W\/)?"?(\d{1,9})"?$/.exec(value);
  if (!match) throw new ValidationError('If-Match must be the version you saw, for example "3"');
  return Number(match[1]);
}

export const etagOf = (version: number) => `"${version}"`;

export function sendVersion(reply: FastifyReply, version: number): void {
  void reply.header('etag', etagOf(version));
}

/**
 * A stale If-Match on a record that does not exist at all is a 404, not a 409: the version check
 * runs before the decider could say "not found", so look again on the failure path only.
 */
export async function notFoundOverConflict<T>(
  eventStore: EventStore,
  streamId: string,
  expectedVersion: number | undefined,
  notFoundMessage: string,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (
      error instanceof ConflictError &&
      expectedVersion !== undefined &&
      (await eventStore.readStream(streamId, { maxCount: 1 })).length === 0
    ) {
      throw new NotFoundError(notFoundMessage);
    }
    throw error;
  }
}
