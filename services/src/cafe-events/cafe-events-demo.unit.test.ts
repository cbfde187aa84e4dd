import { describe, expect, it } from 'vitest';
import { nextWeekday } from './cafe-events-demo.js';

describe('the demo events', () => {
  it('places the events relative to the clock', () => {
    expect(nextWeekday('2026-11-18', 5)).toBe('2026-11-20');
    expect(nextWeekday('2026-11-20', 5)).toBe('2026-11-27');
    expect(nextWeekday('2026-11-18', 6, 8)).toBe('2026-11-28');
  });
});
