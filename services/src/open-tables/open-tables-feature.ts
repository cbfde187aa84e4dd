import type { Feature } from '../platform/runtime/runtime.js';
import { openTablesProjection } from './open-tables-projection.js';
import { openTablesRoutes } from './open-tables-routes.js';

/** Reservations open to new players: listing, join requests, the host's and staff's answers (read model open_tables). */
export const openTablesFeature: Feature = { name: 'open-tables', projections: [openTablesProjection], routes: openTablesRoutes };
