import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { useAdminApp } from '../../test/admin-app.js';
import { appendDirectly } from '../../test/test-app.js';
import { reservationBody } from '../../test/booking-test-kit.js';
import { fold } from '../platform/commands/decider.js';
import { holdsOf, seatingDecider, seatingStream } from '../cafe-day/index.js';
import { seatReconcilerOf } from './seat-reconciler.js';

/**
 * Issue 51 M1: what a crash (or a decision half-applied on a store that appends stream by stream) leaves
 * on a day's seats is repaired where the projections run, a few dates per tick, each repair logged.
 */
// The clock says Wednesday 2026-11-18, 10:00 in Chicago; 2026-11-21 is a Saturday.
const SATURDAY = '2026-11-21';
const LONG_AGO = { occurredAt: '2026-11-10T12:00:00.000Z' };

const logged: { msg: string; date?: string; released?: { bookingId: string; seats: number }[] }[] = [];
const logger = pino(
  { level: 'info' },
  new Writable({
    write(line: Buffer, _encoding, done) {
      logged.push(JSON.parse(line.toString()) as (typeof logged)[number]);
      done();
    },
  }),
);
const repairs = () => logged.filter((l) => l.msg.startsWith('seats repaired'));

describe('the periodic seat reconcile', () => {
  const { t, send } = useAdminApp({ logger });
  const heldOn = async (date: string) =>
    Object.fromEntries(
      holdsOf(fold(seatingDecider, await t.runtime.eventStore.readStream(seatingStream(date)))).map((h) => [h.bookingId, h]),
    );
  /** Seats a crash left behind: reserved long ago for a booking whose own stream does not hold them. */
  const leak = (date: string, bookingId: string, partySize = 3) =>
    appendDirectly(
      t,
      seatingStream(date),
      {
        type: 'SeatsReserved',
        data: { date, bookingId, kind: 'reservation', time: '12:00', partySize, holdingMinutes: 120, capacity: 40 },
      },
      LONG_AGO,
    );

  it('when a cancelled booking still holds seats (a planted leak), then a pass releases them, logs the repair, and the next pass changes nothing', async () => {
    const kept = await send('POST', '/api/admin/reservations', { ...reservationBody, time: '15:00', partySize: 2 });
    expect(kept.statusCode, kept.body).toBe(201);
    const keptId = kept.json<{ id: string }>().id;
    const gone = await send('POST', '/api/admin/reservations', { ...reservationBody, time: '12:00', partySize: 3, name: 'Gone Gus' });
    const goneId = gone.json<{ id: string }>().id;
    expect((await send('DELETE', `/api/reservations/${goneId}`)).statusCode).toBe(200);
    // The cancel's release never landed: the day still holds the cancelled booking's 3 seats.
    await leak(SATURDAY, goneId);
    expect(Object.keys(await heldOn(SATURDAY)).sort()).toEqual([keptId, goneId].sort());

    const reconciler = seatReconcilerOf(t.runtime)!;
    expect(reconciler).toBeDefined();
    await reconciler.runOnce();
    expect(Object.keys(await heldOn(SATURDAY))).toEqual([keptId]);
    expect(repairs()).toEqual([expect.objectContaining({ date: SATURDAY, released: [{ bookingId: goneId, seats: 3 }], reserved: [] })]);
    const released = (await t.runtime.eventStore.readStream(seatingStream(SATURDAY))).at(-1)!;
    expect(released).toMatchObject({ type: 'SeatsReleased', data: { bookingId: goneId } });
    expect(released.metadata.actor).toEqual({ kind: 'system', name: 'seats reconcile' });

    logged.length = 0;
    await reconciler.runOnce();
    expect(repairs()).toEqual([]);
  });

  it('when leaks sit on more dates than a tick checks, then each pass repairs a bounded few and the next one goes on', async () => {
    const dates = ['2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'];
    for (const date of dates) await leak(date, randomUUID(), 1);
    logged.length = 0;
    const reconciler = seatReconcilerOf(t.runtime)!;
    // The sweep goes round from today; each pass checks 5 dates holding seats.
    const repairedDates = new Set<string>();
    for (let pass = 0; pass < 3 && repairedDates.size < dates.length; pass++) {
      const before = repairs().length;
      await reconciler.runOnce();
      expect(repairs().length - before).toBeLessThanOrEqual(5);
      for (const r of repairs()) repairedDates.add(r.date!);
    }
    expect([...repairedDates].sort()).toEqual(dates);
    for (const date of dates) expect(await heldOn(date)).toEqual({});
  });
});
