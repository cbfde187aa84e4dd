import {
  RESERVATION_PAST_MESSAGE,
  cafeTimeOfDay,
  passedTimeMessage,
  slotHasPassed,
  SLOT_MESSAGE,
  bookingHorizonMessage,
  closedByHoursMessage,
  isSlotOf,
  outsideHoursMessage,
  lastBookableDate,
  sizeMessage,
  type OpeningHours,
  type ReservationDetails,
} from '@cafe/contracts';
import type { TimeContext } from '../platform/clock.js';
import { DateClosed, InvalidCommand } from '../platform/commands/domain-errors.js';

/**
 * The rules every booking obeys whatever route it came through. The contract schemas check the same
 * rules in the browser and at the gateway; the deciders check them again because they have the last word.
 */
export function checkSize(size: number, sizes: readonly number[]): void {
  if (!sizes.includes(size)) throw new InvalidCommand(sizeMessage(sizes));
}

/** Size, not in the past (the café's clock), and one of the date's 30-minute slots. */
export function checkBookable(
  details: Pick<ReservationDetails, 'partySize' | 'date' | 'time'>,
  sizes: readonly number[],
  time: TimeContext,
  pastMessage = RESERVATION_PAST_MESSAGE,
): void {
  checkSize(details.partySize, sizes);
  checkWhen(details, time, pastMessage);
}

/**
 * Not before today (café zone), not a time of today the café's clock has passed (slotHasPassed: a slot is
 * bookable while it starts at or after now, to the minute), not after the booking horizon, and one of the
 * date's 30-minute slots. A walk-in is seated "now" and does not come through here.
 */
export function checkWhen(
  details: Pick<ReservationDetails, 'date' | 'time'>,
  time: TimeContext,
  pastMessage = RESERVATION_PAST_MESSAGE,
): void {
  const { today, horizonDays } = time;
  if (details.date < today) throw new InvalidCommand(pastMessage);
  if (horizonDays !== undefined && details.date > lastBookableDate(today, horizonDays)) {
    throw new InvalidCommand(bookingHorizonMessage(today, horizonDays));
  }
  if (!isSlotOf(details.date, details.time)) throw new InvalidCommand(SLOT_MESSAGE);
  if (slotHasPassed(details.date, details.time, { today, time: cafeTimeOfDay(time.zone, time.now) })) {
    const passed = passedTimeMessage(details.time);
    throw new InvalidCommand(passed, [{ path: ['time'], message: passed }]);
  }
}

/**
 * Only while the café is open: a day closed by the hours (a weekday or holiday hours) is refused like a
 * blocked date, and a time outside the day's hours (opening to closing minus last seating) names the
 * times that day seats guests. The same slotsFor(date, hours) builds the forms' and availability's lists.
 */
export function checkOpen(details: Pick<ReservationDetails, 'date' | 'time'>, hours: OpeningHours): void {
  const closed = closedByHoursMessage(details.date, hours);
  if (closed) throw new DateClosed(closed);
  const outside = outsideHoursMessage(details.date, details.time, hours);
  if (outside) throw new InvalidCommand(outside, [{ path: ['time'], message: outside }]);
}
