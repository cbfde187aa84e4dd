import type { Feature } from '../platform/runtime/runtime.js';
import { daySheetRoutes } from './day-sheet-routes.js';

/** The printed day sheet: read from the calendar, arrivals, search, games and events read models (none of its own). */
export const daySheetFeature: Feature = { name: 'day-sheet', routes: daySheetRoutes };
