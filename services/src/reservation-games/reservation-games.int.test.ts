import { describe, expect, it } from 'vitest';
import { RESERVATION_GAMES_MESSAGE, gameShortMessage, type ReservationGamesOut, type ReservationOut } from '@cafe/contracts';
import { useAdminApp } from '../../test/admin-app.js';
import { client, reservationBody } from '../../test/booking-test-kit.js';

const DATE = reservationBody.date;

describe('games asked for with a reservation', () => {
  const suite = useAdminApp();
  const { t } = suite;
  const admin = client(t, { headers: suite.admin });
  const visitor = client(t);
  const addGame = async (title: string, copies: string[]) => {
    const res = await admin.post('/api/admin/games', {
      title,
      minPlayers: 2,
      maxPlayers: 4,
      copies: copies.map((condition) => ({ condition })),
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: string }).id;
  };
  const gamesOn = async () => {
    const res = await admin.get(`/api/admin/reservation-games?date=${DATE}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ReservationGamesOut;
  };

  it('a public reservation with two games and "teach us": stored, answered to staff and listed for the day', async () => {
    const catan = await addGame('Catan (test)', ['complete']);
    const azul = await addGame('Azul (test)', ['complete', 'complete']);
    const res = await visitor.post('/api/reservations', { ...reservationBody, time: '18:00', games: [catan, azul], teachUs: true });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json() as { id: string };
    const stored = (await admin.get(`/api/admin/reservations/${id}`)).json() as ReservationOut;
    expect(stored).toMatchObject({ games: [catan, azul], teachUs: true });
    const day = await gamesOn();
    expect(day.reservations).toEqual([
      {
        id,
        time: '18:00',
        partySize: reservationBody.partySize,
        teachUs: true,
        games: [
          { id: catan, title: 'Catan (test)', completeCopies: 1, requestedAlongside: 0, short: false, warning: null },
          { id: azul, title: 'Azul (test)', completeCopies: 2, requestedAlongside: 0, short: false, warning: null },
        ],
      },
    ]);

    // Staff book an overlapping table asking for Catan: its one complete copy is asked for already.
    const second = await admin.post('/api/admin/reservations', { ...reservationBody, time: '19:00', name: 'Second', games: [catan] });
    expect(second.statusCode, second.body).toBe(201);
    const after = await gamesOn();
    const secondGames = after.reservations.find((r) => r.id === (second.json() as { id: string }).id)!.games;
    expect(secondGames[0]).toMatchObject({ short: true, warning: gameShortMessage('Catan (test)', 1) });
    // A booking four hours later overlaps neither.
    const later = await admin.post('/api/admin/reservations', { ...reservationBody, time: '21:30', name: 'Later', games: [catan] });
    expect((await gamesOn()).reservations.find((r) => r.id === (later.json() as { id: string }).id)!.games[0]!.short).toBe(false);

    // A reservation without games answers exactly as before (SPEC's fields only).
    const plain = (await visitor.post('/api/reservations', { ...reservationBody, time: '12:00' })).json() as { id: string };
    expect(Object.keys((await admin.get(`/api/admin/reservations/${plain.id}`)).json() as object)).not.toContain('games');
  });

  it('refuses more than three games, and an edit sending the same games changes nothing', async () => {
    const bad = await visitor.post('/api/reservations', { ...reservationBody, games: ['a', 'b', 'c', 'd'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(RESERVATION_GAMES_MESSAGE);
    const made = (await admin.post('/api/admin/reservations', { ...reservationBody, time: '13:00', games: ['x'] })).json() as {
      id: string;
      version: number;
    };
    const same = await admin.patch(`/api/reservations/${made.id}`, { games: ['x'], teachUs: false });
    expect(same.statusCode, same.body).toBe(200);
    expect((same.json() as { version: number }).version).toBe(made.version);
    const cleared = await admin.patch(`/api/reservations/${made.id}`, { games: [] });
    expect((cleared.json() as { version: number }).version).toBe(made.version + 1);
  });
});
