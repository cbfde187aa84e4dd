import type { DaySheetPart } from '../platform/runtime/day-sheet-part.js';
import { gameSummariesByIds } from './game-library-queries.js';

/** The day sheet's games: the titles of the games the day's bookings asked for. */
export const gameLibraryDaySheet: DaySheetPart = { games: gameSummariesByIds };
