import {
  GAME_COPY_NOT_FOUND,
  GAME_LIMITS,
  GAME_NOT_FOUND,
  GAME_TITLE_TAKEN,
  TOO_MANY_COPIES,
  type GameCopyChange,
  type GameCopyData,
  type GameCopyFields,
  type GameFacts,
  type GameFields,
  type GameLibraryEvent,
} from '@cafe/contracts';
import type { Decider } from '../platform/commands/decider.js';
import { Conflict, InvalidCommand, NotFound } from '../platform/commands/domain-errors.js';
import { streamName } from '../platform/event-store/event-store.js';
import { onlyChanged } from '../platform/commands/only-changed.js';
import { decideImport, type ImportRow } from './import-plan.js';
import { emptyLibrary, type GameState, type LibraryState } from './library-state.js';

/**
 * The whole library is one stream: a title is unique across it, and an import of hundreds of games is
 * one decision appended at once with the stream's expected revision (all or nothing).
 */
export const GAME_LIBRARY_STREAM = streamName('gameLibrary', 'main');

export type GameLibraryCommand =
  | { type: 'AddGame'; gameId: string; fields: GameFields; copyIds: string[] }
  | { type: 'UpdateGame'; gameId: string; facts: GameFacts }
  | { type: 'AddGameCopy'; gameId: string; copyId: string; copy: GameCopyFields }
  | { type: 'ChangeGameCopy'; gameId: string; copyId: string; change: GameCopyChange }
  | { type: 'RemoveGameCopy'; gameId: string; copyId: string }
  | { type: 'RemoveGame'; gameId: string }
  | { type: 'ImportLibrary'; fileName: string; rows: ImportRow[] };

const titleKey = (title: string) => title.trim().toLocaleLowerCase('en-US');

export function titleTaken(state: LibraryState, title: string, exceptId?: string): boolean {
  const key = titleKey(title);
  for (const [id, game] of state.games) if (id !== exceptId && titleKey(game.facts.title) === key) return true;
  return false;
}

function withGame(state: LibraryState, gameId: string, game: GameState | null): LibraryState {
  return { games: game ? state.games.set(gameId, game) : state.games.delete(gameId) };
}

function existing(state: LibraryState, gameId: string): GameState {
  const game = state.games.get(gameId);
  if (!game) throw new NotFound(GAME_NOT_FOUND);
  return game;
}

export const gameLibraryDecider: Decider<LibraryState, GameLibraryCommand, GameLibraryEvent> = {
  initialState: emptyLibrary,
  evolve: (state, event) => {
    switch (event.type) {
      case 'GameAdded': {
        const { gameId, copies, ...facts } = event.data;
        return withGame(state, gameId, { facts, copies });
      }
      case 'GameUpdated': {
        const { gameId, ...changes } = event.data;
        const game = state.games.get(gameId);
        return game ? withGame(state, gameId, { ...game, facts: { ...game.facts, ...changes } }) : state;
      }
      case 'GameCopyAdded':
      case 'GameCopyConditionChanged': {
        const { gameId, ...copy } = event.data;
        const game = state.games.get(gameId);
        if (!game) return state;
        const others = game.copies.filter((c) => c.copyId !== copy.copyId);
        const copies = event.type === 'GameCopyAdded' ? [...others, copy] : game.copies.map((c) => (c.copyId === copy.copyId ? copy : c));
        return withGame(state, gameId, { ...game, copies });
      }
      case 'GameCopyRemoved': {
        const game = state.games.get(event.data.gameId);
        if (!game) return state;
        return withGame(state, event.data.gameId, { ...game, copies: game.copies.filter((c) => c.copyId !== event.data.copyId) });
      }
      case 'GameRemoved':
        return withGame(state, event.data.gameId, null);
      case 'GameLibraryImported':
        return state;
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'AddGame': {
        if (state.games.has(command.gameId)) throw new Conflict('This game already exists');
        if (titleTaken(state, command.fields.title)) throw titleConflict();
        const { copies, ...facts } = command.fields;
        const withIds = copies.map((c, i) => ({ copyId: command.copyIds[i] ?? `${command.gameId}-c${i + 1}`, ...c }));
        return [{ type: 'GameAdded', data: { gameId: command.gameId, ...facts, copies: withIds } }];
      }
      case 'UpdateGame': {
        const game = existing(state, command.gameId);
        if (titleTaken(state, command.facts.title, command.gameId)) throw titleConflict();
        const changes = onlyChanged<GameFacts>(game.facts, command.facts);
        if (Object.keys(changes).length === 0) return [];
        return [{ type: 'GameUpdated', data: { gameId: command.gameId, ...changes } }];
      }
      case 'AddGameCopy': {
        const game = existing(state, command.gameId);
        if (game.copies.length >= GAME_LIMITS.copies) throw new InvalidCommand(TOO_MANY_COPIES);
        if (game.copies.some((c) => c.copyId === command.copyId)) throw new Conflict('This copy already exists');
        return [{ type: 'GameCopyAdded', data: { gameId: command.gameId, copyId: command.copyId, ...command.copy } }];
      }
      case 'ChangeGameCopy': {
        const copy = existingCopy(existing(state, command.gameId), command.copyId);
        const next = { ...copy, condition: command.change.condition, notes: command.change.notes ?? copy.notes };
        if (next.condition === copy.condition && next.notes === copy.notes) return [];
        return [{ type: 'GameCopyConditionChanged', data: { gameId: command.gameId, ...next } }];
      }
      case 'RemoveGameCopy':
        existingCopy(existing(state, command.gameId), command.copyId);
        return [{ type: 'GameCopyRemoved', data: { gameId: command.gameId, copyId: command.copyId } }];
      case 'RemoveGame':
        existing(state, command.gameId);
        return [{ type: 'GameRemoved', data: { gameId: command.gameId } }];
      case 'ImportLibrary':
        return decideImport(state, command.fileName, command.rows).events;
    }
  },
};

function existingCopy(game: GameState, copyId: string): GameCopyData {
  const copy = game.copies.find((c) => c.copyId === copyId);
  if (!copy) throw new NotFound(GAME_COPY_NOT_FOUND);
  return copy;
}

function titleConflict() {
  return new Conflict(GAME_TITLE_TAKEN);
}
