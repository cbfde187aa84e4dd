import { describe, expect, it } from 'vitest';
import { phoneDigits } from './booking-search.js';

describe('a phone typed into the staff search is compared as the stored number', () => {
  it.each([
    ['+1 262 555 0123', '2625550123'],
    ['1-262-555-0123', '2625550123'],
    ['+1 (262) 555-0123', '2625550123'],
    ['+1 262', '262'],
    ['(262) 555-0123', '2625550123'],
    ['555 01', '55501'],
    ['1262', '1262'],
  ])('%s → %s', (typed, digits) => {
    expect(phoneDigits(typed)).toBe(digits);
  });
});
