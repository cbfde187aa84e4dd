import { describe, expect, it } from 'vitest';
import { availabilityPartySize, availabilityQueryOptions, availabilityUrl } from './availability';

describe('availability asks for the form’s party size (with a floor a couple may find 7:00 PM full that four still fit)', () => {
  it('the URL carries partySize when the form has one, none while it is empty', () => {
    expect(availabilityUrl('2026-12-06', 2)).toBe('/api/availability?date=2026-12-06&partySize=2');
    expect(availabilityUrl('2026-12-06')).toBe('/api/availability?date=2026-12-06');
  });
  it('only a whole size the route takes is sent: no half-typed or empty value', () => {
    expect(availabilityPartySize(4)).toBe(4);
    for (const size of [undefined, '', '2', 0, 2.5, Number.NaN, 1001]) expect(availabilityPartySize(size)).toBeUndefined();
  });
  it('each size is its own answer (the key holds it) under the prefix a booking refetches', () => {
    const two = availabilityQueryOptions('2026-12-06', 2).queryKey;
    const four = availabilityQueryOptions('2026-12-06', 4).queryKey;
    expect(two).toEqual(['/api/availability', '2026-12-06', 2]);
    expect(four).not.toEqual(two);
    expect(availabilityQueryOptions('2026-12-06').queryKey).toEqual(['/api/availability', '2026-12-06', null]);
    expect(availabilityQueryOptions('', 2).enabled).toBe(false);
  });
});
