import { describe, expect, it } from 'vitest';
import { displayPhone, formatPhone } from './phone.js';

describe('phones as the site and the e-mails show them', () => {
  it('shows a US number typed as digits, with a leading 1 or in any punctuation as (XXX) XXX-XXXX', () => {
    for (const typed of ['2625559999', '1-262-555-9999', '+1 (262) 555 9999', '262.555.9999', ' (262) 555-9999 '])
      expect(displayPhone(typed), typed).toBe('(262) 555-9999');
  });

  it('keeps anything else as it was stored: an extension, a foreign or a short number', () => {
    expect(displayPhone('262-555-9999 ext. 12')).toBe('262-555-9999 ext. 12');
    expect(displayPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(displayPhone('555-0142')).toBe('555-0142');
  });

  it('formats as the booking forms type: only digits, at most ten', () => {
    expect(formatPhone('262')).toBe('(262');
    expect(formatPhone('262555')).toBe('(262) 555');
    expect(formatPhone('26255599991234')).toBe('(262) 555-9999');
  });
});
