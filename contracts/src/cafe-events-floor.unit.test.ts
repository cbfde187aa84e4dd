import { describe, expect, it } from 'vitest';
import {
  EVENT_AREA_OR_TABLES_MESSAGE,
  cafeEventSchema,
  cafeEventUpdateSchema,
  daySheetTablesText,
  eventTablesOn,
  eventTablesTakenMessage,
  walkInSchema,
} from './index.js';

const floor = {
  areas: [
    { name: 'Main room', tables: [{ name: '1' }, { name: '2' }] },
    { name: 'Back room', tables: [{ name: 'B1' }, { name: 'B2' }] },
  ],
};
const night = { title: 'Game night', event_date: '2026-11-20', event_time: '19:00' };

describe('events on the floor (contract)', () => {
  it('given an area, when its tables are asked, then every table of it as the floor names them now', () => {
    expect(eventTablesOn({ area: 'back room' }, floor)).toEqual(['B1', 'B2']);
    expect(eventTablesOn({ tables: ['b2', 'gone', '1'] }, floor)).toEqual(['B2', '1']);
    expect(eventTablesOn({ area: 'Cellar' }, floor)).toEqual([]);
    expect(eventTablesOn({ tables: ['1'] }, null)).toEqual([]);
  });

  it('given the form, when an area and tables are both sent, then it is refused; empty ones clear', () => {
    const both = cafeEventSchema.safeParse({ ...night, area: 'Back room', tables: ['1'] });
    expect(both.success).toBe(false);
    expect(both.error?.issues[0]?.message).toBe(EVENT_AREA_OR_TABLES_MESSAGE);
    expect(cafeEventSchema.parse({ ...night, area: '', tables: [] })).toMatchObject({ area: null, tables: null });
    expect(cafeEventUpdateSchema.parse({ tables: ['1', '1', '2'] })).toMatchObject({ tables: ['1', '2'] });
    expect(cafeEventUpdateSchema.parse({})).not.toHaveProperty('area');
  });

  it('names the booked tables and the time in the refusal', () => {
    expect(eventTablesTakenMessage('Friday, November 20, 2026', '19:00', ['1', '2'])).toBe(
      'Tables 1, 2 are booked on Friday, November 20, 2026 at 7:00 PM. Choose other tables, another area or another time.',
    );
  });
});

describe('walk-ins and the day sheet on the floor (contract)', () => {
  it('given a walk-in, when tables are empty, then none are asked for', () => {
    expect(walkInSchema.parse({ partySize: 2, tables: [] })).toEqual({ partySize: 2 });
    expect(walkInSchema.parse({ partySize: 2, tables: ['7'], force: true })).toEqual({ partySize: 2, tables: ['7'], force: true });
  });

  it("says a row's tables and until when, and nothing without a floor", () => {
    expect(daySheetTablesText({ tables: ['6', '7'], stayUntil: '21:30' })).toBe('Tables 6 + 7 until 9:30 PM');
    expect(daySheetTablesText({ tables: [], stayUntil: '21:30' })).toBe('No table until 9:30 PM');
    expect(daySheetTablesText({})).toBe('');
  });
});
