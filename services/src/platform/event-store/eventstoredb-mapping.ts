import {
  ANY,
  END,
  ErrorType,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type CurrentRevision,
  type EventData,
  type JSONType,
  type Position as ClientPosition,
  type ReadPosition,
  type ReadRevision,
  type ResolvedEvent,
} from '@eventstore/db-client';
import type { EventMetadata } from '@cafe/contracts';
import { WrongExpectedRevisionError, type ExpectedRevision, type NewEvent, type Position, type RecordedEvent } from './event-store.js';

/**
 * Pure translations between the EventStore port and @eventstore/db-client, kept apart from the
 * adapter so they are unit-tested without a server.
 *
 * Positions: the port's Position is EventStoreDB's commit position. For events written by the gRPC
 * API (no legacy transactions) the prepare position equals the commit position, so a port position
 * maps back to `{ commit: p, prepare: p }`.
 */

export function toClientExpectedRevision(expected: ExpectedRevision | undefined): AppendExpectedRevision {
  switch (expected) {
    case undefined:
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      if (typeof expected !== 'bigint' || expected < 0n) throw new RangeError(`Invalid expected revision: ${String(expected)}`);
      return expected;
  }
}

export function fromClientExpectedRevision(expected: AppendExpectedRevision): ExpectedRevision {
  switch (expected) {
    case ANY:
      return 'any';
    case NO_STREAM:
      return 'no_stream';
    case STREAM_EXISTS:
      return 'stream_exists';
    default:
      return BigInt(expected);
  }
}

export function fromClientCurrentRevision(current: CurrentRevision | undefined): bigint | 'no_stream' {
  if (current === undefined || current === NO_STREAM) return 'no_stream';
  return BigInt(current);
}

export function toClientPosition(position: Position): ClientPosition {
  return { commit: position, prepare: position };
}

/** Where a forward read or subscription starts for an exclusive `after` (the event AT `after` is skipped by the caller). */
export function startPosition(after: Position | undefined): ReadPosition {
  return after === undefined || after <= 0n ? START : toClientPosition(after);
}

/** Where a backward read starts: from the end, or from `before` (exclusive, skipped by the caller). */
export function backwardStartPosition(before: Position | undefined): ReadPosition {
  return before === undefined ? END : toClientPosition(before);
}

export function toClientReadRevision(revision: bigint | undefined, backwards: boolean): ReadRevision {
  if (revision === undefined) return backwards ? END : START;
  return revision;
}

/** `$`-prefixed types and streams belong to the server ($epoch-information, $stats-…, $metadata…). */
export function isSystemEvent(event: { type: string; streamId: string }): boolean {
  return event.type.startsWith('$') || event.streamId.startsWith('$');
}

export function toEventData(event: NewEvent): EventData {
  return jsonEvent({
    ...(event.id ? { id: event.id } : {}),
    type: event.type,
    // The port allows any JSON value; the client's type only names the usual ones.
    data: event.data as JSONType,
    metadata: event.metadata as unknown as JSONType,
  });
}

/** The commit position of a resolved event: on the record (server ≥ 22.6) or on the envelope. */
export function positionOf(resolved: ResolvedEvent | AllStreamResolvedEvent): Position | undefined {
  const record = resolved.event;
  if (record?.position) return record.position.commit;
  return resolved.commitPosition;
}

/**
 * A resolved event as the port sees it, or null for what the port does not carry: link events that
 * were not resolved, system events, and non-JSON payloads written by other tools.
 */
export function toRecordedEvent(resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent | null {
  const record = resolved.event;
  if (!record || isSystemEvent(record) || !record.isJson) return null;
  const position = positionOf(resolved);
  if (position === undefined) throw new Error(`Event ${record.id} in ${record.streamId} carries no position`);
  return {
    id: record.id,
    type: record.type,
    streamId: record.streamId,
    revision: record.revision,
    position,
    data: record.data,
    metadata: (record.metadata ?? {}) as unknown as EventMetadata,
    recordedAt: record.created.toISOString(),
  };
}

/**
 * Turns the client's errors into the port's: a WrongExpectedVersionError becomes the typed conflict
 * (keeping the revision the caller asked for, which the server echoes less precisely). Anything else
 * passes through unchanged.
 */
export function toPortError(error: unknown, streamId: string, expected: ExpectedRevision): unknown {
  if (isClientError(error, ErrorType.WRONG_EXPECTED_VERSION)) {
    const details = error as { actualVersion?: CurrentRevision; streamName?: string };
    return new WrongExpectedRevisionError(details.streamName || streamId, expected, fromClientCurrentRevision(details.actualVersion));
  }
  return error;
}

export function isStreamNotFound(error: unknown): boolean {
  return isClientError(error, ErrorType.STREAM_NOT_FOUND);
}

function isClientError(error: unknown, type: ErrorType): boolean {
  return typeof error === 'object' && error !== null && (error as { type?: unknown }).type === type;
}

/** `scheme://user:password@host` → `scheme://***@host`, in a message and a stack. */
const CREDENTIALS_IN_URL = /([a-z][a-z0-9+.-]*:\/\/)[^\s/@]+@/gi;

/**
 * The error as it may be logged: the client's connection and discovery errors quote the connection
 * string, user and password included.
 */
export function redactCredentials(error: unknown): unknown {
  if (!(error instanceof Error)) return typeof error === 'string' ? error.replace(CREDENTIALS_IN_URL, '$1***@') : error;
  error.message = error.message.replace(CREDENTIALS_IN_URL, '$1***@');
  if (error.stack) error.stack = error.stack.replace(CREDENTIALS_IN_URL, '$1***@');
  return error;
}
