import { z } from 'zod';
import { requiredText } from './fields.js';
import { urlOrEmpty } from './content-fields.js';
import { tooLongMessage } from './limits.js';
import { GAME_CONDITIONS, type GameCondition } from './game-labels.js';

export { GAME_CONDITIONS, GAME_UNAVAILABLE, type GameCondition } from './game-labels.js';

/**
 * The café's game library: each game's published facts (players, time, complexity as BoardGameGeek's
 * average weight, age, year, categories) and its physical copies, each with a condition staff keep up to date.
 */

export const GAME_LIMITS = {
  title: 120,
  description: 1000,
  copyNotes: 300,
  category: 40,
  categories: 12,
  copies: 30,
  players: 100,
  minutes: 1440,
  age: 21,
  /** The CSV import: bytes and rows a file may hold. */
  importBytes: 5 * 1024 * 1024,
  importRows: 20_000,
} as const;

export const GAME_TITLE_REQUIRED = 'Game title is required';
export const GAME_NOT_FOUND = 'Game not found';
export const GAME_COPY_NOT_FOUND = 'Copy not found';
export const GAME_TITLE_TAKEN = 'A game with this title is already in the library';
export const PLAYERS_MESSAGE = `Players must be whole numbers from 1 to ${GAME_LIMITS.players}`;
export const PLAYERS_ORDER_MESSAGE = 'Maximum players must be at least the minimum';
export const BEST_AT_MESSAGE = 'Best at must be player counts between the minimum and maximum';
export const PLAY_TIME_MESSAGE = `Play time must be whole minutes from 1 to ${GAME_LIMITS.minutes}`;
export const PLAY_TIME_ORDER_MESSAGE = 'Longest play time must be at least the shortest';
export const COMPLEXITY_MESSAGE = 'Complexity must be a number from 1 to 5';
export const MIN_AGE_MESSAGE = `Minimum age must be a whole number from 0 to ${GAME_LIMITS.age}`;
export const YEAR_MESSAGE = 'Year must be a whole number such as 1995';
export const CONDITION_MESSAGE = 'Condition must be complete, missing pieces or out for repair';
export const TOO_MANY_COPIES = `A game can have at most ${GAME_LIMITS.copies} copies`;
export const TOO_MANY_CATEGORIES = `A game can have at most ${GAME_LIMITS.categories} categories`;
/** The CSV import's refusals (400, 413, 415). */
export const IMPORT_FILE_REQUIRED = 'Please choose a BoardGameGeek collection CSV file';
export const IMPORT_TOO_LARGE = `The file is too large (at most ${GAME_LIMITS.importBytes / 1024 / 1024} MB)`;
export const IMPORT_TYPE_MESSAGE = 'Only a CSV file (a BoardGameGeek collection export) can be imported';
export const IMPORT_COLUMNS_MESSAGE = 'This is not a BoardGameGeek collection export: it needs the columns objectname, objectid and own';
export const IMPORT_TOO_MANY_ROWS = `The file has too many rows (at most ${GAME_LIMITS.importRows})`;
export const IMPORT_NOT_CSV = 'The file could not be read as CSV';

const wholeNumber = (message: string, min: number, max: number) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });
/** Optional numbers: null (or left out) means not known. */
const optionalNumber = <T extends z.ZodType<number>>(schema: T) => schema.nullable().default(null);

export const gameConditionSchema = z.enum(GAME_CONDITIONS, { error: CONDITION_MESSAGE });
const copyNotes = z
  .string()
  .trim()
  .max(GAME_LIMITS.copyNotes, { error: tooLongMessage('Notes', GAME_LIMITS.copyNotes) })
  .default('');

export const gameCopySchema = z.object({ condition: gameConditionSchema.default('complete'), notes: copyNotes });
export type GameCopyFields = z.output<typeof gameCopySchema>;

