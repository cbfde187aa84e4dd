// The café's day model, read by every path that decides about a day: the business info's hours and
// seating policy (business-info stream), a date's block (blockedDate-<date>), and the day's seats
// (seating-<date>) with the seat commands booking and event decisions make on them.
export { BUSINESS_INFO_STREAM, bookingPolicy, type PartySizeRange, type SeatingPolicy } from './business-info-policy.js';
export { blockedDateStream, blockedDateEvolution, closedReason, refuseIfClosed, type BlockedDateState } from './closed-dates.js';
export { bookingsOnDay, holdsOf, seatsFreeFor, seatingDecider, seatingStream, FullyBooked, type SeatingState } from './seating-decider.js';
export { claimSeats, loadDay, releaseSeats, sameNeed, settleEventSeats, type SeatNeed } from './seating-commands.js';
export { peakSeated, seatsLeft } from './seats.js';
export type { EventSeatSource } from './event-seat-source.js';
export { BUSINESS_INFO_ID, BUSINESS_INFO_READ_MODEL, readBusinessInfoDoc, type BusinessInfoDoc } from './business-info-read.js';
export {
  POLICY_ID,
  seatingProjection,
  seatsFreeInReadModel,
  type SeatingDayDoc,
  type SeatingDoc,
  type SeatingPolicyDoc,
} from './seating-projection.js';
