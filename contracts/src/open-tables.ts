import { z } from 'zod';
import { emailField, nameField, requiredText } from './fields.js';
import { isIsoDate } from './time.js';
import { tooLongMessage } from './limits.js';
import type { BookingClosure } from './booking-core.js';

/**
 * Open tables: a reservation's host shares some of its seats with new players, with a game or kind of
 * game in mind. Visitors browse a date's open tables (the host's first name only) and ask to join; the
 * host (through their booking's signed link) or staff accept or decline. The shared seats are seats of
 * the reservation itself (a table for 6 whose party is 4 shares 2), so the café's capacity is already
 * held: accepted joiners never exceed what the table shares, and nothing more is claimed on the day.
 */
export const OPEN_TABLE_HOST_PATH = '/open-tables/host';

export const OPEN_TABLE_GAME_MAX = 80;
export const OPEN_TABLE_MAX_SEATS = 8;
export const JOIN_MAX_PARTY = 4;

export const OPEN_TABLE_NOT_FOUND = 'Open table not found';
export const OPEN_TABLE_CLOSED = 'This table is no longer open to new players.';
export const OPEN_TABLE_FULL = 'Sorry, this table has no seats left.';
export const OPEN_TABLE_NOT_LIVE = 'Only a confirmed reservation from today on can be opened to new players.';
export const OPEN_TABLE_GAME_REQUIRED = 'Please say which game or kind of game you have in mind';
export const OPEN_TABLE_SEATS_MESSAGE = `Seats to share must be between 1 and ${OPEN_TABLE_MAX_SEATS}`;
export const JOIN_REQUEST_NOT_FOUND = 'Join request not found';
export const TOO_MANY_JOIN_REQUESTS = 'This table already has many requests waiting for an answer. Please try again later.';
export const JOIN_ALREADY_PENDING = 'You have already asked to join this table. The host will answer by e-mail.';
export const JOIN_PARTY_MESSAGE = `Party size must be between 1 and ${JOIN_MAX_PARTY}`;
export const JOIN_REQUEST_SENT = 'Request sent! The host will answer by e-mail.';
export const JOIN_ACCEPTED_TOAST = 'Request accepted';
export const JOIN_DECLINED_TOAST = 'Request declined';
export const TABLE_OPENED_TOAST = 'Your table is open to new players';

/** 'Sorry, this table has only 1 seat left.' */
export const seatsLeftMessage = (left: number) =>
  left <= 0 ? OPEN_TABLE_FULL : `Sorry, this table has only ${left} ${left === 1 ? 'seat' : 'seats'} left.`;
/** A table for n people can share at most n − 1 of its seats: the host keeps one. */
export const tooManySharedMessage = (partySize: number) =>
  `A reservation for ${partySize} can share at most ${Math.max(partySize - 1, 0)} ${partySize - 1 === 1 ? 'seat' : 'seats'}.`;
export const joinAlreadyMessage = (status: JoinStatus) => `This request was already ${status}.`;

/** What the public listing shows of a host: the first word of their name, nothing else. */
export const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? '';

export const JOIN_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type JoinStatus = (typeof JOIN_STATUSES)[number];

const seatsField = z
  .number({ error: OPEN_TABLE_SEATS_MESSAGE })
  .int({ error: OPEN_TABLE_SEATS_MESSAGE })
  .min(1, { error: OPEN_TABLE_SEATS_MESSAGE })
  .max(OPEN_TABLE_MAX_SEATS, { error: OPEN_TABLE_SEATS_MESSAGE });
const gameField = requiredText(OPEN_TABLE_GAME_REQUIRED).pipe(
  z.string().max(OPEN_TABLE_GAME_MAX, { error: tooLongMessage('Game', OPEN_TABLE_GAME_MAX) }),
);

/** POST /api/open-tables/host/{token}: the host opens (or changes) their table. */
export const openTableSchema = z.object({ game: gameField, seats: seatsField });
export type OpenTableInput = z.input<typeof openTableSchema>;
/** POST /api/admin/open-tables: staff open a reservation's table. */
export const adminOpenTableSchema = openTableSchema.extend({ reservationId: z.string().min(1).max(100) });

