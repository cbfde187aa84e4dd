import {
  RESERVATION_PAST_MESSAGE,
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
import { DateClosed, InvalidCommand } from '../platform/commands/domain-errors.js';

/**
 * The rules every booking obeys whatever route it came through. The contract schemas check the same
 * rules in the browser and at the gateway; the deciders check them again because they have the last word.
 */
export function checkSize(size: number, sizes: readonly number[]): void {
  if (!sizes.includes(size)) throw new InvalidCommand(sizeMessage(sizes));
}

/** Size, not in the past (café's today), and one of the date's 30-minute slots. */
export function checkBookable(
  details: Pick<ReservationDetails, 'partySize' | 'date' | 'time'>,
  sizes: readonly number[],
  today: string,
  pastMessage = RESERVATION_PAST_MESSAGE,
  horizonDays?: number,
): void {
  checkSize(details.partySize, sizes);
  checkWhen(details, today, pastMessage, horizonDays);
}

/** Not before today (café zone), not after the booking horizon, and one of the date's 30-minute slots. */
export function checkWhen(
  details: Pick<ReservationDetails, 'date' | 'time'>,
  today: string,
  pastMessage = RESERVATION_PAST_MESSAGE,
  horizonDays?: number,
): void {
  if (details.date < today) throw new InvalidCommand(pastMessage);
  if (horizonDays !== undefined && details.date > lastBookableDate(today, horizonDays)) {
    throw new InvalidCommand(bookingHorizonMessage(today, horizonDays));
  }
  if (!isSlotOf(details.date, details.time)) throw new InvalidCommand(SLOT_MESSAGE);
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
