import { z } from 'zod';
import { formatTime12 } from './time.js';

/**
 * The café's floor as staff set it: areas with tables, the combinations of tables that may be joined,
 * how long a party stays, and how far online bookings may oversize a table. Names are the ids (unique
 * across the floor): bookings, History and the host's view point at tables by name.
 * Without a floor the café seats by its seat capacity, as it always did.
 */
export const FLOOR_LIMITS = { areas: 20, tables: 200, combinations: 200, seats: 100, name: 40, grid: 60 } as const;
export const TABLE_SHAPES = ['square', 'round', 'long'] as const;
export type TableShape = (typeof TABLE_SHAPES)[number];

/** Length of stay by party size: the defaults staff start from (1–2 guests 90 minutes, 3–4 120, 5 and more 150). */
export const DEFAULT_STAY_BANDS: StayBand[] = [
  { fromGuests: 1, minutes: 90 },
  { fromGuests: 3, minutes: 120 },
  { fromGuests: 5, minutes: 150 },
];
/** A requested game lengthens a stay up to this (staff set it); no game shortens one. */
export const DEFAULT_GAME_STAY_MAX_MINUTES = 240;
/** Online, a party may take a table at most this many seats larger than itself (a couple never takes a 6-top). */
export const DEFAULT_MAX_OVERSIZE_ONLINE = 2;
export const STAY_MINUTES_MIN = 30;
export const STAY_MINUTES_MAX = 480;

export const FLOOR_NAME_MESSAGE = `Names must be 1 to ${FLOOR_LIMITS.name} characters`;
export const TABLE_SEATS_MESSAGE = `Seats must be whole numbers from 1 to ${FLOOR_LIMITS.seats}`;
export const TABLE_MIN_MAX_MESSAGE = 'A table’s minimum seats cannot be more than its maximum';
export const COMBINATION_MIN_MAX_MESSAGE = 'A combination’s minimum seats cannot be more than its maximum';
export const COMBINATION_SIZE_MESSAGE = 'A combination joins at least two tables';
export const STAY_MINUTES_MESSAGE = `Stays must be whole minutes from ${STAY_MINUTES_MIN} to ${STAY_MINUTES_MAX}`;
export const STAY_BANDS_MESSAGE = 'Stay lengths start at 1 guest, each band for more guests than the one before';
export const OVERSIZE_MESSAGE = `Oversize must be a whole number of seats from 0 to ${FLOOR_LIMITS.seats}`;
export const duplicateNameMessage = (name: string) => `“${name}” is used twice: every area and table needs its own name`;
export const unknownTableMessage = (name: string) => `Combination names a table that is not on the floor: “${name}”`;
export const duplicateCombinationMessage = (tables: string[]) => `The combination ${tables.join(' + ')} is listed twice`;
export const GRID_MESSAGE = `Plan positions must be whole cells from 0 to ${FLOOR_LIMITS.grid - 1}`;

/** Guests' words for the end of a stay: "your table until 9:30 PM". */
export const tableUntilText = (endTime: string) => `your table until ${formatTime12(endTime)}`;

const name = z
  .string({ error: FLOOR_NAME_MESSAGE })
  .trim()
  .min(1, { error: FLOOR_NAME_MESSAGE })
  .max(FLOOR_LIMITS.name, { error: FLOOR_NAME_MESSAGE });
const seats = z
  .number({ error: TABLE_SEATS_MESSAGE })
  .int({ error: TABLE_SEATS_MESSAGE })
  .min(1, { error: TABLE_SEATS_MESSAGE })
  .max(FLOOR_LIMITS.seats, { error: TABLE_SEATS_MESSAGE });
const cell = z
  .number({ error: GRID_MESSAGE })
  .int({ error: GRID_MESSAGE })
  .min(0, { error: GRID_MESSAGE })
  .max(FLOOR_LIMITS.grid - 1, { error: GRID_MESSAGE });
const stayMinutes = z
  .number({ error: STAY_MINUTES_MESSAGE })
  .int({ error: STAY_MINUTES_MESSAGE })
  .min(STAY_MINUTES_MIN, { error: STAY_MINUTES_MESSAGE })
  .max(STAY_MINUTES_MAX, { error: STAY_MINUTES_MESSAGE });

