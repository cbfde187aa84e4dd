import { describe, expect, it } from 'vitest';
import { floorSchema, type FloorInput } from '@cafe/contracts';
import { deciderSpec, WEDNESDAY } from '../../test/decider-spec.js';
import { floorDecider } from './floor-decider.js';
import { floorChanges } from './floor-changes.js';

const spec = deciderSpec(floorDecider, WEDNESDAY);
const floor = (input: FloorInput) => floorSchema.parse(input);
const set = (input: FloorInput) => ({ type: 'SetFloor' as const, floor: floor(input) });
const MAIN: FloorInput = {
  areas: [
    {
      name: 'Main',
      tables: [
        { name: '1', minSeats: 1, maxSeats: 2, online: true },
        { name: '2', minSeats: 2, maxSeats: 4, online: true },
      ],
    },
  ],
};
const FloorSet = (input: FloorInput, changes: string[]) => ({ type: 'FloorSet' as const, data: { floor: floor(input), changes } });

describe('floor decider', () => {
  it('given no floor, when the empty floor is set, then nothing', () => {
    spec
      .given([])
      .when(set({ areas: [] }))
      .thenNothing();
  });

  it('given no floor, when one is set, then FloorSet with a line per area and table', () => {
    spec
      .given([])
      .when(set(MAIN))
      .then([FloorSet(MAIN, ['Added area Main', 'Added table 1 (1–2 seats, online)', 'Added table 2 (2–4 seats, online)'])]);
  });

  it('given a floor, when the same floor is set, then nothing', () => {
    spec
      .given([FloorSet(MAIN, ['x'])])
      .when(set(MAIN))
      .thenNothing();
  });

  it('given a floor, when a table is resized, made walk-in only, another removed, a combination and patio added, then each said once', () => {
    const next: FloorInput = {
      areas: [
        { name: 'Main', tables: [{ name: '2', minSeats: 2, maxSeats: 6, online: false }] },
        { name: 'Patio', tables: [{ name: '3', minSeats: 4, maxSeats: 4, online: true }] },
      ],
      combinations: [{ tables: ['2', '3'], minSeats: 6, maxSeats: 10 }],
      maxOversizeOnline: 3,
      stays: {
        bands: [
          { fromGuests: 1, minutes: 90 },
          { fromGuests: 3, minutes: 150 },
        ],
        gameMaxMinutes: 240,
      },
    };
    spec
      .given([FloorSet(MAIN, ['x'])])
      .when(set(next))
      .then([
        FloorSet(next, [
          'Added area Patio',
          'Table 2: 2–4 seats → 2–6 seats',
          'Table 2: walk-in only',
          'Added table 3 (4 seats, online) in Patio',
          'Removed table 1',
          'Added combination 2 + 3 (6–10 seats)',
          'Stays: 1–2 guests 90 min, 3–4 guests 120 min, 5+ guests 150 min → 1–2 guests 90 min, 3+ guests 150 min',
          'Online, a table at most this many seats too big: 2 → 3',
        ]),
      ]);
  });

  it('given a floor, when only the plan moves, then one line; when all tables go, the café seats by capacity again', () => {
    const moved: FloorInput = { areas: [{ name: 'Main', tables: MAIN.areas[0]!.tables.map((t) => ({ ...t, x: 4, y: 4 })) }] };
    expect(floorChanges(floor(MAIN), floor(moved))).toEqual(['Plan rearranged (2 tables)']);
    expect(floorChanges(floor(MAIN), floor({ areas: [] }))).toEqual(['Floor cleared: the café seats by capacity again']);
  });
});
