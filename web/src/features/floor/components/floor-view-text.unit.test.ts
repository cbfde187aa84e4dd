import { describe, expect, it } from 'vitest';
import type { StayOut } from '@cafe/contracts';
import { parseTables } from './editor-combinations';
import { statusText, stayLength, tablesText, timeOf, type ViewTable } from './host-status';
import { clampCell, defaultPosition, extentOf, placeText, sizeOf } from './plan-geometry';

const stay = (over: Partial<StayOut> = {}): StayOut => ({
  bookingId: 'b1',
  kind: 'reservation',
  name: 'Ada',
  partySize: 2,
  tables: ['4'],
  time: '19:00',
  until: '20:30',
  status: 'booked',
  ...over,
});

const table = (over: Partial<ViewTable> = {}): ViewTable => ({
  name: '4',
  area: 'Main room',
  minSeats: 1,
  maxSeats: 2,
  online: true,
  x: 1,
  y: 1,
  shape: 'square',
  status: 'free',
  current: null,
  next: null,
  ...over,
});

describe("the host's words for a table", () => {
  it('says free, next, seated until, booked until and over since, in the café’s 12-hour times', () => {
    expect(statusText(table())).toBe('free');
    expect(statusText(table({ next: stay({ time: '19:30' }) }))).toBe('next 7:30 PM');
    expect(statusText(table({ status: 'seated', current: stay({ status: 'seated', until: '21:00' }) }))).toBe('seated until 9:00 PM');
    expect(statusText(table({ status: 'seated', current: stay() }))).toBe('booked until 8:30 PM');
    expect(statusText(table({ status: 'over', current: stay({ status: 'seated' }) }))).toBe('over since 8:30 PM');
  });

  it('names one table or several, and measures a stay past midnight', () => {
    expect(tablesText(['7'])).toBe('Table 7');
    expect(tablesText(['11', '12'])).toBe('Tables 11 + 12');
    expect(stayLength({ time: '19:00', until: '20:30' })).toBe(90);
    expect(stayLength({ time: '23:00', until: '00:30' })).toBe(90);
    expect(timeOf(19 * 60 + 135)).toBe('21:15');
  });
});

describe('the plan', () => {
  it('draws unplaced tables in rows of six and keeps positions on the grid', () => {
    expect(defaultPosition(0)).toEqual({ x: 1, y: 1 });
    expect(defaultPosition(6)).toEqual({ x: 1, y: 6 });
    expect(defaultPosition(3)).toEqual({ x: 19, y: 1 });
    expect(clampCell(-3)).toBe(0);
    expect(clampCell(80)).toBe(59);
    expect(sizeOf('long', 6)).toEqual({ w: 5, h: 3 });
    expect(sizeOf('round', 6)).toEqual({ w: 4, h: 4 });
    expect(extentOf([{ name: '1', maxSeats: 2, x: 30, y: 10 }])).toEqual({ cols: 34, rows: 14 });
    expect(placeText('4', 18, 2)).toBe('Table 4 at column 19, row 3');
  });

  it('reads joined tables as staff type them', () => {
    expect(parseTables('11 + 12')).toEqual(['11', '12']);
    expect(parseTables('6,7 8')).toEqual(['6', '7', '8']);
    expect(parseTables(' ')).toEqual([]);
  });
});
