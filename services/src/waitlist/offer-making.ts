import { cafeNowIn, minutesOf, openingHoursOf, slotHasPassed, slotsFor, stayMinutesFor, type SeatingEvent } from '@cafe/contracts';
import type { CommandTx, LoadedStream, StreamSpec } from '../platform/commands/command-pipeline.js';
import { DomainError } from '../platform/commands/domain-errors.js';
import { eventIdsFor } from '../platform/commands/event-ids.js';
import {
  bookingPolicy,
  floorPolicy,
  holdOf,
  holdsOf,
  loadDay,
  seatingDecider,
  type SeatingCommand,
  type SeatingState,
} from '../cafe-day/index.js';
import {
  liveOffers,
  waitingEntries,
  waitlistDayDecider,
  waitlistDayStream,
  type WaitlistDayCommand,
  type WaitlistDayEvent,
  type WaitlistDayState,
} from './waitlist-day-decider.js';
import { holdMinutesFor, offerHoldSetting } from './waitlist-settings.js';

/**
 * The idempotency key the claim books its reservation under: one offer per entry, ever, so the entry names it.
 * The reservation path derives the booking's id from it (booking-flow's keyedBookingId: the hash of
 * `reservation:<key>`), and the offer's id IS that id: the reservation taking the offer replaces the offer's
 * own hold on the day (a booking's own seats never count against it), so a live offer always books.
 */
export const offerKeyOf = (entryId: string) => `waitlist-offer.${entryId}`;
export const offerIdOf = (entryId: string) =>
  eventIdsFor(`reservation:${offerKeyOf(entryId)}`, 'booking-id', 'key', [{ type: 'reservation', data: null }])[0]!;

/** The date's waitlist, in memory between commands and checked at the append (no turn: the day's seats take it). */
export const waitlistDaySpec = (date: string): StreamSpec<WaitlistDayState, WaitlistDayEvent> => ({
  streamId: waitlistDayStream(date),
  initialState: waitlistDayDecider.initialState,
  evolve: waitlistDayDecider.evolve,
  cached: true,
  turns: false,
});

/** Decisions on a date's waitlist and its seats within one command, appended together at the end. */
export class DayWork {
  private waitlistEvents: WaitlistDayEvent[] = [];
  private seatingEvents: SeatingEvent[] = [];
  /** Both streams' states with this command's decisions so far. */
  private list: WaitlistDayState;
  private seats: SeatingState;

  private constructor(
    private readonly tx: CommandTx,
    readonly date: string,
    private readonly waitlist: LoadedStream<WaitlistDayState>,
    private readonly day: LoadedStream<SeatingState>,
  ) {
    this.list = waitlist.state;
    this.seats = day.state;
  }

  static async load(tx: CommandTx, date: string): Promise<DayWork> {
    // The day's seats first: their turn orders the decisions on this date with the bookings'.
    const day = await loadDay(tx, date);
    const waitlist = await tx.load(waitlistDaySpec(date));
    return new DayWork(tx, date, waitlist, day);
  }

  get state(): WaitlistDayState {
    return this.list;
  }

  get seating(): SeatingState {
    return this.seats;
  }

  decide(command: WaitlistDayCommand): WaitlistDayEvent[] {
    const events = waitlistDayDecider.decide(command, this.list, this.tx.time);
    this.waitlistEvents.push(...events);
    this.list = events.reduce(waitlistDayDecider.evolve, this.list);
    return events;
  }

  /** Whether the day would take this seat command now (decided, not kept). */
  fits(command: SeatingCommand): boolean {
    try {
      seatingDecider.decide(command, this.seats, this.tx.time);
      return true;
    } catch (error) {
      // Full at that time (or at every table), or the day closed.
      if (error instanceof DomainError) return false;
      throw error;
    }
  }

  seat(command: SeatingCommand): void {
    const events = seatingDecider.decide(command, this.seats, this.tx.time);
    this.seatingEvents.push(...events);
    this.seats = events.reduce(seatingDecider.evolve, this.seats);
  }

  /** An offer's hold given back, unless a reservation took it meanwhile (the same id, its own kind). */
  release(offerId: string): void {
    if (holdOf(this.seats, offerId)?.kind === 'offer') this.seat({ type: 'ReleaseSeats', date: this.date, bookingId: offerId });
  }

