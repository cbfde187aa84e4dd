import { describe, expect, it } from 'vitest';
import {
  ANY,
  END,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  UnavailableError,
  WrongExpectedVersionError,
  type AllStreamResolvedEvent,
} from '@eventstore/db-client';
import { WrongExpectedRevisionError } from './event-store.js';
import {
  backwardStartPosition,
  fromClientCurrentRevision,
  fromClientExpectedRevision,
  isStreamNotFound,
  isSystemEvent,
  positionOf,
  startPosition,
  toClientExpectedRevision,
  toClientPosition,
  toClientReadRevision,
  toEventData,
  toPortError,
  toRecordedEvent,
} from './eventstoredb-mapping.js';

const metadata = {
  occurredAt: '2026-11-18T16:00:00.000Z',
  actor: { kind: 'visitor' as const },
  correlationId: 'req-1',
  causationId: 'req-1',
};

function resolvedEvent(overrides: Record<string, unknown> = {}, envelope: Partial<AllStreamResolvedEvent> = {}) {
  return {
    event: {
      streamId: 'reservation-1',
      id: '0b6c8f0e-8f7a-4c7e-9d0a-6a1f1b2c3d4e',
      isJson: true,
      revision: 3n,
      type: 'ReservationRequested',
      created: new Date('2026-11-18T16:00:01.000Z'),
      data: { reservationId: '1', partySize: 4 },
      metadata,
      position: { commit: 1234n, prepare: 1234n },
      ...overrides,
    },
    ...envelope,
  } as unknown as AllStreamResolvedEvent;
}

describe('expected revision → client', () => {
  it('maps the named expectations to the client constants', () => {
    expect(toClientExpectedRevision('any')).toBe(ANY);
    expect(toClientExpectedRevision(undefined)).toBe(ANY);
    expect(toClientExpectedRevision('no_stream')).toBe(NO_STREAM);
    expect(toClientExpectedRevision('stream_exists')).toBe(STREAM_EXISTS);
  });

  it('passes an exact revision through as a bigint', () => {
    expect(toClientExpectedRevision(0n)).toBe(0n);
    expect(toClientExpectedRevision(41n)).toBe(41n);
  });

  it('refuses a negative revision instead of sending it to the server', () => {
    expect(() => toClientExpectedRevision(-1n)).toThrow(RangeError);
  });

  it('maps back from the client', () => {
    expect(fromClientExpectedRevision(ANY)).toBe('any');
    expect(fromClientExpectedRevision(NO_STREAM)).toBe('no_stream');
    expect(fromClientExpectedRevision(STREAM_EXISTS)).toBe('stream_exists');
    expect(fromClientExpectedRevision(7n)).toBe(7n);
    expect(fromClientCurrentRevision(NO_STREAM)).toBe('no_stream');
    expect(fromClientCurrentRevision(undefined)).toBe('no_stream');
    expect(fromClientCurrentRevision(2n)).toBe(2n);
  });
});

describe('positions and revisions → client', () => {
  it('uses the commit position for both halves of a client position', () => {
    expect(toClientPosition(987n)).toEqual({ commit: 987n, prepare: 987n });
  });

  it('starts a forward read at START when there is no position to skip', () => {
    expect(startPosition(undefined)).toBe(START);
    expect(startPosition(0n)).toBe(START);
    expect(startPosition(55n)).toEqual({ commit: 55n, prepare: 55n });
  });

  it('starts a backward read at END unless bounded', () => {
    expect(backwardStartPosition(undefined)).toBe(END);
    expect(backwardStartPosition(12n)).toEqual({ commit: 12n, prepare: 12n });
  });

  it('starts a stream read at START or END by direction, or at the revision given', () => {
    expect(toClientReadRevision(undefined, false)).toBe(START);
    expect(toClientReadRevision(undefined, true)).toBe(END);
    expect(toClientReadRevision(4n, true)).toBe(4n);
  });
});

