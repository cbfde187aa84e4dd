import { describe, expect, it } from 'vitest';
import { guestKeyRef } from './field-cipher.js';
import { GuestKeyRefs } from './guest-key-refs.js';

const SECRET = 'a-secret-of-the-server-long-enough';

describe('GuestKeyRefs', () => {
  it("answers a guest's reference by e-mail, the same asked again and past the 16,384 it keeps", () => {
    // given the references of 17,000 guests (more than are kept), each asked twice from different bookings
    const refs = new GuestKeyRefs(SECRET);
    for (let i = 0; i < 17_000; i++) {
      const email = `Guest${i}@Example.com`;
      // then each is the guest's HMAC reference, whichever booking asks
      expect(refs.of(email, `reservation-${i}`)).toBe(guestKeyRef(SECRET, email));
      expect(refs.of(email, `reservation-${i}-again`)).toBe(guestKeyRef(SECRET, email));
    }
    // and the first guest, no longer kept, gets the same reference again
    expect(refs.of('Guest0@Example.com', 'reservation-x')).toBe(guestKeyRef(SECRET, 'guest0@example.com'));
    // and once cleared (a guest forgotten), the same references again
    refs.clear();
    expect(refs.of('Guest1@Example.com', 'reservation-y')).toBe(guestKeyRef(SECRET, 'guest1@example.com'));
  });

  it('gives two walk-ins without an e-mail a reference each, never one remembered for the next', () => {
    const refs = new GuestKeyRefs(SECRET);
    const first = refs.of('', 'reservation-1');
    const second = refs.of('  ', 'reservation-2');
    expect(first).not.toBe(second);
    expect(refs.of('', 'reservation-1')).toBe(first);
    expect(first).not.toBe(guestKeyRef(SECRET, ''));
  });
});
