import { gameShortMessage, minutesOf, type GameSummary, type ReservationGamesOut } from '@cafe/contracts';
import type { ReservationGamesDoc } from './reservation-games-projection.js';

/**
 * A day's reservations that asked for games, each game with its complete copies and how many other
 * overlapping reservations (both holding their tables within `holdingMinutes` of each other) ask for it:
 * when those already take every complete copy, staff are warned on this booking. Pure: the route reads.
 */
export function gamesOfDay(
  date: string,
  docs: readonly ReservationGamesDoc[],
  library: readonly GameSummary[],
  holdingMinutes: number,
): ReservationGamesOut {
  const live = docs.filter((d) => d.live && d.date === date);
  const byId = new Map(library.map((g) => [g.id, g]));
  const reservations = live
    .filter((d) => d.games.length > 0 || d.teachUs)
    .sort((a, b) => a.time.localeCompare(b.time) || a.id.localeCompare(b.id))
    .map((doc) => ({
      id: doc.id,
      time: doc.time,
      partySize: doc.partySize,
      teachUs: doc.teachUs,
      games: doc.games.map((gameId) => {
        const game = byId.get(gameId);
        const completeCopies = game?.completeCopies ?? 0;
        const requestedAlongside = live.filter(
          (other) =>
            other.id !== doc.id && other.games.includes(gameId) && Math.abs(minutesOf(other.time) - minutesOf(doc.time)) < holdingMinutes,
        ).length;
        const short = requestedAlongside >= completeCopies;
        const title = game?.title ?? 'Unknown game';
        return {
          id: gameId,
          title,
          completeCopies,
          requestedAlongside,
          short,
          warning: short ? gameShortMessage(title, completeCopies) : null,
        };
      }),
    }));
  return { date, reservations };
}
