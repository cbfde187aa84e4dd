import type { FastifyPluginAsync } from 'fastify';
import {
  RESERVATION_NOT_FOUND,
  adminReservationPatchSchema,
  adminReservationSchema,
  publicReservationSchema,
  reservationSchemaOut,
  type ReservationOut,
} from '@cafe/contracts';
import { bookingRoutes } from '../booking-flow/index.js';
import { bookingOut, recordOut } from '../booking-rules/index.js';
import { cancelReservation, changeReservation, requestReservation } from './reservation-commands.js';
import { reservationsProjection, type ReservationDoc } from './reservations-projection.js';

export const toReservationOut = (doc: ReservationDoc): ReservationOut => ({
  ...bookingOut(doc),
  ...recordOut(doc),
  // Games asked for (reservation-games.ts): only when asked, so SPEC's answer is unchanged without them.
  ...(doc.games?.length ? { games: doc.games } : {}),
  ...(doc.teachUs ? { teachUs: true } : {}),
});

/** Table reservations: the booking core's routes, with the reservation's schemas, messages and commands. */
export const reservationsRoutes: FastifyPluginAsync = async (base) => {
  const routes = bookingRoutes(base, {
    readModel: reservationsProjection.name,
    schemaOut: reservationSchemaOut,
    toOut: toReservationOut,
    notFound: RESERVATION_NOT_FOUND,
    commands: { request: requestReservation, change: changeReservation, cancel: cancelReservation },
  });

  // Public: a visitor books a table. Validated with the same contract schema the form uses.
  routes.create('/reservations', 'public', publicReservationSchema);
  // Staff: the Add New Reservation dialog (sizes 1–10, the dialog's messages); `?override=capacity` books past a full slot.
  routes.create('/admin/reservations', 'admin', adminReservationSchema);
  // Staff: every live reservation, sorted by date then time. The dashboard's views (today, list from
  // a week ago, week, month, filters) are GET /api/admin/bookings (bookings-calendar/README.md).
  routes.list('/reservations', () => ({}));
  routes.read('/admin/reservations/:id');
  // Staff: the Edit Reservation dialog.
  routes.change('/reservations/:id', adminReservationPatchSchema);
  routes.cancel('/reservations/:id');
};