/** POST /api/open-tables/{id}/join-requests: a visitor asks to join. */
export const joinRequestSchema = z.object({
  name: nameField(),
  email: emailField('Email is required', 'Please enter a valid email address'),
  partySize: z
    .number({ error: JOIN_PARTY_MESSAGE })
    .int({ error: JOIN_PARTY_MESSAGE })
    .min(1, { error: JOIN_PARTY_MESSAGE })
    .max(JOIN_MAX_PARTY, { error: JOIN_PARTY_MESSAGE }),
});
export type JoinRequestInput = z.input<typeof joinRequestSchema>;

export const openTablesQuerySchema = z.object({
  date: z.string({ error: 'date is required (yyyy-MM-dd)' }).refine(isIsoDate, { error: 'date must be a date (yyyy-MM-dd)' }),
});

/** The public listing: never a name beyond the host's first, never an e-mail, phone or joiner. */
export const publicOpenTableSchema = z.object({
  id: z.string(),
  date: z.string(),
  time: z.string(),
  hostFirstName: z.string(),
  game: z.string(),
  seats: z.number().int(),
  seatsLeft: z.number().int(),
});
export type PublicOpenTable = z.output<typeof publicOpenTableSchema>;
export const publicOpenTablesSchema = z.object({ date: z.string(), tables: z.array(publicOpenTableSchema) });
export type PublicOpenTables = z.output<typeof publicOpenTablesSchema>;

export const joinRequestOutSchema = z.object({
  id: z.string(),
  name: z.string(),
  partySize: z.number().int(),
  status: z.enum(JOIN_STATUSES),
  requestedAt: z.string(),
});
/** The host's view (by their link): their table and who asks, by name and size (no e-mails). */
export const hostOpenTableSchema = z.object({
  reservation: z.object({ name: z.string(), date: z.string(), time: z.string(), partySize: z.number().int() }),
  table: publicOpenTableSchema.extend({ open: z.boolean(), requests: z.array(joinRequestOutSchema) }).nullable(),
});
export type HostOpenTable = z.output<typeof hostOpenTableSchema>;

/** Staff's view of a date's tables: the joiners' e-mails too. */
export const adminOpenTableOutSchema = publicOpenTableSchema.extend({
  reservationId: z.string(),
  open: z.boolean(),
  requests: z.array(joinRequestOutSchema.extend({ email: z.string() })),
});
export const adminOpenTablesSchema = z.object({ date: z.string(), tables: z.array(adminOpenTableOutSchema) });
export type AdminOpenTables = z.output<typeof adminOpenTablesSchema>;

/** POST …/requests/{requestId}: the host's or staff's answer to a request. */
export const joinAnswerSchema = z.object({ answer: z.enum(['accept', 'decline'], { error: 'answer must be accept or decline' }) });
export type JoinAnswer = z.output<typeof joinAnswerSchema>['answer'];

export const joinRequestCreatedSchema = z.object({ id: z.string(), status: z.enum(JOIN_STATUSES) });
export const joinAnsweredSchema = z.object({ id: z.string(), status: z.enum(JOIN_STATUSES), seatsLeft: z.number().int() });
export const tableOpenedSchema = z.object({ id: z.string(), version: z.number().int() });

export type OpenTableEvent =
  | {
      type: 'TableOpened';
      data: {
        tableId: string;
        reservationId: string;
        date: string;
        time: string;
        hostEmail: string;
        hostFirstName: string;
        game: string;
        seats: number;
      };
    }
  | { type: 'OpenTableChanged'; data: { tableId: string; game: string; seats: number } }
  | { type: 'TableClosed'; data: { tableId: string } }
  | { type: 'JoinRequested'; data: { tableId: string; requestId: string; name: string; email: string; partySize: number } }
  | { type: 'JoinAccepted'; data: { tableId: string; requestId: string; partySize: number } }
  | { type: 'JoinDeclined'; data: { tableId: string; requestId: string } }
  | { type: 'JoinerPersonalDataErased'; data: { tableId: string; requestId: string; guestKey: string } }
  /**
   * One per joiner waiting or accepted when the table closed: each mails that joiner (one mail per event).
   * `closure`: the café closed that day and cancelled the host's reservation with it (the mail says why).
   */
  | { type: 'JoinerToldTableClosed'; data: { tableId: string; requestId: string; closure?: BookingClosure } };

export const OPEN_TABLE_EVENT_TYPES = [
  'TableOpened',
  'OpenTableChanged',
  'TableClosed',
  'JoinRequested',
  'JoinAccepted',
  'JoinDeclined',
  'JoinerPersonalDataErased',
  'JoinerToldTableClosed',
] as const;
