import { describe, expect, it } from 'vitest';
import { DEFAULT_OPENING_HOURS } from '@cafe/contracts';
import { openMinutesOn, tableUse } from './report-table-use.js';
import type { ReportDayDoc } from './report-days-projection.js';
import type { ReportFloorDoc } from './report-floor-projection.js';

const floor: ReportFloorDoc = {
  _id: 'main',
  areas: [
    { name: 'Main', tables: ['1', '2'] },
    { name: 'Patio', tables: ['P'] },
  ],
};
// Saturday 2026-11-21: the default hours open 11 AM – 11 PM, 720 minutes.
const SATURDAY = '2026-11-21';

describe('use per table and area', () => {
  it('given the default hours, a Saturday is open 720 minutes', () => {
    expect(openMinutesOn(SATURDAY, DEFAULT_OPENING_HOURS)).toBe(720);
  });

  it('given stays at tables (a combination at each of its tables) and a no-show, then seated minutes over open minutes', () => {
    const days: ReportDayDoc[] = [
      {
        _id: SATURDAY,
        date: SATURDAY,
        holds: [
          { bookingId: 'a', time: '12:00', size: 2, tables: ['1'], minutes: 90 },
          { bookingId: 'b', time: '18:00', size: 8, tables: ['1', '2'], minutes: 180 },
          { bookingId: 'gone', time: '19:00', size: 2, tables: ['P'], minutes: 90 },
          { bookingId: 'seatsOnly', time: '19:00', size: 2, minutes: 120 },
        ],
      },
    ];
    const use = tableUse(days, [SATURDAY], floor, DEFAULT_OPENING_HOURS, new Set(['gone']));
    expect(use.tables).toEqual([
      { table: '1', area: 'Main', seatedMinutes: 270, openMinutes: 720, rate: 0.375 },
      { table: '2', area: 'Main', seatedMinutes: 180, openMinutes: 720, rate: 0.25 },
      { table: 'P', area: 'Patio', seatedMinutes: 0, openMinutes: 720, rate: 0 },
    ]);
    expect(use.areas).toEqual([
      { area: 'Main', tables: 2, seatedMinutes: 450, openMinutes: 1440, rate: 0.3125 },
      { area: 'Patio', tables: 1, seatedMinutes: 0, openMinutes: 720, rate: 0 },
    ]);
  });

  it('given no floor, then no figures; days outside the range count nothing', () => {
    expect(tableUse([], [SATURDAY], null, DEFAULT_OPENING_HOURS, new Set())).toEqual({ tables: [], areas: [] });
    const days: ReportDayDoc[] = [
      { _id: '2026-11-22', date: '2026-11-22', holds: [{ bookingId: 'a', time: '12:00', size: 2, tables: ['1'], minutes: 90 }] },
    ];
    expect(tableUse(days, [SATURDAY], floor, DEFAULT_OPENING_HOURS, new Set()).tables[0]!.seatedMinutes).toBe(0);
  });
});
