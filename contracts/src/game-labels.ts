/**
 * The library's words a visitor's page shows, apart from the schemas (no zod here): the public /games
 * chunk imports them as `@cafe/contracts/game-labels` and so downloads no validation code.
 */
export const GAME_UNAVAILABLE = 'Unavailable';
export const GAME_CONDITIONS = ['complete', 'missing pieces', 'out for repair'] as const;
export type GameCondition = (typeof GAME_CONDITIONS)[number];
