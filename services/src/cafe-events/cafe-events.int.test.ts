import { describe, expect, it } from 'vitest';
import { useAdminApp } from '../../test/admin-app.js';

// The clock says Wednesday 2026-11-18, 10:00 in Chicago (UTC-6).
describe('events API', () => {
  const { t, admin, send, eventCount } = useAdminApp();

  // Visitors read /api/events (visible, upcoming); the dashboard reads /api/admin/events (all of them).
  const list = async (headers: Record<string, string> = {}) =>
    (await t.app.inject({ method: 'GET', url: headers.cookie ? '/api/admin/events' : '/api/events', headers })).json() as Record<
      string,
      unknown
    >[];
  const form = {
    title: 'Friday Game Night',
    description: 'Bring friends; we teach.',
    event_date: '2026-11-20',
    event_time: '7:00 PM',
    location: 'Main hall',
    price: '$5 cover',
    max_attendees: 40,
    image_url: 'https://img.test/night.jpg',
  };

  it('schedules from the admin form and answers both readings, startsAt derived in the café zone', async () => {
    const res = await send('POST', '/api/admin/events', form);
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toEqual({
      id: expect.any(String),
      title: 'Friday Game Night',
      description: 'Bring friends; we teach.',
      event_date: '2026-11-20',
      event_time: '19:00',
      location: 'Main hall',
      price: '$5 cover',
      max_attendees: 40,
      image_url: 'https://img.test/night.jpg',
      startsAt: '2026-11-21T01:00:00.000Z',
      endsAt: null,
      isVisible: true,
      isFeatured: false,
      repeat: null,
      uses_seats: null,
      length_minutes: null,
      area: null,
      tables: null,
      createdAt: '2026-11-18T16:00:00.000Z',
      updatedAt: '2026-11-18T16:00:00.000Z',
    });
    const [event] = await t.runtime.eventStore.readStream(`cafeEvent-${created.id}`);
    expect(event).toMatchObject({ type: 'CafeEventScheduled', data: { eventId: created.id, time: '19:00', maxAttendees: 40 } });
    expect(event!.metadata.actor).toMatchObject({ kind: 'admin', email: 'owner@example.com' });
    expect((await list()).find((e) => e.id === created.id)).toEqual(created);
  });

  it('accepts the stored form (startsAt, endsAt, isVisible, isFeatured) too', async () => {
    const res = await send('POST', '/api/admin/events', {
      title: 'Catan Tournament',
      startsAt: '2026-11-28T20:00:00.000Z',
      endsAt: '2026-11-29T01:00:00.000Z',
      isFeatured: true,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      event_date: '2026-11-28',
      event_time: '14:00',
      startsAt: '2026-11-28T20:00:00.000Z',
      endsAt: '2026-11-29T01:00:00.000Z',
      isFeatured: true,
      isVisible: true,
    });
  });

  it.each([
    ['no title', { title: undefined }, 'Event title is required'],
    ['a blank title', { title: '  ' }, 'Event title is required'],
    ['no date', { event_date: undefined }, 'Event date is required'],
    ['an empty date', { event_date: '' }, 'Event date is required'],
    ['a bad image_url', { image_url: 'night.jpg' }, 'Please enter a valid URL'],
    ['max_attendees as a fraction', { max_attendees: 2.5 }, 'Max attendees must be a whole number of at least 1'],
    ['max_attendees as text', { max_attendees: 'forty' }, 'Max attendees must be a whole number'],
    ['a time that is not one', { event_time: '25:00' }, "Please enter a time such as 19:00 or '7:00 PM'"],
    ['an end before the start', { endsAt: '2026-11-20T12:00:00Z' }, 'The event must end after it starts'],
  ])('refuses %s with 400 and appends nothing', async (_l, patch, message) => {
    const before = await eventCount();
    const res = await send('POST', '/api/admin/events', { ...form, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await eventCount()).toBe(before);
  });

  it('updates (recomputing startsAt), hides from the public, and removes', async () => {
    const { id } = (await send('POST', '/api/admin/events', form)).json();
    const res = await send('PUT', `/api/admin/events/${id}`, { ...form, event_time: '6:30 pm', max_attendees: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ event_time: '18:30', startsAt: '2026-11-21T00:30:00.000Z', max_attendees: null });
    const stream = await t.runtime.eventStore.readStream(`cafeEvent-${id}`);
    expect(stream.at(-1)).toMatchObject({ type: 'CafeEventUpdated', data: { time: '18:30', maxAttendees: null } });
    expect(stream.at(-1)!.data).not.toHaveProperty('title');

    for (const [body, message] of [
      [{ title: '' }, 'Event title is required'],
      [{ event_date: '' }, 'Event date is required'],
      [{ image_url: 'x' }, 'Please enter a valid URL'],
    ] as const) {
      const bad = await send('PUT', `/api/admin/events/${id}`, body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(message);
    }

    expect((await send('PUT', `/api/admin/events/${id}`, { isVisible: false })).statusCode).toBe(200);
    expect((await list()).some((e) => e.id === id)).toBe(false);
    expect((await list({ cookie: admin.cookie! })).some((e) => e.id === id)).toBe(true);

    expect((await send('DELETE', `/api/admin/events/${id}`)).json()).toEqual({ id });
    expect((await list({ cookie: admin.cookie! })).some((e) => e.id === id)).toBe(false);
    expect((await send('DELETE', `/api/admin/events/${id}`)).statusCode).toBe(404);
    expect((await send('PUT', '/api/admin/events/nope', { title: 'x' })).statusCode).toBe(404);
  });

  it('shows the public only upcoming events, sorted by date and time', async () => {
    const past = (await send('POST', '/api/admin/events', { ...form, title: 'Last week', event_date: '2026-11-11' })).json();
    const early = (
      await send('POST', '/api/admin/events', { ...form, title: 'Early bird', event_date: '2026-11-20', event_time: '15:00' })
    ).json();
    const publicList = await list();
    expect(publicList.some((e) => e.id === past.id)).toBe(false);
    const dated = publicList.map((e) => `${String(e.event_date)} ${String(e.event_time)}`);
    expect(dated).toEqual([...dated].sort());
    expect(publicList.findIndex((e) => e.id === early.id)).toBe(0);
    expect((await list({ cookie: admin.cookie! })).some((e) => e.id === past.id)).toBe(true);
  });

  it('locks the admin routes', async () => {
    for (const [method, url] of [
      ['POST', '/api/admin/events'],
      ['PUT', '/api/admin/events/x'],
      ['DELETE', '/api/admin/events/x'],
    ] as const) {
      expect((await send(method, url, form, { origin: admin.origin! })).statusCode).toBe(401);
    }
  });
});
