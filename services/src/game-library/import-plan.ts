import {
  GAME_TITLE_TAKEN,
  SKIP_DUPLICATE,
  SKIP_NOT_OWNED,
  SKIP_UNCHANGED,
  type GameCopyData,
  type GameFacts,
  type GameLibraryEvent,
  type ImportPreview,
} from '@cafe/contracts';
import { onlyChanged } from '../platform/commands/only-changed.js';
import type { LibraryState } from './library-state.js';

/** One row of a BoardGameGeek collection export, read (bgg-csv.ts) but not yet judged against the library. */
export interface ImportRow {
  line: number;
  own: boolean;
  bggId: number | null;
  title: string;
  /** The row's facts, or why they cannot be read. */
  facts: GameFacts | null;
  invalid?: string;
  /** Copies the café owns (the export's quantity column; 1 when absent). */
  quantity: number;
}

/** Facts an import brings; the ones staff write themselves (title, description, categories, image) it never overwrites. */
const IMPORTED_FIELDS = [
  'minPlayers',
  'maxPlayers',
  'bestAt',
  'minPlayTime',
  'maxPlayTime',
  'complexity',
  'minAge',
  'year',
  'bggId',
] as const;

export interface ImportPlan {
  add: { line: number; gameId: string; bggId: number | null; title: string; facts: GameFacts; copies: GameCopyData[] }[];
  update: { line: number; gameId: string; bggId: number | null; title: string; changes: Partial<GameFacts> }[];
  skip: { line: number; gameId: string | null; bggId: number | null; title: string; reason: string }[];
}

const key = (title: string) => title.trim().toLocaleLowerCase('en-US');
export const importedGameId = (bggId: number) => `bgg-${bggId}`;

/**
 * What an import of these rows does to the library: pure, so the preview and the import's decision are
 * one computation. A game is recognised by its BoardGameGeek id, else by its title; an unchanged game,
 * a row not owned and a row seen earlier in the file are skipped, so the same file twice changes nothing.
 */
export function planImport(state: LibraryState, rows: readonly ImportRow[]): ImportPlan {
  const byBgg = new Map<number, string>();
  const byTitle = new Map<string, string>();
  for (const [id, game] of state.games) {
    if (game.facts.bggId !== null) byBgg.set(game.facts.bggId, id);
    byTitle.set(key(game.facts.title), id);
  }
  const plan: ImportPlan = { add: [], update: [], skip: [] };
  const seenBgg = new Set<number>();
  const seenTitle = new Set<string>();
  for (const row of rows) {
    const { line, bggId, title } = row;
    const matched = (bggId !== null ? byBgg.get(bggId) : undefined) ?? byTitle.get(key(title)) ?? null;
    const skip = (reason: string) => plan.skip.push({ line, gameId: matched, bggId, title, reason });
    if (!row.own) {
      skip(SKIP_NOT_OWNED);
      continue;
    }
    if (!row.facts) {
      skip(row.invalid ?? 'unreadable row');
      continue;
    }
    if ((bggId !== null && seenBgg.has(bggId)) || (matched === null && seenTitle.has(key(title)))) {
      skip(SKIP_DUPLICATE);
      continue;
    }
    if (bggId !== null) seenBgg.add(bggId);
    seenTitle.add(key(title));
    if (matched !== null) {
      const current = state.games.get(matched)!.facts;
      const brought: Partial<GameFacts> = {};
      for (const field of IMPORTED_FIELDS) {
        const value = row.facts[field];
        const empty = value === null || (Array.isArray(value) && value.length === 0);
        if (!empty) (brought as Record<string, unknown>)[field] = value;
      }
      const changes = onlyChanged<GameFacts>(current, brought);
      // Ranges change as pairs, so a new minimum never passes the old maximum.
      if (changes.minPlayers !== undefined || changes.maxPlayers !== undefined) {
        Object.assign(changes, { minPlayers: row.facts.minPlayers, maxPlayers: row.facts.maxPlayers });
      }
      if ((changes.minPlayTime !== undefined || changes.maxPlayTime !== undefined) && row.facts.minPlayTime !== null) {
        Object.assign(changes, { minPlayTime: row.facts.minPlayTime, maxPlayTime: row.facts.maxPlayTime });
      }
      if (Object.keys(changes).length === 0) skip(SKIP_UNCHANGED);
      else plan.update.push({ line, gameId: matched, bggId, title, changes });
      continue;
    }
    if (bggId === null) {
      skip('no objectid');
      continue;
    }
    const gameId = importedGameId(bggId);
    if (state.games.has(gameId)) {
      skip(GAME_TITLE_TAKEN);
      continue;
    }
    const copies = Array.from({ length: row.quantity }, (_, i) => ({
      copyId: `${gameId}-c${i + 1}`,
      condition: 'complete' as const,
      notes: '',
    }));
    plan.add.push({ line, gameId, bggId, title, facts: row.facts, copies });
  }
  return plan;
}

/**
 * The import's decision: its plan, and the events it appends (one GameAdded / GameUpdated per row that
 * changes the library, then its summary; nothing when nothing changes). The command answers the plan it
 * appended, so the answer and the events are one computation.
 */
export function decideImport(
  state: LibraryState,
  fileName: string,
  rows: readonly ImportRow[],
): { plan: ImportPlan; events: GameLibraryEvent[] } {
  const plan = planImport(state, rows);
  if (plan.add.length === 0 && plan.update.length === 0) return { plan, events: [] };
  const events: GameLibraryEvent[] = [];
  for (const row of plan.add) events.push({ type: 'GameAdded', data: { gameId: row.gameId, ...row.facts, copies: row.copies } });
  for (const row of plan.update) events.push({ type: 'GameUpdated', data: { gameId: row.gameId, ...row.changes } });
  events.push({
    type: 'GameLibraryImported',
    data: { fileName, added: plan.add.length, updated: plan.update.length, skipped: plan.skip.length },
  });
  return { plan, events };
}

/** The plan as the preview answers it: counts, and each row with what it changes. */
export function previewOf(plan: ImportPlan, rows: number): ImportPreview {
  return {
    rows,
    counts: { add: plan.add.length, update: plan.update.length, skip: plan.skip.length },
    add: plan.add.map(({ line, bggId, title }) => ({ line, bggId, title, gameId: null })),
    update: plan.update.map(({ line, bggId, title, gameId, changes }) => ({ line, bggId, title, gameId, changes: Object.keys(changes) })),
    skip: plan.skip.map(({ line, bggId, title, gameId, reason }) => ({ line, bggId, title, gameId, reason })),
  };
}
