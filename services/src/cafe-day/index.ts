// The café's day model, read by every path that decides about a day: the business info's hours and
// seating policy (business-info stream), a date's block (blockedDate-<date>), and the day's seats
// (seating-<date>) with the seat commands booking and event decisions make on them.
export { BUSINESS_INFO_STREAM, bookingPolicy, type PartySizeRange, type SeatingPolicy } from './business-info-policy.js';
export { blockedDateStream, blockedDateEvolution, closedReason, refuseIfClosed, type BlockedDateState } from './closed-dates.js';
export {
  bookingsOnDay,
  holdsOf,
  seatsFreeFor,
  seatingDecider,
  seatingStream,
  FullyBooked,
  type SeatingCommand,
  type SeatingState,
} from './seating-decider.js';
export { claimSeats, holdOf, loadDay, releaseSeats, sameNeed, settleEventSeats, type SeatNeed } from './seating-commands.js';
export { FLOOR_STREAM, floorFold, floorOf, floorPolicy, floorSpec, type FloorState } from './floor-policy.js';
export { allowed, floorIndex, largestPartyAt, occupancyOf, type TableUnit } from './tables.js';
export { peakSeated, seatsLeftAt } from './seats.js';
export type { EventSeatSource } from './event-seat-source.js';
export { BUSINESS_INFO_ID, BUSINESS_INFO_READ_MODEL, readBusinessInfoDoc, type BusinessInfoDoc } from './business-info-read.js';
export {
  FLOOR_DOC_ID,
  POLICY_ID,
  seatingProjection,
  seatsFreeInReadModel,
  type SeatingDayDoc,
  type SeatingDoc,
  type SeatingFloorDoc,
  type SeatingPolicyDoc,
} from './seating-projection.js';
// A booking's tables and stay end as answers and lists show them (booking flows, the guest's page, the dashboard's views).
export { tablesOfBookings, tablesOut, type TablesOut } from './booking-tables.js';
export { holdIn, holdList, withHold, withoutHold } from './hold-list.js';
