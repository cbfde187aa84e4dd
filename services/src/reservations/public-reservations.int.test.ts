import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PHONE_EXTENSION_MESSAGE } from '@cafe/contracts';
import { appendDirectly, createTestApp, type TestApp } from '../../test/test-app.js';
import { blockedDateStream } from '../cafe-day/index.js';
import { reservationBody as valid } from '../../test/booking-test-kit.js';

// The clock says Wednesday 2026-11-18, 10:00 in Chicago.

describe('POST /api/reservations', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const post = (body: unknown) => t.app.inject({ method: 'POST', url: '/api/reservations', payload: body as object });
  const count = async () => (await t.runtime.eventStore.readAll()).length;

  it('accepts a valid booking with 201 and its id, recording ReservationRequested with audit metadata', async () => {
    const res = await post(valid);
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const [event] = await t.runtime.eventStore.readStream(`reservation-${id}`);
    expect(event?.type).toBe('ReservationRequested');
    expect(event?.data).toMatchObject({ reservationId: id, name: 'Ada Lovelace', partySize: 4, date: '2026-11-21', time: '11:00' });
    expect(event?.metadata.actor).toEqual({ kind: 'visitor' });
    expect(event?.metadata.correlationId).toBeTruthy();
    expect(event?.metadata.occurredAt).toBe('2026-11-18T16:00:00.000Z');
    // read-your-writes: the read model already holds it when the answer arrives
    const doc = await t.runtime.documents.collection('reservations').get(id);
    expect(doc).toMatchObject({ id, name: 'Ada Lovelace' });
  });

  it('keeps the booking across a restart', async () => {
    const { id } = (await post(valid)).json();
    t = await t.restart();
    const doc = await t.runtime.documents.collection('reservations').get(id);
    expect(doc).toMatchObject({ id, email: 'ada@example.com' });
  });

  it.each([
    ['a missing name', { ...valid, name: undefined }, 400, 'Name is required'],
    ['a bad email', { ...valid, email: 'ada@' }, 400, 'Please enter a valid email address'],
    ["phone '1234'", { ...valid, phone: '1234' }, 400, 'Please enter a valid 10-digit phone number'],
    ["phone '555-0101'", { ...valid, phone: '555-0101' }, 400, 'Please enter a valid 10-digit phone number'],
    ['a foreign phone', { ...valid, phone: '+44 20 7946 0958' }, 400, 'Please enter a valid 10-digit phone number'],
    ['a phone with an extension', { ...valid, phone: '262 555 0101 ext 4' }, 400, PHONE_EXTENSION_MESSAGE],
    ['party size 11', { ...valid, partySize: 11 }, 400, 'Party size must be between 2 and 10'],
    ['party size 1', { ...valid, partySize: 1 }, 400, 'Party size must be between 2 and 10'],
    ['party size as text', { ...valid, partySize: '4' }, 400, 'Party size is required'],
    ['a past date', { ...valid, date: '2026-11-17' }, 400, 'Reservation date cannot be in the past'],
    // A half hour outside the day's hours: refused with the hours it keeps (SPEC's window is the default hours).
    [
      '09:00 on a Tuesday',
      { ...valid, date: '2026-11-24', time: '09:00' },
      400,
      'We seat guests from 3:00 PM to 10:00 PM on Tuesdays (open 3:00 PM – 11:00 PM). Please choose another time.',
    ],
    [
      '22:30',
      { ...valid, time: '22:30' },
      400,
      'We seat guests from 11:00 AM to 10:00 PM on Saturdays (open 11:00 AM – 11:00 PM). Please choose another time.',
    ],
    [
      '11:00 on a weekday',
      { ...valid, date: '2026-11-20', time: '11:00' },
      400,
      'We seat guests from 3:00 PM to 10:00 PM on Fridays (open 3:00 PM – 11:00 PM). Please choose another time.',
    ],
    ['a time off the half hour', { ...valid, time: '11:15' }, 400, 'Please choose one of the available times for that day'],
    ['a date that is not a date', { ...valid, date: '2026-02-30' }, 400, 'Please enter a valid date (yyyy-MM-dd)'],
    ['a date in another format', { ...valid, date: '11/21/2026' }, 400, 'Please enter a valid date (yyyy-MM-dd)'],
    ['a missing time', { ...valid, time: '' }, 400, 'Time is required'],
    ['no body at all', undefined, 400, 'Name is required'],
  ])('refuses %s with a JSON message and appends nothing', async (_label, body, status, message) => {
    const res = await post(body);
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json().message).toBe(message);
    expect(await count()).toBe(0);
  });

  it.each(['+1 262 555 0101', '1-262-555-0101', '+1 (262) 555-0101', '262.555.0101', '2625550101'])(
    'stores the phone %j as the guest wrote it, without the country code: (262) 555-0101',
    async (phone) => {
      const res = await post({ ...valid, phone });
      expect(res.statusCode).toBe(201);
      const { id } = res.json();
      const [event] = await t.runtime.eventStore.readStream(`reservation-${id}`);
      expect(event?.data).toMatchObject({ phone: '(262) 555-0101' });
      expect(await t.runtime.documents.collection('reservations').get(id)).toMatchObject({ phone: '(262) 555-0101' });
    },
  );

  it('accepts the last slot, 22:00, and today', async () => {
    expect((await post({ ...valid, date: '2026-11-18', time: '22:00' })).statusCode).toBe(201);
    expect((await post({ ...valid, date: '2026-11-18', time: '15:00' })).statusCode).toBe(201);
  });

  it('refuses a blocked date with 409 and the closed message, reading the event store', async () => {
    await appendDirectly(
      t,
      blockedDateStream('2026-11-26'),
      { type: 'DateBlocked', data: { blockedDateId: 'b1', date: '2026-11-26', reason: 'Thanksgiving' } },
      { occurredAt: new Date().toISOString(), actor: { kind: 'visitor' } },
    );
    const before = await count();
    const res = await post({ ...valid, date: '2026-11-26', time: '18:00' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Sorry, we are closed on this date: Thanksgiving');
    expect(await count()).toBe(before);
  });

  it('answers malformed JSON and a wrong content type with 4xx JSON, never 500', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/reservations',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBeTruthy();
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/reservations',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toMatch(/content type/i);
    expect(await count()).toBe(0);
  });
});

describe('gateway basics', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  it('answers /healthz and /readyz', async () => {
    expect((await t.app.inject('/healthz')).statusCode).toBe(200);
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ready');
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    const res = await t.app.inject('/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/No such endpoint/);
  });

  it('serves business info with the defaults and blocked dates from read models', async () => {
    const info = (await t.app.inject('/api/business-info')).json();
    expect(JSON.parse(info.hoursJson)).toMatchObject({ monday: '3:00 PM - 11:00 PM', sunday: '11:00 AM - 8:00 PM' });
    expect(info.phone).toBeTruthy();
    expect(info.email).toContain('@');
    expect((await t.app.inject('/api/blocked-dates')).json()).toEqual([]);
  });
});
