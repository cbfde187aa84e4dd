// The game-library slice's public face: the café's games and their copies.
export { gameLibraryFeature } from './game-library-feature.js';
/** Read by other slices: games by id with their complete-copy count (GameSummary in @cafe/contracts). */
export { gameSummariesByIds } from './game-library-queries.js';
/** Registered on the feature (features.ts, `gameMinutes`): the longest playing time of games asked for with a booking. */
export { longestPlayingMinutes } from './game-library-queries.js';
export { gameLibraryDemo } from './game-library-demo.js';
export { gameLibraryDaySheet } from './game-library-day-sheet.js';