  append(): void {
    if (this.waitlistEvents.length) this.tx.append(this.waitlist, this.waitlistEvents);
    if (this.seatingEvents.length) this.tx.append(this.day, this.seatingEvents);
  }
}

/**
 * The waitlist's process decision for a date (the process manager runs it whenever seats may have freed
 * up, and every few seconds): a date that has passed ends (its waiting entries expire, live offers let go);
 * offers past their hold expire and give their seats back; then each waiting entry in order gets an offer
 * at the first time of its window where the day seats it (with a floor: at tables, as a guest's booking,
 * online tables only), held on the day in the same append. The first fitting entry gets the seats; a
 * larger one before it that fits nowhere keeps its place. Nothing to do decides nothing.
 */
export async function settleWaitlistDay(tx: CommandTx, date: string): Promise<{ offers: string[]; expired: string[]; ended?: boolean }> {
  const work = await DayWork.load(tx, date);
  const { now, today } = tx.time;
  if (date < today) {
    const live = liveOffers(work.state).map((o) => o.offerId);
    for (const offerId of live) work.release(offerId);
    const ended = work.decide({ type: 'EndDay', date });
    work.append();
    return { offers: [], expired: ended.length ? live : [], ended: ended.length > 0 };
  }
  const expired = work.decide({ type: 'ExpireOffers', date, now });
  for (const event of expired) work.release((event.data as { offerId: string }).offerId);
  const offers = waitingEntries(work.state).length && work.seating.status !== 'closed' ? await makeOffers(tx, work) : [];
  work.append();
  return { offers, expired: expired.map((e) => (e.data as { offerId: string }).offerId) };
}

/** Seat-minutes of the day's other holds during [time, time + minutes): how much of the evening its stay sits beside. */
function seatedBeside(work: DayWork, time: string, minutes: number): number {
  const start = minutesOf(time);
  const end = start + minutes;
  let sum = 0;
  for (const h of holdsOf(work.seating)) {
    const from = minutesOf(h.time);
    sum += Math.max(0, Math.min(end, from + h.holdingMinutes) - Math.max(start, from)) * h.partySize;
  }
  return sum;
}

/**
 * The time of the window where the day seats the entry and its stay fills the gap freed best: beside the most
 * seats already taken (a couple cancelled at 7:00 leaves 7:00 free, not 6:30, which would leave seats empty
 * before it); ties to the earliest. Null when no time of its window seats it.
 */
function bestTime(work: DayWork, times: string[], hold: (time: string) => SeatingCommand, minutes: number): string | null {
  let best: { time: string; beside: number } | null = null;
  for (const time of times) {
    if (!work.fits(hold(time))) continue;
    const beside = seatedBeside(work, time, minutes);
    if (!best || beside > best.beside) best = { time, beside };
  }
  return best?.time ?? null;
}

async function makeOffers(tx: CommandTx, work: DayWork): Promise<string[]> {
  const { date } = work;
  const [{ seating, hours }, floor, setting] = await Promise.all([bookingPolicy(tx), floorPolicy(tx), offerHoldSetting(tx)]);
  const cafeNow = cafeNowIn(tx.time.zone, tx.time.now);
  const slots = slotsFor(date, openingHoursOf(hours)).filter((time) => !slotHasPassed(date, time, cafeNow));
  const holdUntil = new Date(tx.time.now.getTime() + holdMinutesFor(setting, date, tx.time.today) * 60_000).toISOString();
  const made: string[] = [];
  for (const entry of waitingEntries(work.state)) {
    const offerId = offerIdOf(entry.entryId);
    const holdingMinutes = floor ? stayMinutesFor(floor.stays, entry.partySize) : seating.holdingMinutes;
    const hold = (time: string): SeatingCommand => ({
      type: 'ReserveSeats',
      date,
      hold: { bookingId: offerId, kind: 'offer', time, partySize: entry.partySize, holdingMinutes },
      capacity: seating.capacity,
      override: false,
      ...(floor ? { floor, online: true } : {}),
    });
    const time = bestTime(
      work,
      slots.filter((t) => t >= entry.from && t <= entry.to),
      hold,
      holdingMinutes,
    );
    if (time === null) continue;
    work.seat(hold(time));
    const tables = holdOf(work.seating, offerId)?.tables;
    work.decide({ type: 'MakeOffer', date, offerId, entryId: entry.entryId, time, holdUntil, ...(tables ? { tables } : {}) });
    made.push(offerId);
  }
  return made;
}