export const floorTableSchema = z
  .object({
    name,
    minSeats: seats,
    maxSeats: seats,
    /** Guests may book it online; false keeps it for walk-ins and staff. */
    online: z.boolean({ error: 'online must be true or false' }),
    /** Where the plan draws it (grid cells from the top left), and how; placed in a row when absent. */
    x: cell.optional(),
    y: cell.optional(),
    shape: z.enum(TABLE_SHAPES, { error: `shape must be one of ${TABLE_SHAPES.join(', ')}` }).optional(),
  })
  .refine((t) => t.minSeats <= t.maxSeats, { error: TABLE_MIN_MAX_MESSAGE, path: ['minSeats'] });

export const floorAreaSchema = z.object({
  name,
  tables: z.array(floorTableSchema).max(FLOOR_LIMITS.tables, { error: `At most ${FLOOR_LIMITS.tables} tables` }),
});

export const floorCombinationSchema = z
  .object({
    tables: z.array(name).min(2, { error: COMBINATION_SIZE_MESSAGE }).max(FLOOR_LIMITS.tables),
    minSeats: seats,
    maxSeats: z
      .number({ error: TABLE_SEATS_MESSAGE })
      .int({ error: TABLE_SEATS_MESSAGE })
      .min(1, { error: TABLE_SEATS_MESSAGE })
      .max(FLOOR_LIMITS.seats * 10, { error: TABLE_SEATS_MESSAGE }),
  })
  .refine((c) => c.minSeats <= c.maxSeats, { error: COMBINATION_MIN_MAX_MESSAGE, path: ['minSeats'] });

export interface StayBand {
  /** The band covers parties from this many guests up to the next band's start. */
  fromGuests: number;
  minutes: number;
}

export const stayRulesSchema = z.object({
  bands: z
    .array(z.object({ fromGuests: seats, minutes: stayMinutes }))
    .min(1, { error: STAY_BANDS_MESSAGE })
    .max(20)
    .refine((bands) => bands[0]?.fromGuests === 1 && bands.every((b, i) => i === 0 || b.fromGuests > bands[i - 1]!.fromGuests), {
      error: STAY_BANDS_MESSAGE,
    }),
  /** A requested game's playing time lengthens a stay up to this. */
  gameMaxMinutes: stayMinutes,
});
export type StayRules = z.output<typeof stayRulesSchema>;
export const DEFAULT_STAY_RULES: StayRules = { bands: DEFAULT_STAY_BANDS, gameMaxMinutes: DEFAULT_GAME_STAY_MAX_MINUTES };

/**
 * PUT /api/admin/floor: the whole floor. `stays` and `maxOversizeOnline` are optional (their defaults then).
 * An empty floor (no tables) means "seat by capacity" again.
 */
export const floorSchema = z
  .object({
    areas: z.array(floorAreaSchema).max(FLOOR_LIMITS.areas, { error: `At most ${FLOOR_LIMITS.areas} areas` }),
    combinations: z.array(floorCombinationSchema).max(FLOOR_LIMITS.combinations).default([]),
    stays: stayRulesSchema.default(DEFAULT_STAY_RULES),
    maxOversizeOnline: z
      .number({ error: OVERSIZE_MESSAGE })
      .int({ error: OVERSIZE_MESSAGE })
      .min(0, { error: OVERSIZE_MESSAGE })
      .max(FLOOR_LIMITS.seats, { error: OVERSIZE_MESSAGE })
      .default(DEFAULT_MAX_OVERSIZE_ONLINE),
  })
  .superRefine((floor, ctx) => {
    const seen = new Set<string>();
    const tables = new Set<string>();
    const taken = (value: string, path: (string | number)[]) => {
      const key = value.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', message: duplicateNameMessage(value), path });
      seen.add(key);
    };
    floor.areas.forEach((area, a) => {
      taken(area.name, ['areas', a, 'name']);
      area.tables.forEach((table, t) => {
        taken(table.name, ['areas', a, 'tables', t, 'name']);
        tables.add(table.name.toLowerCase());
      });
    });
    if (tables.size > FLOOR_LIMITS.tables)
      ctx.addIssue({ code: 'custom', message: `At most ${FLOOR_LIMITS.tables} tables`, path: ['areas'] });
    const combos = new Set<string>();
    floor.combinations.forEach((combination, c) => {
      for (const table of combination.tables) {
        if (!tables.has(table.toLowerCase()))
          ctx.addIssue({ code: 'custom', message: unknownTableMessage(table), path: ['combinations', c, 'tables'] });
      }
      const key = combination.tables
        .map((t) => t.toLowerCase())
        .sort()
        .join('\u0000');
      if (new Set(combination.tables.map((t) => t.toLowerCase())).size !== combination.tables.length) {
        ctx.addIssue({ code: 'custom', message: COMBINATION_SIZE_MESSAGE, path: ['combinations', c, 'tables'] });
      }
      if (combos.has(key))
        ctx.addIssue({ code: 'custom', message: duplicateCombinationMessage(combination.tables), path: ['combinations', c] });
      combos.add(key);
    });
  });
