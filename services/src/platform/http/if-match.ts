import type { FastifyReply, FastifyRequest } from 'fastify';
import { ValidationError } from '../errors.js';

/**
 * Optimistic concurrency over HTTP. A versioned record (a reservation, a party booking) carries
 * `version`, its stream revision; a client that sends it back as If-Match gets 409 when someone else
 * changed the record meanwhile. Accepted forms: "3", W/"3" and 3. Absent or '*' means "whatever the current version is".
 */
export function parseIfMatch(request: FastifyRequest): number | undefined {
  const header: unknown = request.headers['if-match'];
  if (header === undefined) return undefined;
  const value = String(Array.isArray(header) ? header[0] : header).trim();
  if (value === '' || value === '*') return undefined;
  const match = /^(?:W\/)?"?(\d{1,9})"?$/.exec(value);
  if (!match) throw new ValidationError('If-Match must be the version you saw, for example "3"');
  return Number(match[1]);
}

export const etagOf = (version: number) => `"${version}"`;

export function sendVersion(reply: FastifyReply, version: number): void {
  void reply.header('etag', etagOf(version));
}
