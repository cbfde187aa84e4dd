// The game-library slice's public face: the café's games and their copies.
export { gameLibraryFeature } from './game-library-feature.js';
export { addGame } from './game-library-commands.js';
/** Read by other slices: games by id with their complete-copy count (GameSummary in @cafe/contracts). */
export { gameSummariesByIds } from './game-library-queries.js';
/** The read model's name, for a slice's read-model version checks (answer caches). */
export const GAMES_READ_MODEL = 'games';
export { gameLibraryDemo } from './game-library-demo.js';
export { gameLibraryDaySheet } from './game-library-day-sheet.js';
