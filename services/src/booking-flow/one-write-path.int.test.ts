import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CommandContext } from '../platform/commands/command-types.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { partyBody, reservationBody } from '../../test/booking-test-kit.js';
import { reservationDecider, cancelReservation, changeReservation, requestReservation } from '../reservations/index.js';
import { partyBookingDecider, decidePartyBooking, requestPartyBooking } from '../party-bookings/index.js';
import { seatingDecider } from '../cafe-day/index.js';

/**
 * The one write path, counted: what a command reads from the event store, how often each decider runs
 * and how many appends it makes. Commands run on a runtime whose event store counts; the rest of the app
 * (the e-mail reactor, projections) reads the real one, so only the command's own work is counted.
 */
let t: TestApp;
const context: CommandContext = { actor: { kind: 'system', name: 'test' }, correlationId: 'one-path', causationId: 'one-path' };

interface Counts {
  reads: Map<string, number>;
  appends: number;
}

function counting(store: EventStore): { store: EventStore; counts: Counts } {
  const counts: Counts = { reads: new Map(), appends: 0 };
  const counted = new Proxy(store, {
    get(target, property, receiver) {
      if (property === 'readStream') {
        return (streamId: string, ...rest: unknown[]) => {
          counts.reads.set(streamId, (counts.reads.get(streamId) ?? 0) + 1);
          return (target.readStream as (...args: unknown[]) => unknown).call(target, streamId, ...rest);
        };
      }
      if (property === 'appendToStream' || property === 'appendToStreams') {
        return (...args: unknown[]) => {
          counts.appends += 1;
          return (target[property] as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { store: counted, counts };
}

/** Runs `command` on a counting runtime; answers its result, reads per stream, appends and decider runs. */
async function counted<R>(command: (runtime: TestApp['runtime']) => Promise<R>) {
  const { store, counts } = counting(t.runtime.eventStore);
  const deciders = [
    ['reservation', vi.spyOn(reservationDecider, 'decide')],
    ['party', vi.spyOn(partyBookingDecider, 'decide')],
    ['seating', vi.spyOn(seatingDecider, 'decide')],
  ] as const;
  try {
    const result = await command({ ...t.runtime, eventStore: store });
    const decided = Object.fromEntries(deciders.map(([name, spy]) => [name, spy.mock.calls.length]));
    return { result, reads: counts.reads, appends: counts.appends, decided };
  } finally {
    for (const [, spy] of deciders) spy.mockRestore();
  }
}

const readsAtMostOnce = (reads: Map<string, number>) => expect([...reads.values()].every((n) => n === 1)).toBe(true);

beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('every command reads each stream at most once, decides once and appends once', () => {
  it('a new reservation: its own (new) stream is not read at all; the day, closed date and business info at most once', async () => {
    const first = await counted((runtime) => requestReservation(runtime, 'public', reservationBody, context));
    readsAtMostOnce(first.reads);
    expect([...first.reads.keys()].some((s) => s.startsWith('reservation-'))).toBe(false);
    expect(first.decided).toEqual({ reservation: 1, party: 0, seating: 1 });
    expect(first.appends).toBe(1);

    // The next booking that day finds the day, the closed date and the business info in memory.
    const second = await counted((runtime) => requestReservation(runtime, 'public', { ...reservationBody, time: '12:00' }, context));
    expect(second.reads.size).toBe(0);
    expect(second.decided).toEqual({ reservation: 1, party: 0, seating: 1 });
    expect(second.appends).toBe(1);
    expect((await t.runtime.eventStore.readStream('seating-2026-11-21')).map((e) => e.type)).toEqual(['SeatsReserved', 'SeatsReserved']);
  });

  it('bookings of one day made at once take turns on the day: each decided once, one append each, none run again', async () => {
    // Staff bookings of two on the Saturday, each its own request.
    const bookings = (runtime: TestApp['runtime'], tag: string, count: number) =>
      Array.from({ length: count }, (_, i) =>
        requestReservation(
          runtime,
          'admin',
          { ...reservationBody, email: `${tag}${i}@example.com`, partySize: 2 },
          { ...context, correlationId: `${tag}-${i}`, causationId: `${tag}-${i}` },
          { overrideCapacity: true },
        ),
      );
    const many = await counted((runtime) => Promise.all(bookings(runtime, 'turn', 24)));
    expect(many.decided).toEqual({ reservation: 24, party: 0, seating: 24 });
    expect(many.appends).toBe(24);
    const day = await t.runtime.eventStore.readStream('seating-2026-11-21');
    expect(day.map((e) => e.revision)).toEqual(Array.from({ length: 24 }, (_, i) => BigInt(i)));

    // Cancellations and new bookings of that day at once: all take their turn on the day's seats.
    const mixed = await counted((runtime) =>
      Promise.all([
        ...many.result
          .slice(0, 12)
          .map(({ id, version }, i) =>
            cancelReservation(runtime, id, version, { ...context, correlationId: `cancel-${i}`, causationId: `cancel-${i}` }),
          ),
        ...bookings(runtime, 'more', 12),
      ]),
    );
    expect(mixed.decided).toEqual({ reservation: 24, party: 0, seating: 24 });
  });

  it('an edit that changes date and size: the booking, both days, the new date and business info, each at most once', async () => {
    const { id, version } = await requestReservation(t.runtime, 'public', reservationBody, context);
    t.runtime.states.drop('seating-2026-11-21');
    const edit = await counted((runtime) => changeReservation(runtime, id, { date: '2026-11-22', partySize: 6 }, version, context));
    readsAtMostOnce(edit.reads);
    expect(edit.reads.get(`reservation-${id}`)).toBe(1);
    expect(edit.reads.get('seating-2026-11-21')).toBe(1);
    expect(edit.decided.reservation).toBe(1);
    // One decision on each day's stream: the seats taken on the new day, the seats given back on the old.
    expect(edit.decided.seating).toBe(2);
    expect(edit.appends).toBe(1);
    expect(edit.result.version).toBe(version + 1);
    const [oldDay, newDay] = await Promise.all([
      t.runtime.eventStore.readStream('seating-2026-11-21'),
      t.runtime.eventStore.readStream('seating-2026-11-22'),
    ]);
    expect(oldDay.at(-1)!.type).toBe('SeatsReleased');
    expect(newDay.at(-1)!.data).toMatchObject({ bookingId: id, partySize: 6 });
    // One append: the booking and both days in one commit, at one position range.
    expect(oldDay.at(-1)!.metadata.correlationId).toBe('one-path');
  });

  it('a party approval: the party, its day and business info, each at most once; one decision each', async () => {
    const { id, version } = await requestPartyBooking(t.runtime, 'public', partyBody, context);
    const approval = await counted((runtime) =>
      decidePartyBooking(runtime, id, { status: 'approved', decidedBy: 'staff@example.com' }, version, context),
    );
    readsAtMostOnce(approval.reads);
    expect(approval.reads.get(`partyBooking-${id}`)).toBe(1);
    expect(approval.decided).toEqual({ reservation: 0, party: 1, seating: 1 });
    expect(approval.appends).toBe(1);
    const day = await t.runtime.eventStore.readStream('seating-2026-11-28');
    expect(day.map((e) => e.type)).toEqual(['SeatsRequested', 'SeatsReserved']);
  });
});