const gameFactsObject = z.object({
  title: requiredText(GAME_TITLE_REQUIRED).pipe(z.string().max(GAME_LIMITS.title, { error: tooLongMessage('Title', GAME_LIMITS.title) })),
  minPlayers: wholeNumber(PLAYERS_MESSAGE, 1, GAME_LIMITS.players),
  maxPlayers: wholeNumber(PLAYERS_MESSAGE, 1, GAME_LIMITS.players),
  bestAt: z
    .array(wholeNumber(BEST_AT_MESSAGE, 1, GAME_LIMITS.players))
    .max(GAME_LIMITS.players)
    .default([]),
  minPlayTime: optionalNumber(wholeNumber(PLAY_TIME_MESSAGE, 1, GAME_LIMITS.minutes)),
  maxPlayTime: optionalNumber(wholeNumber(PLAY_TIME_MESSAGE, 1, GAME_LIMITS.minutes)),
  /** BoardGameGeek's average weight, 1 (light) to 5 (heavy), kept to 2 decimals. */
  complexity: optionalNumber(
    z
      .number({ error: COMPLEXITY_MESSAGE })
      .min(1, { error: COMPLEXITY_MESSAGE })
      .max(5, { error: COMPLEXITY_MESSAGE })
      .transform((v) => Math.round(v * 100) / 100),
  ),
  minAge: optionalNumber(wholeNumber(MIN_AGE_MESSAGE, 0, GAME_LIMITS.age)),
  year: optionalNumber(wholeNumber(YEAR_MESSAGE, -5000, 2100)),
  categories: z
    .array(
      z
        .string()
        .trim()
        .min(1)
        .max(GAME_LIMITS.category, { error: tooLongMessage('Category', GAME_LIMITS.category) }),
    )
    .max(GAME_LIMITS.categories, { error: TOO_MANY_CATEGORIES })
    .default([])
    .transform((list) => [...new Set(list)]),
  description: z
    .string()
    .trim()
    .max(GAME_LIMITS.description, { error: tooLongMessage('Description', GAME_LIMITS.description) })
    .default(''),
  /** An absolute URL or an uploaded image's path on this site ('/api/uploads/…'). */
  imageUrl: urlOrEmpty().transform((v) => v ?? null),
  /** BoardGameGeek's objectid: how an import recognises a game it has seen. */
  bggId: optionalNumber(z.number().int().min(1)),
});

type FactsOut = z.output<typeof gameFactsObject>;
function checkOrder(value: FactsOut, ctx: z.RefinementCtx) {
  if (value.maxPlayers < value.minPlayers) ctx.addIssue({ code: 'custom', path: ['maxPlayers'], message: PLAYERS_ORDER_MESSAGE });
  if (value.bestAt.some((n) => n < value.minPlayers || n > value.maxPlayers))
    ctx.addIssue({ code: 'custom', path: ['bestAt'], message: BEST_AT_MESSAGE });
  if (value.minPlayTime !== null && value.maxPlayTime !== null && value.maxPlayTime < value.minPlayTime)
    ctx.addIssue({ code: 'custom', path: ['maxPlayTime'], message: PLAY_TIME_ORDER_MESSAGE });
}
const sortedFacts = (v: FactsOut) => ({ ...v, bestAt: [...new Set(v.bestAt)].sort((a, b) => a - b) });

/** PUT /api/admin/games/{id}: the game's facts (its copies change through their own routes). */
export const gameFactsSchema = gameFactsObject.superRefine(checkOrder).transform(sortedFacts);
export type GameFacts = z.output<typeof gameFactsSchema>;

/** POST /api/admin/games: the facts and the copies the café has (none yet is allowed). */
export const gameSchema = gameFactsObject
  .extend({ copies: z.array(gameCopySchema).max(GAME_LIMITS.copies, { error: TOO_MANY_COPIES }).default([]) })
  .superRefine(checkOrder)
  .transform((v) => ({ ...sortedFacts(v), copies: v.copies }));
export type GameInput = z.input<typeof gameSchema>;
export type GameFields = z.output<typeof gameSchema>;