export type FloorInput = z.input<typeof floorSchema>;
export type Floor = z.output<typeof floorSchema>;
export type FloorTable = z.output<typeof floorTableSchema>;
export type FloorCombination = z.output<typeof floorCombinationSchema>;

/** GET /api/admin/floor: the floor (an empty one when none was set) and its version on the floor's stream. */
export const floorOutSchema = z.object({
  areas: z.array(
    z.object({
      name: z.string(),
      tables: z.array(
        z.object({
          name: z.string(),
          minSeats: z.number(),
          maxSeats: z.number(),
          online: z.boolean(),
          x: z.number().optional(),
          y: z.number().optional(),
          shape: z.enum(TABLE_SHAPES).optional(),
        }),
      ),
    }),
  ),
  combinations: z.array(z.object({ tables: z.array(z.string()), minSeats: z.number(), maxSeats: z.number() })),
  stays: z.object({ bands: z.array(z.object({ fromGuests: z.number(), minutes: z.number() })), gameMaxMinutes: z.number() }),
  maxOversizeOnline: z.number(),
  version: z.number().int(),
});
export type FloorOut = z.output<typeof floorOutSchema>;

export const EMPTY_FLOOR: Floor = {
  areas: [],
  combinations: [],
  stays: DEFAULT_STAY_RULES,
  maxOversizeOnline: DEFAULT_MAX_OVERSIZE_ONLINE,
};
export const hasTables = (floor: Pick<Floor, 'areas'> | null | undefined): boolean =>
  !!floor && floor.areas.some((a) => a.tables.length > 0);

/**
 * How long a party stays: its size's band, lengthened to the longest requested game's playing time
 * (never past the staff's game bound, never shortened by a game), in whole minutes.
 */
export function stayMinutesFor(rules: StayRules, partySize: number, longestGameMinutes?: number | null): number {
  let band = rules.bands[0]?.minutes ?? DEFAULT_STAY_BANDS[0]!.minutes;
  for (const b of rules.bands) if (partySize >= b.fromGuests) band = b.minutes;
  if (!longestGameMinutes || longestGameMinutes <= band) return band;
  return Math.max(band, Math.min(longestGameMinutes, rules.gameMaxMinutes));
}

/** A table move in History and on the day sheet: "Table: 4 → 7", "Tables: 6 + 7 → 9". */
export function tableMoveText(from: string[], to: string[]): string {
  const label = from.length > 1 || to.length > 1 ? 'Tables' : 'Table';
  const side = (names: string[]) => (names.length ? names.join(' + ') : 'none');
  return `${label}: ${side(from)} → ${side(to)}`;
}

/** A table is not free for the stay, too small, or kept off the online book (409, code 'table-rule'; staff may move anyway). */
export const TABLE_RULE_CODE = 'table-rule';
export const tableTakenMessage = (table: string, time: string) => `Table ${table} is taken at ${formatTime12(time)}.`;
export const tableTooSmallMessage = (tables: string[], seatsAt: number, partySize: number) =>
  `${tables.join(' + ')} seats ${seatsAt}, and this party is ${partySize}.`;
export const tableTooLargeMessage = (tables: string[], minSeats: number, partySize: number) =>
  `${tables.join(' + ')} seats at least ${minSeats}, and this party is ${partySize}.`;
/** A booking refused on a floored day (409 fully-booked): no table it may take is free for its whole stay. */
export const noTableFitsMessage = (partySize: number, time: string) =>
  `Sorry, no table fits a party of ${partySize} at ${formatTime12(time)} for its whole stay. Please choose another time.`;
export const tableUnknownMessage = (table: string) => `There is no table “${table}” on the floor.`;
export const UNPLACED_TITLE = 'Bookings without a table';

