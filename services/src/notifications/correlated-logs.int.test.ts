import { afterEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { client, reservationBody } from '../../test/booking-test-kit.js';
import { notificationsOf } from './notifications-feature.js';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

interface LogLine {
  msg: string;
  level: number;
  correlationId?: string;
  [key: string]: unknown;
}

describe('correlated logs', () => {
  it('follow one booking by its correlation id from the request to its e-mail', async () => {
    const lines: LogLine[] = [];
    // JSON lines, as the gateway writes them to stdout; debug shows the projection's line too.
    const logger = pino({ level: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) });
    t = await createTestApp({ logger });

    const res = await client(t).post('/api/reservations', reservationBody);
    expect(res.statusCode).toBe(201);
    await notificationsOf(t.runtime)!.idle();
    const correlationId = res.headers['x-request-id'] as string;
    expect(correlationId).toMatch(/^[0-9a-f-]{36}$/);

    const followed = lines.filter((l) => l.correlationId === correlationId);
    const byMessage = (msg: string) => followed.filter((l) => l.msg === msg);
    // The request: Fastify's own lines, under the same field name the events' metadata uses.
    expect(byMessage('incoming request')[0]).toMatchObject({ req: { method: 'POST', url: '/api/reservations' } });
    expect(byMessage('request completed')[0]).toMatchObject({ res: { statusCode: 201 } });
    // The command's appends: the day's seats first, then the booking.
    const appended = byMessage('events appended');
    expect(appended).toHaveLength(2);
    expect(appended[0]).toMatchObject({ events: ['SeatsReserved'], actor: 'visitor', stream: `seating-${reservationBody.date}` });
    expect(appended[1]).toMatchObject({ events: ['ReservationRequested'], actor: 'visitor' });
    expect(String(appended[1]!.stream)).toMatch(/^reservation-/);
    // The projection (debug) and the e-mail reactor's send.
    // (the mail's claim and sending are events too, batched on the reactor's stream, under the same id)
    expect(byMessage('event projected').map((l) => l.type)).toEqual([
      'SeatsReserved',
      'ReservationRequested',
      'NotificationsClaimed',
      'NotificationsSent',
    ]);
    expect(byMessage('notification sent')).toEqual([
      expect.objectContaining({ type: 'ReservationRequested', transport: 'outbox', feature: 'notifications' }),
    ]);
    // And the stored events say the same: the seats, the reservation and the mail's claim and sending.
    const events = (await t.runtime.eventStore.readAll()).filter((e) => e.metadata.correlationId === correlationId);
    expect(events.map((e) => e.type)).toEqual(['SeatsReserved', 'ReservationRequested', 'NotificationsClaimed', 'NotificationsSent']);
  });
});
