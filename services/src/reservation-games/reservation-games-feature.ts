import type { Feature } from '../platform/runtime/runtime.js';
import { reservationGamesProjection } from './reservation-games-projection.js';
import { reservationGamesRoutes } from './reservation-games-routes.js';

/** Games asked for with reservations: the read model reservation_games and staff's warning when copies run out. */
export const reservationGamesFeature: Feature = {
  name: 'reservation-games',
  projections: [reservationGamesProjection],
  routes: reservationGamesRoutes,
};