/** Events of the floor's stream (floor-main): the whole floor each time, with History's lines for what changed. */
export type FloorEvent = { type: 'FloorSet'; data: { floor: Floor; changes: string[] } };
export const FLOOR_EVENT_TYPES = ['FloorSet'] as const;

const isoDate = z
  .string({ error: 'date is required (yyyy-MM-dd)' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'date must be a date (yyyy-MM-dd)' });
const clockTime = z.string({ error: 'time must be HH:mm' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'time must be HH:mm' });

/** GET /api/admin/floor/view?date=&time=: the host's view of a day, at a time (now when absent, on today). */
export const floorViewQuerySchema = z.object({ date: isoDate, time: clockTime.optional() });

const stayOut = z.object({
  bookingId: z.string(),
  /** 'offer': a live waitlist offer holds the table until taken or let go (shown as OFFER_HOLD_LABEL, waitlist.ts). */
  kind: z.enum(['reservation', 'party', 'event', 'offer']),
  name: z.string(),
  partySize: z.number().int(),
  tables: z.array(z.string()),
  time: z.string(),
  /** HH:mm the stay ends (time + its minutes). */
  until: z.string(),
  /** booked: not arrived yet; seated: arrived; left: done or no-show is not drawn. */
  status: z.enum(['booked', 'seated', 'done']),
});
export type StayOut = z.output<typeof stayOut>;

export const floorViewOutSchema = z.object({
  date: z.string(),
  time: z.string(),
  /** False when the café seats by capacity (no floor): the view then only lists the day's stays. */
  hasFloor: z.boolean(),
  tables: z.array(
    z.object({
      name: z.string(),
      area: z.string(),
      minSeats: z.number(),
      maxSeats: z.number(),
      online: z.boolean(),
      x: z.number(),
      y: z.number(),
      shape: z.enum(TABLE_SHAPES),
      /** At `time`: free, booked soon is still free (see next), seated until, or past its stay ("over", red). */
      status: z.enum(['free', 'seated', 'over']),
      current: stayOut.nullable(),
      next: stayOut.nullable(),
    }),
  ),
  /** The timeline: each stay once (a combination's too), in time order. */
  stays: z.array(stayOut),
  /** Future bookings a new floor could not place, for staff to seat by hand. */
  unplaced: z.array(z.object({ bookingId: z.string(), date: z.string(), time: z.string(), name: z.string(), partySize: z.number().int() })),
});
export type FloorView = z.output<typeof floorViewOutSchema>;

/** POST /api/admin/floor/moves: put a booking (or an event) at other tables; `force` after staff saw the rule it breaks. */
export const tableMoveSchema = z.object({
  date: isoDate,
  bookingId: z.string().trim().min(1).max(64),
  tables: z.array(z.string().trim().min(1).max(FLOOR_LIMITS.name)).min(1, { error: 'Choose at least one table' }).max(FLOOR_LIMITS.tables),
  force: z.boolean().optional(),
});
export type TableMove = z.output<typeof tableMoveSchema>;

/** POST /api/admin/floor/stays: lengthen or shorten a stay. */
export const stayChangeSchema = z.object({
  date: isoDate,
  bookingId: z.string().trim().min(1).max(64),
  minutes: z
    .number({ error: STAY_MINUTES_MESSAGE })
    .int({ error: STAY_MINUTES_MESSAGE })
    .min(STAY_MINUTES_MIN, { error: STAY_MINUTES_MESSAGE })
    .max(STAY_MINUTES_MAX, { error: STAY_MINUTES_MESSAGE }),
  /** Longer into the next stay at its tables is refused (409 'table-rule') unless staff go ahead. */
  force: z.boolean().optional(),
});
export type StayChange = z.output<typeof stayChangeSchema>;

/** GET /api/admin/floor/history: every floor set, newest last, with History's lines for what changed. */
export const floorHistorySchema = z.object({
  zone: z.string(),
  events: z.array(
    z.object({
      version: z.number().int(),
      /** 'Floor set up' the first time, then 'Floor changed'. */
      what: z.string(),
      /** ISO instant, and the same instant in the café's zone. */
      at: z.string(),
      when: z.string(),
      by: z.string(),
      lines: z.array(z.string()),
    }),
  ),
});
export type FloorHistory = z.output<typeof floorHistorySchema>;
