import type { Feature } from '../platform/runtime/runtime.js';
import { daySheetRoutes } from './day-sheet-routes.js';

/** The printed day sheet: no read model of its own; each section is a slice's answer (its `daySheet`, features.ts). */
export const daySheetFeature: Feature = { name: 'day-sheet', routes: daySheetRoutes };
