import { describe, expect, it } from 'vitest';
import { DEFAULT_STAY_RULES, stayMinutesFor, type Floor, type FloorTable, type SeatHold } from '@cafe/contracts';
import { assign, fits, largestPartyAt, tablesTaken } from './tables.js';

const table = (name: string, minSeats: number, maxSeats: number, online = true): FloorTable => ({ name, minSeats, maxSeats, online });
const floorOf = (tables: FloorTable[], combinations: Floor['combinations'] = [], maxOversizeOnline = 2): Floor => ({
  areas: [{ name: 'Main room', tables }],
  combinations,
  stays: DEFAULT_STAY_RULES,
  maxOversizeOnline,
});
const at = (bookingId: string, time: string, partySize: number, tables: string[], holdingMinutes = 90): SeatHold => ({
  bookingId,
  kind: 'reservation',
  time,
  partySize,
  holdingMinutes,
  tables,
});
const guest = (partySize: number, time = '19:00', minutes = stayMinutesFor(DEFAULT_STAY_RULES, partySize)) => ({
  partySize,
  time,
  minutes,
  online: true,
});
const staff = (partySize: number, time = '19:00', minutes = 90) => ({ partySize, time, minutes, online: false });

/** The floor: five 2-tops, two 6-tops seating 3 to 6, the 6-tops joinable as 8 to 12. */
const cafe = floorOf(
  [table('1', 1, 2), table('2', 1, 2), table('3', 1, 2), table('4', 1, 2), table('5', 1, 2), table('6', 3, 6), table('7', 3, 6)],
  [{ tables: ['6', '7'], minSeats: 8, maxSeats: 12 }],
);

describe('table assignment (best fit)', () => {
  it('given the five 2-tops and two 6-tops, when five couples book 7 PM, then they take the 2-tops in floor order; a sixth fits nothing', () => {
    const holds: SeatHold[] = [];
    for (let i = 1; i <= 5; i++) {
      const tables = assign(cafe, holds, guest(2));
      expect(tables).toEqual([String(i)]);
      holds.push(at(`c${i}`, '19:00', 2, tables!));
    }
    // 12 chairs are free at the 6-tops, but a couple may not take a table seating 3 to 6.
    expect(assign(cafe, holds, guest(2))).toBeNull();
    expect(assign(cafe, holds, staff(2))).toBeNull();
  });

  it('given the 6-tops joinable as 8 to 12, when a party of 12 books, then it gets the combination; with one 6-top taken, nothing', () => {
    expect(assign(cafe, [], guest(12))).toEqual(['6', '7']);
    expect(assign(cafe, [at('six', '20:00', 4, ['7'], 120)], guest(12))).toBeNull();
  });

  it('given a couple at 7:00 on the only two-top for 90 minutes, then the two-top is free again at 8:30, not at 8:00', () => {
    const small = floorOf([table('A', 1, 2), table('B', 3, 6)]);
    const holds = [at('c', '19:00', 2, ['A'])];
    expect(assign(small, holds, guest(2, '20:00'))).toBeNull();
    expect(assign(small, holds, guest(2, '20:30'))).toEqual(['A']);
    // A stay ending at 7:00 does not overlap one from 7:00.
    expect(assign(small, holds, guest(2, '17:30'))).toEqual(['A']);
    expect(assign(small, holds, guest(2, '17:31', 90))).toBeNull();
  });

  it('given a 4-top and a 6-top, when a couple books online with an oversize limit of 2, then the 4-top; of 1, nothing; staff may take either', () => {
    const floor = floorOf([table('six', 1, 6), table('four', 1, 4)]);
    expect(assign(floor, [], guest(2))).toEqual(['four']);
    expect(assign({ ...floor, maxOversizeOnline: 1 }, [], guest(2))).toBeNull();
    expect(assign({ ...floor, maxOversizeOnline: 1 }, [], staff(2))).toEqual(['four']);
    expect(assign({ ...floor, maxOversizeOnline: 1 }, [at('x', '19:00', 2, ['four'])], staff(2))).toEqual(['six']);
  });

  it('given a table kept for walk-ins, then guests never get it online; staff do', () => {
    const floor = floorOf([table('walk-in', 1, 2, false), table('online', 1, 4)]);
    expect(assign(floor, [], guest(2))).toEqual(['online']);
    expect(assign(floor, [], staff(2))).toEqual(['walk-in']);
    // A combination with an offline table is offline too.
    const joined = floorOf([table('a', 1, 2, false), table('b', 1, 2)], [{ tables: ['a', 'b'], minSeats: 3, maxSeats: 4 }]);
    expect(assign(joined, [], guest(4))).toBeNull();
    expect(assign(joined, [], staff(4))).toEqual(['a', 'b']);
  });

  it('given a single table and a combination seating as many, then the single table first; the smallest maximum before both', () => {
    const floor = floorOf(
      [table('a', 1, 2), table('b', 1, 2), table('big', 1, 4), table('mid', 3, 3)],
      [{ tables: ['a', 'b'], minSeats: 3, maxSeats: 4 }],
    );
    expect(assign(floor, [], staff(4))).toEqual(['big']);
    expect(assign(floor, [at('x', '19:00', 4, ['big'])], staff(4))).toEqual(['a', 'b']);
    expect(assign(floor, [], staff(3))).toEqual(['mid']);
  });

  it('given ties, then floor order decides (areas in order, tables in order)', () => {
    const floor: Floor = {
      ...floorOf([]),
      areas: [
        { name: 'Back', tables: [table('z', 1, 4)] },
        { name: 'Front', tables: [table('a', 1, 4)] },
      ],
    };
    expect(assign(floor, [], guest(3))).toEqual(['z']);
  });

  it('given a combination, then it is free only when every table in it is free; a table in a held combination is taken', () => {
    const floor = floorOf([table('a', 1, 2), table('b', 1, 2), table('c', 1, 2)], [{ tables: ['a', 'b'], minSeats: 3, maxSeats: 4 }]);
    expect(assign(floor, [at('x', '19:30', 1, ['b'])], staff(4))).toBeNull();
    expect(assign(floor, [at('x', '19:00', 4, ['a', 'b'])], staff(2))).toEqual(['c']);
  });

  it("given a booking's own hold, then its tables do not count against it (a change of time or size)", () => {
    const floor = floorOf([table('a', 1, 4)]);
    const holds = [at('me', '19:00', 2, ['a'])];
    expect(assign(floor, holds, { ...guest(3), exceptId: 'me' })).toEqual(['a']);
    expect(assign(floor, holds, guest(3))).toBeNull();
  });
});

