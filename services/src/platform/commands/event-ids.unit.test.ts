import { describe, expect, it } from 'vitest';
import { eventIdsFor, timeOrderedId } from './event-ids.js';

const events = [
  { type: 'SeatsReserved', data: { date: '2026-12-19', seats: 4 } },
  { type: 'ReservationRequested', data: { reservationId: 'r1', name: 'Ada' } },
];

describe('event ids', () => {
  it('given a command id of UUID version 7, gives time-ordered ids carrying its millisecond, the same again for the same decision', () => {
    const command = '0193a0c2-3b40-7abc-8def-0123456789ab';
    const ids = eventIdsFor(command, 'reservation-r1', 'no_stream', events);
    for (const id of ids) expect(id).toMatch(/^0193a0c2-3b40-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(2);
    expect(eventIdsFor(command, 'reservation-r1', 'no_stream', events)).toEqual(ids);
    // Another revision, stream or command: other ids.
    expect(eventIdsFor(command, 'reservation-r1', '0', events)[0]).not.toBe(ids[0]);
    expect(eventIdsFor(command, 'reservation-r2', 'no_stream', events)[0]).not.toBe(ids[0]);
    // A later command sorts after: its events land at the end of the log's id index.
    const later = eventIdsFor('0193a0c2-3b41-7000-8000-000000000000', 'reservation-r1', 'no_stream', events);
    expect(later[0]! > ids[0]!).toBe(true);
  });

  it('gives the ids it always gave: a command retried across a release finds its events stored', () => {
    expect(eventIdsFor('0193a0c2-3b40-7abc-8def-0123456789ab', 'reservation-r1', 'no_stream', events)).toEqual([
      '0193a0c2-3b40-726e-9e2d-6bf98f7e6510',
      '0193a0c2-3b40-726e-9e2d-6bf98f7e6511',
    ]);
    expect(eventIdsFor('reservation:my-own-key', 'reservation-r1', 'no_stream', events)).toEqual([
      'f7275a71-658d-8eb6-870f-a25c20727ba7',
      'f7275a71-658d-8eb6-870f-a25c20727ba8',
    ]);
    expect(eventIdsFor('0193A0C2-3B40-7ABC-8DEF-0123456789AB', 'reservation-r1', 'no_stream', events)[0]).toMatch(
      /^0193a0c2-3b40-7[0-9a-f]{3}-/,
    );
  });

  it('given any other command id (a client chose the key), gives hashed ids of version 8', () => {
    const ids = eventIdsFor('reservation:my-own-key', 'reservation-r1', 'no_stream', events);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('leaves personal fields out of the hash: the same ids whatever the name', () => {
    const command = '0193a0c2-3b40-7abc-8def-0123456789ab';
    const other = [events[0]!, { type: 'ReservationRequested', data: { reservationId: 'r1', name: 'Grace' } }];
    const personal = eventIdsFor(command, 'reservation-r1', 'no_stream', events);
    expect(eventIdsFor(command, 'reservation-r1', 'no_stream', other)[0]).toBe(personal[0]);
  });

  it('makes new time-ordered ids: UUID version 7 with the millisecond first, a later one sorting after', () => {
    const id = timeOrderedId(Date.parse('2026-12-06T18:00:00.000Z'));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(id.replace(/-/g, '').slice(0, 12)).toBe(Date.parse('2026-12-06T18:00:00.000Z').toString(16).padStart(12, '0'));
    expect(timeOrderedId(Date.parse('2026-12-06T18:00:00.001Z')) > id).toBe(true);
    expect(timeOrderedId()).not.toBe(timeOrderedId());
  });
});
