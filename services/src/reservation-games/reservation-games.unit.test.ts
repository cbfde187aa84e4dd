import { describe, expect, it } from 'vitest';
import { gameShortMessage, type GameSummary } from '@cafe/contracts';
import { gamesOfDay } from './reservation-games.js';
import type { ReservationGamesDoc } from './reservation-games-projection.js';

const DATE = '2026-11-21';
const doc = (id: string, time: string, games: string[], over: Partial<ReservationGamesDoc> = {}): ReservationGamesDoc => ({
  _id: id,
  id,
  date: DATE,
  time,
  partySize: 4,
  games,
  teachUs: false,
  live: true,
  ...over,
});
const library: GameSummary[] = [
  { id: 'catan', title: 'Catan', minPlayers: 3, maxPlayers: 4, copyCount: 2, completeCopies: 1 },
  { id: 'azul', title: 'Azul', minPlayers: 2, maxPlayers: 4, copyCount: 2, completeCopies: 2 },
];

describe('games of a day', () => {
  it('given one complete copy asked for by an overlapping booking, then the other is warned; two copies are enough for two', () => {
    const out = gamesOfDay(DATE, [doc('a', '18:00', ['catan', 'azul']), doc('b', '19:00', ['catan', 'azul'])], library, 120);
    const a = out.reservations.find((r) => r.id === 'a')!;
    expect(a.games[0]).toMatchObject({ title: 'Catan', requestedAlongside: 1, short: true, warning: gameShortMessage('Catan', 1) });
    expect(a.games[1]).toMatchObject({ title: 'Azul', requestedAlongside: 1, short: false, warning: null });
  });

  it('given bookings further apart than the holding time, a cancelled one, or a no-show, then no warning', () => {
    const out = gamesOfDay(
      DATE,
      [doc('a', '18:00', ['catan']), doc('b', '20:00', ['catan']), doc('c', '18:30', ['catan'], { live: false })],
      library,
      120,
    );
    expect(out.reservations.map((r) => r.games[0]!.short)).toEqual([false, false]);
  });

  it('a game that left the library reads as unknown with no complete copy; bookings without games or teach us are not listed', () => {
    const out = gamesOfDay(
      DATE,
      [doc('a', '18:00', ['gone']), doc('b', '18:00', []), doc('c', '18:00', [], { teachUs: true })],
      library,
      120,
    );
    expect(out.reservations.map((r) => r.id)).toEqual(['a', 'c']);
    expect(out.reservations[0]!.games[0]).toMatchObject({ title: 'Unknown game', completeCopies: 0, short: true });
  });
});
