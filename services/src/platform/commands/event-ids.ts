import { hash, randomUUID } from 'node:crypto';
import { PERSONAL_DATA_EVENTS } from '@cafe/contracts';

/**
 * Ids for the events a command appends to a stream at a revision, derived from the command (its
 * Idempotency-Key, or the request's correlation id), the stream, the revision and what the events say:
 * the same command retried (a timed-out append, a repeated request) gives the same ids, which the store
 * answers with the original result instead of storing the events twice; two different decisions never
 * share ids, even within one request. Personal fields stay out of the hash, so an id says nothing about
 * a guest once their key is gone. Formatted as UUIDs (RFC 9562), as EventStoreDB requires.
 *
 * A command whose id begins with a UUID version 7 (a request's correlation id, a mail's attempt) gives
 * version 7 ids carrying that id's millisecond: consecutive events' ids, and the streams named after them
 * (`notification-<event id>`), land at the end of the log's indexes instead of on a random page of each
 * (an insert into the embedded log cost 37 µs of CPU at random against 10 in order, a table of 200,000 events).
 * Any other command id (an Idempotency-Key a client chose) gives version 8 ids, all from the hash.
 */
export function eventIdsFor(
  commandId: string,
  streamId: string,
  expected: string,
  events: readonly { type: string; data: unknown }[],
): string[] {
  // One string hashed at once (a Hash object and its updates cost more than the SHA-256 itself).
  let text = `${commandId}\u0000${streamId}\u0000${expected}`;
  for (const event of events) text += `\u0000${event.type}\u0000${JSON.stringify(withoutPersonalFields(event))}`;
  const hex = hash('sha256', text);
  // The UUID's 16 bytes as hex: the first 6 the command's millisecond (version 7) or the hash's, then the
  // version nibble, the variant bits over byte 8, and the event's index added to the last two bytes.
  const timed = V7.test(commandId);
  const first = timed ? (commandId.slice(0, 8) + commandId.slice(9, 13)).toLowerCase() : hex.slice(0, 12);
  const version = `${timed ? '7' : '8'}${hex.slice(13, 16)}`;
  const variant = ((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16) + hex.slice(18, 20);
  const middle = hex.slice(20, 28);
  const last = parseInt(hex.slice(28, 32), 16);
  return events.map(
    (_, index) =>
      `${first.slice(0, 8)}-${first.slice(8, 12)}-${version}-${variant}-${middle}${((last + index) & 0xffff).toString(16).padStart(4, '0')}`,
  );
}

/**
 * A new UUID version 7 (the millisecond, then random bits): randomUUID's pooled random bytes with the time
 * written over its first 48 bits and the version set to 7. The uuid package's v7 drew 16 fresh random bytes
 * per call, 2 µs against 0.13: a tenth of the CPU of a health check, since every request gets one.
 */
export function timeOrderedId(now: number = Date.now()): string {
  const random = randomUUID();
  const time = now.toString(16).padStart(12, '0');
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${random.slice(15)}`;
}

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/i;

/**
 * The event's data without its personal fields, in the data's own key order (the ids of events already
 * stored depend on it). Copied field by field rather than copied whole and then deleted from: a delete
 * turns the copy into a dictionary, which JSON.stringify walks at about half the speed.
 */
function withoutPersonalFields(event: { type: string; data: unknown }): unknown {
  const spec = PERSONAL_DATA_EVENTS[event.type];
  if (!spec || typeof event.data !== 'object' || event.data === null) return event.data;
  const data = event.data as Record<string, unknown>;
  const rest: Record<string, unknown> = {};
  for (const key in data) {
    if (Object.hasOwn(data, key) && !spec.fields.includes(key)) rest[key] = data[key];
  }
  return rest;
}
