import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_OPENING_HOURS, type Availability, type BusinessInfo, type OpeningHours } from '@cafe/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signInAdmin } from '../../test/auth.js';
import { client, partyBody, reservationBody, type Client } from '../../test/booking-test-kit.js';
import { mailsTo, manageLinkOf, outboxMails } from '../../test/outbox.js';
import { notificationsOf } from '../notifications/index.js';

// The test clock's café-local today is Wednesday 2026-11-18.
const SUNDAY = '2026-11-22';
const MONDAY = '2026-11-23';
const WEDNESDAY = '2026-11-25';
const THANKSGIVING = '2026-11-26';
const MONDAY_CLOSED = 'Sorry, we are closed on Mondays. Please choose another date.';
const WEDNESDAY_LATE = 'We seat guests from 5:00 PM to 8:00 PM on Wednesdays (open 5:00 PM – 9:00 PM). Please choose another time.';

/** The issue's week: Monday closed, Wednesday 5 PM – 9 PM, the rest as the defaults. */
const issueHours: OpeningHours = {
  ...DEFAULT_OPENING_HOURS,
  week: {
    ...DEFAULT_OPENING_HOURS.week,
    monday: { closed: true, open: '', close: '' },
    wednesday: { closed: false, open: '17:00', close: '21:00' },
  },
};

let t: TestApp;
let visitor: Client;
let staff: Client & { put: (url: string, body: unknown) => ReturnType<Client['post']> };
beforeEach(async () => {
  t = await createTestApp();
  visitor = client(t);
  const session = await signInAdmin(t);
  staff = {
    ...client(t, session),
    put: (url, body) => t.app.inject({ method: 'PUT', url, headers: session.headers, payload: body as object }),
  };
});
afterEach(async () => {
  await t.close();
});

const slotsOn = async (date: string) => (await visitor.get(`/api/availability?date=${date}`)).json<Availability>().slots.map((s) => s.time);
const reserve = (date: string, time: string) => visitor.post('/api/reservations', { ...reservationBody, date, time });
// Bookings the new hours leave out (or a closed holiday holds) are kept: these tests book, then change the hours.
const saveHours = async (openingHours: OpeningHours) => {
  const res = await staff.put('/api/admin/business-info', { name: 'Meeple Haven', openingHours, bookings: 'keep' });
  expect(res.statusCode).toBe(200);
  return res.json<BusinessInfo>();
};

