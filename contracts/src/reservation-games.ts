import { z } from 'zod';

/**
 * Games asked for with a table reservation (issue 25 item 3): up to three games of the library, by id,
 * and whether the guests would like staff to teach them. Optional, additive fields of SPEC's
 * reservation: a booking without them is what it always was.
 */
export const MAX_RESERVATION_GAMES = 3;
export const RESERVATION_GAMES_MESSAGE = `Choose at most ${MAX_RESERVATION_GAMES} games`;
export const RESERVATION_GAMES_REPEATED = 'Each game can be chosen once';
export const TEACH_US_LABEL = 'Teach us a game';
/** The staff's warning on a booking whose requested game has no complete copy left at that time. */
export const gameShortMessage = (title: string, copies: number) =>
  copies === 0
    ? `${title}: no complete copy in the library`
    : `${title}: all ${copies} complete ${copies === 1 ? 'copy is' : 'copies are'} requested for an overlapping booking`;

export const reservationGamesField = z
  .array(z.string({ error: 'A game is given by its id' }).trim().min(1).max(64), { error: RESERVATION_GAMES_MESSAGE })
  .max(MAX_RESERVATION_GAMES, { error: RESERVATION_GAMES_MESSAGE })
  .refine((ids) => new Set(ids).size === ids.length, { error: RESERVATION_GAMES_REPEATED });

/** The fields the public form and the staff dialogs add to a reservation (both optional). */
export const reservationGamesShape = {
  games: reservationGamesField.optional(),
  teachUs: z.boolean({ error: 'Teach us must be true or false' }).optional(),
};

/** GET /api/admin/reservation-games?date=: a day's reservations that asked for games, for Today and the dialog. */
export const reservationGamesQuerySchema = z.object({
  date: z.string({ error: 'date is required (yyyy-MM-dd)' }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'date must be a date (yyyy-MM-dd)' }),
});
export const requestedGameSchema = z.object({
  id: z.string(),
  /** The library's title; 'Unknown game' when it left the library. */
  title: z.string(),
  completeCopies: z.number().int(),
  /** Other live reservations overlapping this one (within the table-holding time) that ask for it too. */
  requestedAlongside: z.number().int(),
  /** Every complete copy is already asked for by an overlapping booking: staff are warned. */
  short: z.boolean(),
  warning: z.string().nullable(),
});
export const reservationGamesOutSchema = z.object({
  date: z.string(),
  reservations: z.array(
    z.object({ id: z.string(), time: z.string(), partySize: z.number().int(), teachUs: z.boolean(), games: z.array(requestedGameSchema) }),
  ),
});
export type ReservationGamesOut = z.output<typeof reservationGamesOutSchema>;
