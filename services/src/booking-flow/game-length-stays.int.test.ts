import { describe, expect, it } from 'vitest';
import { tableUntilText, type BookingCreated, type GuestBooking, type ReservationOut, type StaffGame } from '@cafe/contracts';
import { useAdminApp } from '../../test/admin-app.js';
import { reservationBody } from '../../test/booking-test-kit.js';
import { setFloor } from '../../test/floor-booking-kit.js';
import { mailsTo, manageLinkOf, outboxMails } from '../../test/outbox.js';
import { notificationsOf } from '../notifications/index.js';

// The clock says Wednesday 2026-11-18, 10:00 in Chicago; 2026-11-21 is a Saturday (slots 11:00–22:00).
const DATE = '2026-11-21';
const game = (title: string, minPlayTime: number, maxPlayTime: number | null) => ({
  title,
  minPlayers: 2,
  maxPlayers: 4,
  bestAt: [2],
  minPlayTime,
  maxPlayTime,
  complexity: 3,
  minAge: 12,
  year: 2017,
  categories: ['Strategy'],
  copies: [{ condition: 'complete' }],
});

describe('a stay lasts the longest game a booking asks for', () => {
  const { t, send } = useAdminApp();
  const visitor = { origin: 'http://localhost:3000' };
  const addGame = async (body: object) => (await send('POST', '/api/admin/games', body)).json<StaffGame>();

  it('given a 180-minute game, when a couple asks for it at 7 PM, then its stay is 180 minutes and the confirmation says until when', async () => {
    await setFloor(t, send);
    const epic = await addGame(game('Twilight Imperium', 120, 180));
    const quick = await addGame(game('Sushi Go!', 15, 30));
    const booked = await send(
      'POST',
      '/api/reservations',
      { ...reservationBody, email: 'epic@example.com', partySize: 2, date: DATE, time: '19:00', games: [quick.id, epic.id] },
      visitor,
    );
    expect(booked.statusCode).toBe(201);
    expect(booked.json<BookingCreated>()).toMatchObject({ tables: ['T1'], stayUntil: '22:00' });

    // The guest's confirmation: "We keep your table until 10:00 PM." and the table's name.
    await notificationsOf(t.runtime)!.idle();
    const mail = mailsTo(await outboxMails(t.dataDir), 'epic@example.com').at(-1)!;
    expect(mail.subject).toBe('Reservation confirmed: Saturday, November 21, 2026 at 7:00 PM');
    expect(mail.text).toContain(`We keep ${tableUntilText('22:00')}.`);
    expect(mail.text).toContain('your table until 10:00 PM');
    expect(mail.text).toMatch(/Table:?\s+T1/);

    // Their booking page says the same.
    const token = new URL(manageLinkOf(mail)!).searchParams.get('token')!;
    const page = (await send('GET', `/api/guest-bookings/${token}`, undefined, visitor)).json<GuestBooking>();
    expect(page).toMatchObject({ tables: ['T1'], stayUntil: '22:00' });

    // Staff take the long game off: the stay is the couple's 90 minutes again, at the same table.
    const { id } = booked.json<BookingCreated>();
    expect((await send('PATCH', `/api/reservations/${id}`, { games: [quick.id] })).statusCode).toBe(200);
    const row = (await send('GET', `/api/admin/reservations/${id}`)).json<ReservationOut>();
    expect(row).toMatchObject({ tables: ['T1'], stayUntil: '20:30' });

    // The guest makes it four through their link: a 6-top (online: 3 to 6 seats) for four's 120 minutes.
    expect((await send('PATCH', `/api/guest-bookings/${token}`, { partySize: 4 }, visitor)).statusCode).toBe(200);
    expect((await send('GET', `/api/guest-bookings/${token}`, undefined, visitor)).json<GuestBooking>()).toMatchObject({
      partySize: 4,
      tables: ['S1'],
      stayUntil: '21:00',
    });
  });

  it('a game longer than the floor allows lengthens a stay only up to its bound (240 minutes by default); a game without a maximum counts its minimum', async () => {
    const marathon = await addGame(game('Marathon', 300, 360));
    const long = await send(
      'POST',
      '/api/reservations',
      { ...reservationBody, partySize: 2, date: DATE, time: '12:00', games: [marathon.id] },
      visitor,
    );
    expect(long.json<BookingCreated>().stayUntil).toBe('16:00');
    const open = await addGame(game('Open Ended', 200, null));
    const byMin = await send(
      'POST',
      '/api/reservations',
      { ...reservationBody, partySize: 4, date: DATE, time: '12:00', games: [open.id] },
      visitor,
    );
    expect(byMin.json<BookingCreated>()).toMatchObject({ tables: ['S1'], stayUntil: '15:20' });
  });
});

describe('without a floor', () => {
  const { t, send } = useAdminApp();

  it('a booking with a long game is seated by capacity as before: no tables and no stay in the answer, the list or the mail', async () => {
    const epic = (await send('POST', '/api/admin/games', game('Twilight Imperium', 120, 180))).json<StaffGame>();
    const body = { ...reservationBody, email: 'plain@example.com', partySize: 2, date: DATE, time: '19:00', games: [epic.id] };
    const booked = await send('POST', '/api/reservations', body, { origin: 'http://localhost:3000' });
    expect(booked.statusCode).toBe(201);
    expect(Object.keys(booked.json<BookingCreated>()).sort()).toEqual(['id', 'version']);
    const row = (await send('GET', `/api/admin/reservations/${booked.json<BookingCreated>().id}`)).json<ReservationOut>();
    expect(row).not.toHaveProperty('tables');
    expect(row).not.toHaveProperty('stayUntil');
    await notificationsOf(t.runtime)!.idle();
    const mail = mailsTo(await outboxMails(t.dataDir), 'plain@example.com').at(-1)!;
    expect(mail.text).not.toContain('your table until');
  });
});