describe('resolved event → RecordedEvent', () => {
  it('carries id, type, stream, revision, commit position, data, metadata and the recorded time', () => {
    expect(toRecordedEvent(resolvedEvent())).toEqual({
      id: '0b6c8f0e-8f7a-4c7e-9d0a-6a1f1b2c3d4e',
      type: 'ReservationRequested',
      streamId: 'reservation-1',
      revision: 3n,
      position: 1234n,
      data: { reservationId: '1', partySize: 4 },
      metadata,
      recordedAt: '2026-11-18T16:00:01.000Z',
    });
  });

  it('falls back to the envelope commit position when the record has none (servers before 22.6)', () => {
    const resolved = resolvedEvent({ position: undefined }, { commitPosition: 77n });
    expect(positionOf(resolved)).toBe(77n);
    expect(toRecordedEvent(resolved)?.position).toBe(77n);
  });

  it('refuses an event without any position rather than inventing one', () => {
    expect(() => toRecordedEvent(resolvedEvent({ position: undefined }))).toThrow(/no position/);
  });

  it('drops system events, by type or by stream', () => {
    expect(toRecordedEvent(resolvedEvent({ type: '$metadata' }))).toBeNull();
    expect(toRecordedEvent(resolvedEvent({ streamId: '$stats-127.0.0.1:2113', type: 'StatsCollected' }))).toBeNull();
    expect(isSystemEvent({ type: 'DateBlocked', streamId: 'blockedDate-2026-12-25' })).toBe(false);
  });

  it('drops unresolved links and binary payloads', () => {
    expect(toRecordedEvent({ commitPosition: 5n })).toBeNull();
    expect(toRecordedEvent(resolvedEvent({ isJson: false, data: new Uint8Array([1]) }))).toBeNull();
  });
});

describe('NewEvent → client event data', () => {
  it('writes JSON with the given id, type, data and metadata', () => {
    const data = toEventData({ id: '0b6c8f0e-8f7a-4c7e-9d0a-6a1f1b2c3d4e', type: 'DateBlocked', data: { date: '2026-12-25' }, metadata });
    expect(data).toMatchObject({
      id: '0b6c8f0e-8f7a-4c7e-9d0a-6a1f1b2c3d4e',
      contentType: 'application/json',
      type: 'DateBlocked',
      data: { date: '2026-12-25' },
      metadata,
    });
  });

  it('lets the client generate an id when none is given', () => {
    const a = toEventData({ type: 'DateBlocked', data: {}, metadata });
    const b = toEventData({ type: 'DateBlocked', data: {}, metadata });
    expect(a.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.id).not.toBe(b.id);
  });
});

describe('client errors → port errors', () => {
  it('turns WrongExpectedVersionError into the typed conflict with the actual revision', () => {
    const clientError = new WrongExpectedVersionError(undefined, { streamName: 'reservation-1', expected: 0n, current: 2n });
    const mapped = toPortError(clientError, 'reservation-1', 0n);
    expect(mapped).toBeInstanceOf(WrongExpectedRevisionError);
    expect(mapped).toMatchObject({ streamId: 'reservation-1', expected: 0n, actual: 2n, code: 'WRONG_EXPECTED_REVISION' });
  });

  it('reports a missing stream as no_stream and keeps the expectation the caller asked for', () => {
    const clientError = new WrongExpectedVersionError(undefined, {
      streamName: 'reservation-9',
      expected: STREAM_EXISTS,
      current: NO_STREAM,
    });
    expect(toPortError(clientError, 'reservation-9', 'stream_exists')).toMatchObject({
      streamId: 'reservation-9',
      expected: 'stream_exists',
      actual: 'no_stream',
    });
  });

  it('passes other errors through unchanged', () => {
    const unavailable = new UnavailableError();
    expect(toPortError(unavailable, 's', 'any')).toBe(unavailable);
    const plain = new Error('boom');
    expect(toPortError(plain, 's', 'any')).toBe(plain);
  });

  it('recognises a missing stream on read', () => {
    expect(isStreamNotFound(new StreamNotFoundError(undefined, 'reservation-1'))).toBe(true);
    expect(isStreamNotFound(new Error('stream-not-found'))).toBe(false);
    expect(isStreamNotFound(null)).toBe(false);
  });
});
