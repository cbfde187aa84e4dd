import { describe, expect, it } from 'vitest';
import { adminReservationSchema, publicReservationSchema } from './reservations.js';
import { displayPhone, formatPhone, PHONE_EXTENSION_MESSAGE, PHONE_PATTERN, readPhone } from './phone.js';

const PUBLIC = 'Please enter a valid 10-digit phone number';
const STAFF_INVALID = 'Invalid phone number';
const STAFF_INCOMPLETE = 'Please enter a complete 10-digit phone number';

/**
 * Phones as people and browsers write them (issue 45): what each spelling is stored as, or what the
 * public forms and the staff dialogs answer. Never another number's digits.
 */
const CASES: [typed: string, stored: string | { public: string; staff: string }][] = [
  ['+1 262 555 0101', '(262) 555-0101'],
  ['1-262-555-0101', '(262) 555-0101'],
  ['+1 (262) 555-0101', '(262) 555-0101'],
  ['+12625550101', '(262) 555-0101'],
  ['1 (262) 555-0101', '(262) 555-0101'],
  ['262.555.0101', '(262) 555-0101'],
  ['2625550101', '(262) 555-0101'],
  ['262-555-0101', '(262) 555-0101'],
  [' (262) 555-0101 ', '(262) 555-0101'],
  ['262 555 0101 ext 4', { public: PHONE_EXTENSION_MESSAGE, staff: PHONE_EXTENSION_MESSAGE }],
  ['262-555-0101 ext. 4', { public: PHONE_EXTENSION_MESSAGE, staff: PHONE_EXTENSION_MESSAGE }],
  ['(262) 555-0101 x4', { public: PHONE_EXTENSION_MESSAGE, staff: PHONE_EXTENSION_MESSAGE }],
  ['2625550101x12', { public: PHONE_EXTENSION_MESSAGE, staff: PHONE_EXTENSION_MESSAGE }],
  ['+44 20 7946 0958', { public: PUBLIC, staff: STAFF_INVALID }],
  ['+4420794609', { public: PUBLIC, staff: STAFF_INVALID }],
  ['555-0101', { public: PUBLIC, staff: STAFF_INCOMPLETE }],
  ['(262) 555', { public: PUBLIC, staff: STAFF_INCOMPLETE }],
  // A 10-digit number starting with 1 is the country code and 9 digits, not (126) 255-5010.
  ['1262555010', { public: PUBLIC, staff: STAFF_INCOMPLETE }],
  ['26255501015', { public: PUBLIC, staff: STAFF_INVALID }],
  ['(026) 255-5010', { public: PUBLIC, staff: STAFF_INVALID }],
  ['262-555-CAFE', { public: PUBLIC, staff: STAFF_INVALID }],
  ['', { public: PUBLIC, staff: STAFF_INCOMPLETE }],
];

const booking = { name: 'Ada', email: 'ada@example.com', partySize: 2, date: '2026-12-05', time: '18:00' };
const phoneOf = (result: { success: boolean; data?: { phone: string }; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? result.data!.phone : result.error!.issues.filter((i) => i.path[0] === 'phone').map((i) => i.message);

describe('a phone as people and browsers write it', () => {
  it.each(CASES)('%j is stored as, or refused with, %j', (typed, expected) => {
    const pub = phoneOf(publicReservationSchema('2026-12-01').safeParse({ ...booking, phone: typed }));
    const staff = phoneOf(adminReservationSchema('2026-12-01').safeParse({ ...booking, phone: typed }));
    if (typeof expected === 'string') {
      expect(expected).toMatch(PHONE_PATTERN);
      expect({ pub, staff }).toEqual({ pub: expected, staff: expected });
      // The field shows what will be stored as soon as it is pasted or autofilled.
      expect(formatPhone(typed)).toBe(expected);
    } else {
      expect({ pub, staff }).toEqual({ pub: [expected.public], staff: [expected.staff] });
      expect(readPhone(typed).phone).toBeUndefined();
    }
  });

  it('leaves anything it refuses as typed in the field, never other digits', () => {
    for (const typed of ['+44 20 7946 0958', '262 555 0101 ext 4', '(262) 555-0101 x4', '262-555-CAFE', '(262) 555-01015'])
      expect(formatPhone(typed), typed).toBe(typed);
  });
});

describe('a phone as it is typed', () => {
  it.each([
    ['2', '(2'],
    ['262', '(262'],
    ['2625', '(262) 5'],
    ['262555', '(262) 555'],
    ['262-555-01', '(262) 555-01'],
    ['(262) 555-010', '(262) 555-010'],
    ['(262) 555-0101', '(262) 555-0101'],
    // A leading 1 or +1 is the country code: shown until the area code starts, then dropped.
    ['1', '1'],
    ['12', '(2'],
    ['1262555', '(262) 555'],
    ['+', '+'],
    ['+1', '+1'],
    ['+1 ', '+1'],
    ['+1 2', '(2'],
    // Another country's code stays as typed: '+4' is not the start of (4…).
    ['+4', '+4'],
    ['+44 20', '+44 20'],
    // Backspacing empties the field as before.
    ['(', ''],
    ['abc', 'abc'],
  ])('%j shows %j', (typed, shown) => {
    expect(formatPhone(typed)).toBe(shown);
  });

  it('goes from each key to the stored form, typed with or without the country code', () => {
    for (const keys of ['2625550101', '12625550101', '+1 262 555 0101']) {
      let shown = '';
      for (const key of keys) shown = formatPhone(shown + key);
      expect(shown, keys).toBe('(262) 555-0101');
    }
  });
});

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
});