describe('fits (tables staff pick)', () => {
  it('given tables, then unknown, too small, taken (from when) or fit, by the floor spelling', () => {
    const holds = [at('x', '19:30', 2, ['6'])];
    expect(fits(cafe, holds, ['9'], staff(2))).toEqual({ ok: false, rule: 'unknown', table: '9' });
    expect(fits(cafe, holds, ['1'], staff(4))).toEqual({ ok: false, rule: 'small', tables: ['1'], seats: 2 });
    expect(fits(cafe, holds, ['6'], staff(4))).toEqual({ ok: false, rule: 'taken', table: '6', at: '19:30' });
    expect(fits(cafe, holds, ['7', '6'], staff(10))).toEqual({ ok: false, rule: 'taken', table: '6', at: '19:30' });
    expect(fits(cafe, [], ['7', '6'], staff(10))).toEqual({ ok: true, tables: ['6', '7'], seats: 12 });
    // Tables joined by hand (no combination set up) seat their maximums added.
    expect(fits(cafe, [], ['1', '2'], staff(4))).toEqual({ ok: true, tables: ['1', '2'], seats: 4 });
    expect(tablesTaken(holds, ['1', '6'], '18:00', 120)).toEqual({ table: '6', at: '19:30' });
  });
});

describe('largestPartyAt (availability)', () => {
  const stayFor = (n: number) => stayMinutesFor(DEFAULT_STAY_RULES, n);

  it('given an empty floor of the issue, then 12 at any time; with the 6-tops taken, 2; with everything taken, 0', () => {
    expect(largestPartyAt(cafe, [], '19:00', stayFor)).toBe(12);
    const sixes = [at('a', '19:00', 5, ['6'], 150), at('b', '19:00', 5, ['7'], 150)];
    expect(largestPartyAt(cafe, sixes, '19:00', stayFor)).toBe(2);
    const all = [...sixes, ...['1', '2', '3', '4', '5'].map((t) => at(`c${t}`, '19:00', 2, [t]))];
    expect(largestPartyAt(cafe, all, '19:00', stayFor)).toBe(0);
  });

  it('given upTo a party size, then that size exactly when it fits, and less when it does not', () => {
    const couples = ['1', '2', '3', '4', '5'].map((t) => at(`c${t}`, '19:00', 2, [t]));
    expect(largestPartyAt(cafe, couples, '19:00', stayFor, { upTo: 4 })).toBe(4);
    expect(largestPartyAt(cafe, couples, '19:00', stayFor, { upTo: 2 })).toBe(0);
    expect(largestPartyAt(cafe, [], '19:00', stayFor, { upTo: 7 })).toBe(6);
  });

  it('given a stay that grows with the party, then a longer stay that runs into a later booking does not fit', () => {
    const floor = floorOf([table('a', 1, 6)], [], 6);
    // A party of 3 stays 120 minutes: from 19:00 that runs into 20:45; 2 stay 90 and leave at 20:30.
    expect(largestPartyAt(floor, [at('late', '20:45', 2, ['a'])], '19:00', stayFor)).toBe(2);
  });

  it('given 30 tables and 300 bookings, then every slot of a day answers quickly', () => {
    const tables = Array.from({ length: 30 }, (_, i) => table(`T${i + 1}`, i % 3 === 0 ? 3 : 1, [2, 4, 6][i % 3]!));
    const floor = floorOf(tables, [
      { tables: ['T3', 'T6'], minSeats: 7, maxSeats: 12 },
      { tables: ['T9', 'T12', 'T15'], minSeats: 10, maxSeats: 18 },
    ]);
    // Each table turned ten times from 11:00 (72 minutes apart, stays of 60 to 72): 300 bookings.
    const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    const holds = tables.flatMap((t, i) =>
      Array.from({ length: 10 }, (_, k) => at(`b${i}-${k}`, clock(660 + k * 72 + (i % 3) * 4), t.minSeats, [t.name], 60 + (k % 3) * 6)),
    );
    expect(holds).toHaveLength(300);
    const slots = Array.from({ length: 24 }, (_, i) => clock(660 + i * 30));
    const started = performance.now();
    // The availability of the day for every party size from 1 to 12 (a few milliseconds here).
    for (let n = 1; n <= 12; n++) for (const time of slots) largestPartyAt(floor, holds, time, stayFor, { upTo: n });
    expect(performance.now() - started).toBeLessThan(500);
  });
});
