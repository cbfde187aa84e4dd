import type { PublicGame } from '@cafe/contracts';

/** The library page's filters; null means "any". Pure, so filtering 1,000 games is a loop, not a request. */
export interface GameFilters {
  search: string;
  players: number | null;
  /** Only games whose best player count is `players`. */
  bestAt: boolean;
  maxMinutes: number | null;
  maxComplexity: number | null;
  /** The youngest player's age: games whose minimum age is at most this. */
  age: number | null;
  category: string;
  sort: GameSort;
}
export type GameSort = 'title' | 'complexity' | 'time' | 'year';

export const NO_FILTERS: GameFilters = {
  search: '',
  players: null,
  bestAt: false,
  maxMinutes: null,
  maxComplexity: null,
  age: null,
  category: '',
  sort: 'title',
};

/** The longest a game is said to take (its minimum when no maximum is known). */
export const longestMinutes = (g: PublicGame) => g.maxPlayTime ?? g.minPlayTime;
export const isAvailable = (g: PublicGame) => g.completeCopies > 0;

export function matches(g: PublicGame, f: GameFilters, search = f.search.trim().toLowerCase()): boolean {
  if (search && !g.title.toLowerCase().includes(search)) return false;
  if (f.players !== null) {
    if (f.bestAt ? !g.bestAt.includes(f.players) : f.players < g.minPlayers || f.players > g.maxPlayers) return false;
  }
  if (f.maxMinutes !== null) {
    const minutes = longestMinutes(g);
    if (minutes === null || minutes > f.maxMinutes) return false;
  }
  if (f.maxComplexity !== null && (g.complexity === null || g.complexity > f.maxComplexity)) return false;
  if (f.age !== null && (g.minAge === null || g.minAge > f.age)) return false;
  if (f.category && !g.categories.includes(f.category)) return false;
  return true;
}

const SORTS: Record<GameSort, (a: PublicGame, b: PublicGame) => number> = {
  title: () => 0,
  complexity: (a, b) => (a.complexity ?? 9) - (b.complexity ?? 9),
  time: (a, b) => (longestMinutes(a) ?? 1e6) - (longestMinutes(b) ?? 1e6),
  year: (a, b) => (b.year ?? -1e6) - (a.year ?? -1e6),
};

/** The games that pass every filter, in the chosen order (ties by title, as the server lists them). */
export function filterGames(games: readonly PublicGame[], f: GameFilters): PublicGame[] {
  const search = f.search.trim().toLowerCase();
  const list = games.filter((g) => matches(g, f, search));
  return f.sort === 'title' ? list : list.sort(SORTS[f.sort]);
}

export function categoriesOf(games: readonly PublicGame[]): string[] {
  return [...new Set(games.flatMap((g) => g.categories))].sort((a, b) => a.localeCompare(b));
}

export const playersText = (g: PublicGame) =>
  g.minPlayers === g.maxPlayers ? `${g.minPlayers} player${g.minPlayers === 1 ? '' : 's'}` : `${g.minPlayers}–${g.maxPlayers} players`;
export const timeText = (g: PublicGame) =>
  g.minPlayTime === null
    ? null
    : g.maxPlayTime && g.maxPlayTime !== g.minPlayTime
      ? `${g.minPlayTime}–${g.maxPlayTime} min`
      : `${g.minPlayTime} min`;
export const complexityText = (g: PublicGame) => (g.complexity === null ? null : `Complexity ${g.complexity.toFixed(1)} / 5`);