describe('opening hours decide the slots on every booking path', () => {
  it('hours that open earlier widen booking: Wednesday 11 AM – 11 PM seats from 11:00, holiday hours 11 AM – 4 PM from 11:00 to 3:00 PM', async () => {
    const NEW_YEARS_EVE = '2026-12-31';
    await saveHours({
      ...DEFAULT_OPENING_HOURS,
      week: { ...DEFAULT_OPENING_HOURS.week, wednesday: { closed: false, open: '11:00', close: '23:00' } },
      exceptions: [{ date: NEW_YEARS_EVE, closed: false, open: '11:00', close: '16:00' }],
    });
    const wednesday = await slotsOn(WEDNESDAY);
    expect([wednesday[0], wednesday.at(-1), wednesday.length]).toEqual(['11:00', '22:00', 23]);
    expect((await reserve(WEDNESDAY, '11:00')).statusCode).toBe(201);
    expect(await slotsOn(NEW_YEARS_EVE)).toEqual(['11:00', '11:30', '12:00', '12:30', '13:00', '13:30', '14:00', '14:30', '15:00']);
    expect((await reserve(NEW_YEARS_EVE, '11:00')).statusCode).toBe(201);
    const late = await reserve(NEW_YEARS_EVE, '16:00');
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(
      'We seat guests from 11:00 AM to 3:00 PM on Thursday, December 31, 2026 (open 11:00 AM – 4:00 PM). Please choose another time.',
    );
  });

  it('by default Sunday closes at 8 PM: availability ends at 19:00 and a Sunday 22:00 booking is refused', async () => {
    const sunday = await slotsOn(SUNDAY);
    expect(sunday[0]).toBe('11:00');
    expect(sunday.at(-1)).toBe('19:00');
    expect((await slotsOn(WEDNESDAY)).at(-1)).toBe('22:00');
    const late = await reserve(SUNDAY, '22:00');
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(
      'We seat guests from 11:00 AM to 7:00 PM on Sundays (open 11:00 AM – 8:00 PM). Please choose another time.',
    );
  });

  it('given Monday closed and Wednesday 5 PM – 9 PM, then both readings say so, availability follows, and public bookings are refused outside', async () => {
    const saved = await saveHours(issueHours);
    expect(JSON.parse(saved.hoursJson)).toMatchObject({ monday: 'Closed', tuesday: '3:00 PM - 11:00 PM', wednesday: '5:00 PM - 9:00 PM' });
    expect(saved.hours.split('\n')).toEqual([
      'Monday: Closed',
      'Tuesday: 3:00 PM - 11:00 PM',
      'Wednesday: 5:00 PM - 9:00 PM',
      'Thursday - Friday: 3:00 PM - 11:00 PM',
      'Saturday: 11:00 AM - 11:00 PM',
      'Sunday: 11:00 AM - 8:00 PM',
    ]);
    expect(saved.openingHours.week).toEqual(issueHours.week);

    expect(await slotsOn(MONDAY)).toEqual([]);
    expect(await slotsOn(WEDNESDAY)).toEqual(['17:00', '17:30', '18:00', '18:30', '19:00', '19:30', '20:00']);

    const monday = await reserve(MONDAY, '18:00');
    expect(monday.statusCode).toBe(409);
    expect(monday.json().message).toBe(MONDAY_CLOSED);
    const late = await reserve(WEDNESDAY, '21:00');
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(WEDNESDAY_LATE);
    expect((await reserve(WEDNESDAY, '20:00')).statusCode).toBe(201);
    const party = await visitor.post('/api/party-bookings', { ...partyBody, date: MONDAY, time: '17:00' });
    expect(party.statusCode).toBe(409);
    expect(party.json().message).toBe(MONDAY_CLOSED);
  });

  it("keeps SPEC's free-text hours lines working: they set the same hours", async () => {
    const lines = 'Monday: Closed\nTuesday: 3 PM - 11 PM\nWednesday: 5 PM - 9 PM\nThursday - Friday: 3 PM - 11 PM\nWeekends: 11 AM - 11 PM';
    const res = await staff.put('/api/admin/business-info', { name: 'Meeple Haven', hours: lines });
    expect(res.statusCode).toBe(200);
    expect(res.json<BusinessInfo>().openingHours.week.monday.closed).toBe(true);
    expect(await slotsOn(MONDAY)).toEqual([]);
    expect((await slotsOn(WEDNESDAY)).at(-1)).toBe('20:00');
    // Sunday now closes at 11 PM: SPEC's last slot 22:00 is offered again.
    expect((await slotsOn(SUNDAY)).at(-1)).toBe('22:00');
    expect((await reserve(SUNDAY, '22:00')).statusCode).toBe(201);
  });

  it('refuses staff creating or moving a booking outside the hours with the same messages', async () => {
    await saveHours(issueHours);
    const create = await staff.post('/api/admin/reservations', { ...reservationBody, date: MONDAY, time: '18:00' });
    expect(create.statusCode).toBe(409);
    expect(create.json().message).toBe(MONDAY_CLOSED);
    const party = await visitor.post('/api/party-bookings', partyBody);
    expect(party.statusCode).toBe(201);
    const p = party.json<{ id: string; version: number }>();
    const partyMoved = await staff.patch(
      `/api/party-bookings/${p.id}/details`,
      { date: WEDNESDAY, time: '21:00' },
      { 'if-match': `"${p.version}"` },
    );
    expect(partyMoved.statusCode).toBe(400);
    expect(partyMoved.json().message).toBe(WEDNESDAY_LATE);
    const created = await staff.post('/api/admin/reservations', { ...reservationBody, date: WEDNESDAY, time: '19:00' });
    expect(created.statusCode).toBe(201);
    const { id, version } = created.json<{ id: string; version: number }>();
    const moved = await staff.patch(`/api/reservations/${id}`, { time: '21:00' }, { 'if-match': `"${version}"` });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe(WEDNESDAY_LATE);
    const renamed = await staff.patch(`/api/reservations/${id}`, { name: 'Ada King' }, { 'if-match': `"${version}"` });
    expect(renamed.statusCode).toBe(200);
  });

  it("refuses a guest's own change of time on a day now closed, or past the last seating", async () => {
    const linkOf = async (date: string, time: string, email: string) => {
      expect((await visitor.post('/api/reservations', { ...reservationBody, email, date, time })).statusCode).toBe(201);
      await notificationsOf(t.runtime)!.idle();
      const link = manageLinkOf(mailsTo(await outboxMails(t.dataDir), email).at(-1)!)!;
      return `/api/guest-bookings/${new URL(link).searchParams.get('token')!}`;
    };
    // Booked under the default hours, before staff closed Monday and shortened Wednesday.
    const onMonday = await linkOf(MONDAY, '18:00', 'monday@example.com');
    const onWednesday = await linkOf(WEDNESDAY, '19:00', 'wednesday@example.com');
    await saveHours(issueHours);
    const monday = await visitor.patch(onMonday, { time: '18:30' });
    expect(monday.statusCode).toBe(409);
    expect(monday.json().message).toBe(MONDAY_CLOSED);
    const late = await visitor.patch(onWednesday, { time: '21:00' });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(WEDNESDAY_LATE);
    expect((await visitor.patch(onWednesday, { time: '20:00' })).statusCode).toBe(200);
  });

  it('closes one date by a holiday exception, the same way; the next Thursday keeps its hours', async () => {
    const saved = await saveHours({
      ...issueHours,
      exceptions: [{ date: THANKSGIVING, closed: true, open: '', close: '', note: 'Thanksgiving' }],
    });
    expect(saved.openingHours.exceptions).toEqual([{ date: THANKSGIVING, closed: true, open: '', close: '', note: 'Thanksgiving' }]);
    expect(await slotsOn(THANKSGIVING)).toEqual([]);
    expect(await slotsOn('2026-12-03')).toHaveLength(15);
    const holiday = await reserve(THANKSGIVING, '18:00');
    expect(holiday.statusCode).toBe(409);
    // A closed holiday is a closed day, blocked with its note as the reason.
    expect(holiday.json().message).toBe('Sorry, we are closed on this date: Thanksgiving');
    expect((await reserve('2026-12-03', '18:00')).statusCode).toBe(201);
  });

  it('follows an edited last-seating interval at once, and refuses a bad one with the contract message', async () => {
    await saveHours({ ...issueHours, lastSeatingMinutes: 0 });
    expect((await slotsOn(WEDNESDAY)).at(-1)).toBe('21:00');
    expect((await reserve(WEDNESDAY, '21:00')).statusCode).toBe(201);
    const bad = await staff.put('/api/admin/business-info', {
      name: 'Meeple Haven',
      openingHours: { ...issueHours, lastSeatingMinutes: 7 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Last seating must be 0 to 240 minutes before closing, in 15-minute steps');
  });
});
