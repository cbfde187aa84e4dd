import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GUEST_BOOKING_CANCELLED,
  GUEST_BOOKING_DECLINED,
  GUEST_BOOKING_NOT_FOUND,
  GUEST_CHANGE_TO_CONFIRM,
  GUEST_LINK_EXPIRED,
  GUEST_LINK_INVALID,
  changedSchema,
  eventTypeLabel,
  guestBookingChangeBodySchema,
  guestBookingChangeSchema,
  guestBookingChangedSchema,
  guestBookingSchemaOut,
  todayIn,
  type GuestBooking,
  type GuestBookingChanged,
} from '@cafe/contracts';
import type { CommandContext } from '../platform/commands/command-types.js';
import { NotFound } from '../platform/commands/domain-errors.js';
import { ForbiddenError, GoneError } from '../platform/errors.js';
import { parseWith } from '../platform/http/validation.js';
import { documented } from '../platform/http/openapi.js';
import { guestLinks } from '../guest-links/index.js';
import type { DocumentStore } from '../platform/document-store/document-store.js';
import { tablesOfBookings } from '../cafe-day/index.js';
import { cancelReservation, changeReservation } from '../reservations/index.js';
import { cancelPartyBooking, changePartyBookingDetails } from '../party-bookings/index.js';
import { findGuestBooking, type LiveGuestBooking } from './guest-booking-lookup.js';

const tokenParams = z.object({ token: z.string().max(300) });

/**
 * The guest's own booking, through the signed link of its e-mails. The link is the credential:
 * - tampered or malformed: 403, the server will not act on it (not 404: nothing was looked up, and
 *   not 401: no sign-in would help);
 * - after the booking's date, or once the booking is cancelled or declined: 410, it existed and this
 *   link is over for good (the page says so, rather than "not found");
 * - validly signed but no such booking (a store restored without it): 404.
 * Changes and cancellations run through the slices' own command flows (the same decider rules,
 * closed days and, with them, seat limits as staff edits), recorded with actor 'guest'.
 */
export const guestBookingsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { runtime } = app;
  const links = guestLinks(runtime.config);

  async function resolve(token: string): Promise<LiveGuestBooking> {
    const claims = links.verify(token);
    if (!claims) throw new ForbiddenError(GUEST_LINK_INVALID);
    if (runtime.clock.now().getTime() >= claims.expires * 1000) throw new GoneError(GUEST_LINK_EXPIRED);
    const booking = await findGuestBooking(runtime.documents, claims.kind, claims.id);
    switch (booking.status) {
      case 'none':
        throw new NotFound(GUEST_BOOKING_NOT_FOUND);
      case 'cancelled':
        throw new GoneError(GUEST_BOOKING_CANCELLED);
      case 'declined':
        throw new GoneError(GUEST_BOOKING_DECLINED);
      case 'confirmed':
      case 'pending':
        // Staff may have moved it to an earlier day than the link was signed for.
        if (booking.details.date < todayIn(runtime.config.zone, runtime.clock.now())) throw new GoneError(GUEST_LINK_EXPIRED);
        return booking;
    }
  }

  const asGuest = (req: FastifyRequest): CommandContext => ({ ...req.commandContext(), actor: { kind: 'guest' } });

  app.get('/guest-bookings/:token', { schema: { params: tokenParams, response: { 200: guestBookingSchemaOut } } }, async (req, reply) => {
    const booking = await resolve(req.params.token);
    // The answer holds a guest's name: never cached, never indexed.
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
    return { ...view(booking), ...(await tablesOf(runtime.documents, booking)) };
  });

  // Parsed by the handler: the schema depends on the booking's kind, known once the link is resolved.
  const changeDocs = documented({ body: guestBookingChangeBodySchema });
  const changedDocs = { params: tokenParams, response: { 200: guestBookingChangedSchema } };
  app.patch('/guest-bookings/:token', { schema: { ...changeDocs, ...changedDocs } }, async (req): Promise<GuestBookingChanged> => {
    const booking = await resolve(req.params.token);
    const today = todayIn(runtime.config.zone, runtime.clock.now());
    const input = parseWith(guestBookingChangeSchema(booking.kind, today, runtime.config.bookingHorizonDays), req.body);
    // Another day is a move like staff's: the decider checks the new day's hours and closure, and the one
    // decision gives the old day's seats back and takes the new day's.
    const changes = {
      ...(input.date ? { date: input.date } : {}),
      ...(input.time ? { time: input.time } : {}),
      ...(input.partySize ? { partySize: input.partySize } : {}),
    };
    const changed =
      booking.kind === 'reservation'
        ? await changeReservation(runtime, booking.id, changes, undefined, asGuest(req))
        : await changePartyBookingDetails(runtime, booking.id, changes, undefined, asGuest(req));
    // A larger or moved approved party waits for staff again (the party decider): the guest is told we'll confirm.
    // The command answered once the read models held the change.
    const after = await findGuestBooking(runtime.documents, booking.kind, booking.id);
    const pending = after.status === 'pending';
    return { ...changed, status: pending ? 'pending' : 'confirmed', message: pending ? GUEST_CHANGE_TO_CONFIRM : null };
  });

  app.delete('/guest-bookings/:token', { schema: { params: tokenParams, response: { 200: changedSchema } } }, async (req) => {
    const booking = await resolve(req.params.token);
    return booking.kind === 'reservation'
      ? cancelReservation(runtime, booking.id, undefined, asGuest(req))
      : cancelPartyBooking(runtime, booking.id, undefined, asGuest(req));
  });
};

/**
 * With a floor, a confirmed booking's tables and the end of its stay (the page reads "your table until
 * 9:30 PM"), from the days' seats; a party waiting for staff shows none until they decide.
 */
async function tablesOf(documents: DocumentStore, booking: LiveGuestBooking): Promise<Pick<GuestBooking, 'tables' | 'stayUntil'>> {
  if (booking.status !== 'confirmed') return {};
  return (await tablesOfBookings(documents, [{ _id: booking.id, date: booking.details.date }])).get(booking.id) ?? {};
}

function view(booking: LiveGuestBooking): GuestBooking {
  const { details } = booking;
  return {
    kind: booking.kind,
    name: details.name,
    date: details.date,
    time: details.time,
    partySize: details.partySize,
    eventTypeLabel: booking.kind === 'party' ? eventTypeLabel(details.eventType) : null,
    status: booking.status,
    // Additive: only on a party whose change waits for staff, so every other answer is as it was.
    ...(booking.held ? { heldAs: booking.held } : {}),
  };
}
