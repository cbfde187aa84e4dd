import { describe, expect, it } from 'vitest';
import { stayUntilOf, tableText, tableUntilStaffText, tablesOf } from './booking-tables';

describe('a booking’s tables as staff read them', () => {
  it('names one table or several, with until when when the answer says so', () => {
    expect(tableText({ tables: ['7'] })).toBe('Table 7');
    expect(tableText({ tables: ['11', '12'] })).toBe('Tables 11 + 12');
    expect(tableUntilStaffText({ tables: ['7'], stayUntil: '20:30' })).toBe('Table 7 until 8:30 PM');
    expect(tableUntilStaffText({ tables: ['7'] })).toBe('Table 7');
  });

  it('says nothing for a booking without tables (no floor)', () => {
    expect(tableText({})).toBeNull();
    expect(tableText({ tables: [] })).toBeNull();
    expect(tableUntilStaffText({ stayUntil: '20:30' })).toBeNull();
    expect(tablesOf({ tables: 'x' })).toEqual([]);
    expect(stayUntilOf({ stayUntil: '' })).toBeNull();
  });
});
