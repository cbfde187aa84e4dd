import type { GameCopyData, GameFacts } from '@cafe/contracts';
import { PersistentMap } from './persistent-map.js';

/** The library as its one stream folds: read by the decider and by the import's plan (import-plan.ts). */
export interface GameState {
  facts: GameFacts;
  copies: GameCopyData[];
}
export interface LibraryState {
  games: PersistentMap<GameState>;
}

export const emptyLibrary = (): LibraryState => ({ games: PersistentMap.empty<GameState>() });
