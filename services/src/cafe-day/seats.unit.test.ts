import { describe, expect, it } from 'vitest';
import { peakSeated, seatsLeft } from './seats.js';

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
  it('leaves capacity minus the peak, never below 0', () => {
    expect(seatsLeft(holds, '19:00', 120, 60)).toBe(25);
    expect(seatsLeft(holds, '19:00', 120, 30)).toBe(0);
  });
});
