import { describe, expect, it } from 'vitest';
import type { SeatHold } from '@cafe/contracts';
import { peakSeated, seatsLeftAt } from './seats.js';

const hold = (time: string, partySize: number, holdingMinutes = 120) => ({
  bookingId: time,
  kind: 'reservation' as const,
  time,
  partySize,
  holdingMinutes,
});

describe('seat arithmetic', () => {
  const holds = [hold('17:00', 10), hold('18:00', 20), hold('19:30', 15, 60)];
  it('counts a hold from its time for its holding minutes, end excluded', () => {
    expect(peakSeated(holds, '17:00', 30)).toBe(10);
    expect(peakSeated(holds, '18:30', 30)).toBe(30);
    expect(peakSeated(holds, '19:00', 30)).toBe(20);
    expect(peakSeated(holds, '20:30', 30)).toBe(0);
  });
  it('takes the peak over a whole window, including holds that start inside it', () => {
    expect(peakSeated(holds, '16:00', 120)).toBe(10);
    expect(peakSeated(holds, '16:30', 120)).toBe(30);
    expect(peakSeated(holds, '19:00', 120)).toBe(35);
  });
  it('given a window of weeks, then it counts to the last stay and answers the same', () => {
    expect(peakSeated(holds, '00:00', 3 * 7 * 24 * 60)).toBe(peakSeated(holds, '00:00', 24 * 60));
    expect(peakSeated(holds, '00:00', 3 * 7 * 24 * 60)).toBe(35);
  });
  it('leaves capacity minus the peak, never below 0', () => {
    expect(seatsLeftAt(holds, 120, 60)('19:00')).toBe(25);
    expect(seatsLeftAt(holds, 120, 30)('19:00')).toBe(0);
  });
});

const held = (bookingId: string, time: string, partySize: number, holdingMinutes = 120): SeatHold => ({
  bookingId,
  kind: 'reservation',
  time,
  partySize,
  holdingMinutes,
});

/** The definition: the most people seated at any minute of [time, time + minutes). */
function byMinute(holds: SeatHold[], time: string, minutes: number, except?: string): number {
  const at = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  let peak = 0;
  for (let m = at(time); m < at(time) + minutes; m++) {
    let seated = 0;
    for (const h of holds) if (h.bookingId !== except && at(h.time) <= m && m < at(h.time) + h.holdingMinutes) seated += h.partySize;
    peak = Math.max(peak, seated);
  }
  return peak;
}

describe('the seats a booking changing its own counts against', () => {
  it("given a booking's own hold, when it is left out, then its seats do not count against it", () => {
    const holds = [held('a', '18:00', 4), held('b', '18:30', 6)];
    expect(peakSeated(holds, '18:00', 120)).toBe(10);
    expect(peakSeated(holds, '18:00', 120, 'b')).toBe(4);
  });

  it('given busy days of random stays, then every window agrees with counting minute by minute', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(values: T[]) => values[Math.floor(random() * values.length)]!;
    const time = () => `${String(11 + Math.floor(random() * 11)).padStart(2, '0')}:${pick(['00', '15', '30', '45'])}`;
    for (let day = 0; day < 50; day++) {
      const holds = Array.from({ length: 60 }, (_, i) => held(`h${i}`, time(), 1 + Math.floor(random() * 8), pick([60, 90, 120, 180])));
      const [at, minutes, except] = [time(), pick([60, 120, 240]), day % 2 ? `h${day}` : undefined];
      expect(peakSeated(holds, at, minutes, except)).toBe(byMinute(holds, at, minutes, except));
    }
  });
});

describe("a day's availability, every slot at once", () => {
  it('given busy days of random stays, some past midnight, then every slot leaves the capacity minus its window’s peak', () => {
    let seed = 3;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(values: T[]) => values[Math.floor(random() * values.length)]!;
    // Any minute, so a stay may end a minute into a slot's window.
    const time = () => `${String(10 + Math.floor(random() * 14)).padStart(2, '0')}:${String(Math.floor(random() * 60)).padStart(2, '0')}`;
    for (let day = 0; day < 40; day++) {
      const holds = Array.from({ length: 80 }, (_, i) =>
        held(`h${i}`, time(), 1 + Math.floor(random() * 8), pick([1, 45, 61, 90, 120, 180])),
      );
      const [holding, capacity] = [pick([60, 120, 240]), pick([40, 120, 400])];
      const left = seatsLeftAt(holds, holding, capacity);
      for (let slot = 0; slot < 20; slot++) {
        const at = time();
        expect(left(at)).toBe(Math.max(0, capacity - peakSeated(holds, at, holding)));
      }
    }
  });
});
