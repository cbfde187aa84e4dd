import { todayIn } from '@cafe/contracts';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can set and move. */
export class FixedClock implements Clock {
  constructor(private current: Date) {}
  now(): Date {
    return new Date(this.current);
  }
  set(date: Date | string): void {
    this.current = new Date(date);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/**
 * CAFE_TEST_CLOCK (browser tests only: a gateway whose café it is 8:10 PM): the clock starts at that instant
 * and runs at the machine's pace from there. Unset, the machine's clock; refused in production.
 */
export function clockFromEnv(value: string | undefined, production: boolean): Clock {
  if (!value) return systemClock;
  const start = Date.parse(value);
  if (production) throw new Error('Invalid configuration: CAFE_TEST_CLOCK is for tests and is refused with NODE_ENV=production');
  if (Number.isNaN(start)) throw new Error(`Invalid configuration: CAFE_TEST_CLOCK must be an ISO instant, not '${value}'`);
  const offset = start - Date.now();
  return { now: () => new Date(Date.now() + offset) };
}

/** What a decider knows about time: injected, never read from the machine. */
export interface TimeContext {
  now: Date;
  /** yyyy-MM-dd in the café's zone. */
  today: string;
  zone: string;
  /** How many days after today a booking may be made for (BOOKING_HORIZON_DAYS); absent: no limit. */
  horizonDays?: number;
}

export function timeContext(clock: Clock, zone: string, horizonDays?: number): TimeContext {
  const now = clock.now();
  return { now, today: todayIn(zone, now), zone, ...(horizonDays === undefined ? {} : { horizonDays }) };
}