/** PATCH /api/admin/games/{id}/copies/{copyId}. */
export const gameCopyChangeSchema = z.object({ condition: gameConditionSchema, notes: copyNotes.optional() });
export type GameCopyChange = z.output<typeof gameCopyChangeSchema>;

/** Responses. */
export const gameCopyOut = z.object({ id: z.string(), condition: gameConditionSchema, notes: z.string() });
export type GameCopy = z.output<typeof gameCopyOut>;

const gameFactsOut = z.object({
  id: z.string(),
  title: z.string(),
  minPlayers: z.number(),
  maxPlayers: z.number(),
  bestAt: z.array(z.number()),
  minPlayTime: z.number().nullable(),
  maxPlayTime: z.number().nullable(),
  complexity: z.number().nullable(),
  minAge: z.number().nullable(),
  year: z.number().nullable(),
  categories: z.array(z.string()),
  description: z.string(),
  imageUrl: z.string().nullable(),
  bggId: z.number().nullable(),
  /** How many copies, and how many of them are complete (a game with none complete is unavailable). */
  copyCount: z.number(),
  completeCopies: z.number(),
});
/** GET /api/games: what visitors see (copies as counts; staff notes stay with staff). */
export const publicGameOut = gameFactsOut;
export type PublicGame = z.output<typeof publicGameOut>;
/** GET /api/admin/games: with every copy, its condition and notes. */
export const staffGameOut = gameFactsOut.extend({ copies: z.array(gameCopyOut), updatedAt: z.string() });
export type StaffGame = z.output<typeof staffGameOut>;

/** What other slices (open tables, reservations) read of a game: gameSummariesByIds in the game-library slice. */
export interface GameSummary {
  id: string;
  title: string;
  minPlayers: number;
  maxPlayers: number;
  copyCount: number;
  completeCopies: number;
}

/** The CSV import's preview (and the import's answer: what it did). */
export const importRowOut = z.object({
  /** Line in the file (the header is line 1). */
  line: z.number(),
  bggId: z.number().nullable(),
  title: z.string(),
  /** The game it updates, when one is already in the library. */
  gameId: z.string().nullable(),
  reason: z.string().optional(),
});
export const importPreviewOut = z.object({
  rows: z.number(),
  counts: z.object({ add: z.number(), update: z.number(), skip: z.number() }),
  add: z.array(importRowOut),
  update: z.array(importRowOut.extend({ changes: z.array(z.string()) })),
  skip: z.array(importRowOut),
});
export type ImportPreview = z.output<typeof importPreviewOut>;
export const SKIP_NOT_OWNED = 'not owned (own is not 1)';
export const SKIP_UNCHANGED = 'already in the library, unchanged';
export const SKIP_DUPLICATE = 'the same game appears earlier in the file';

export interface GameCopyData {
  copyId: string;
  condition: GameCondition;
  notes: string;
}
export type GameData = Omit<GameFacts, never>;

/** Events of the library's one stream (gameLibrary-main): every game's decisions, in order. */
export type GameLibraryEvent =
  | { type: 'GameAdded'; data: GameData & { gameId: string; copies: GameCopyData[] } }
  | { type: 'GameUpdated'; data: Partial<GameData> & { gameId: string } }
  | { type: 'GameCopyAdded'; data: GameCopyData & { gameId: string } }
  | { type: 'GameCopyConditionChanged'; data: GameCopyData & { gameId: string } }
  | { type: 'GameCopyRemoved'; data: { gameId: string; copyId: string } }
  | { type: 'GameRemoved'; data: { gameId: string } }
  /** Closes one import's decision: what it added and updated (its GameAdded / GameUpdated precede it). */
  | { type: 'GameLibraryImported'; data: { fileName: string; added: number; updated: number; skipped: number } };

/** GET /api/games/count: how many games the library holds (the landing page's "850+ Games!"). */
export const gameCountOut = z.object({ games: z.number().int() });
