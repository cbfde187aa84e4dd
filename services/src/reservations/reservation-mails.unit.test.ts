import { addDays, formatLongDate } from '@cafe/contracts';
import { describe, expect, it } from 'vitest';
import type { CafeContact } from '../platform/mailer/mail-composer.js';
import { longDate } from '../platform/mailer/mail-layout.js';
import { reservationConfirmation } from './reservation-mails.js';

const cafe: CafeContact = {
  name: 'Dice & <Den>',
  address: '1 "Quote" St',
  phone: '(262) 555-0199',
  email: 'den@example.org',
};

describe('the parts every mail shares, worked out once', () => {
  it('names a date exactly as contracts does, through Intl instead of luxon', () => {
    for (let day = 0; day < 1200; day++) {
      const date = addDays('2025-12-25', day);
      expect(longDate(date), date).toBe(formatLongDate(date));
    }
    for (const odd of ['2026-02-30', '2026-13-01', 'tomorrow', '0999-01-01', '']) expect(longDate(odd), odd).toBe(formatLongDate(odd));
  });

  it("ends the text and the HTML with the café's block, escaped in HTML, and follows a change of it", () => {
    const details = { name: 'Ada', email: 'ada@example.com', phone: '262-555-0100', partySize: 2, date: '2026-11-21', time: '11:00' };
    const mail = reservationConfirmation('r1', details, cafe, 'America/Chicago', '<m@x>');
    expect(mail.text.endsWith('\nDice & <Den>\n1 "Quote" St\n(262) 555-0199\nden@example.org\n')).toBe(true);
    expect(mail.html).toContain(
      '<p><strong>Dice &#38; &#60;Den&#62;</strong><br>1 &#34;Quote&#34; St<br>(262) 555-0199<br>den@example.org</p>',
    );
    const moved = reservationConfirmation('r1', details, { ...cafe, address: '2 Elm St' }, 'America/Chicago', '<m@x>');
    expect(moved.text).toContain('\nDice & <Den>\n2 Elm St\n');
    expect(moved.html).toContain('<br>2 Elm St<br>');
  });

  it("starts the .ics at the café-local slot's instant, the same answer each time it is asked", () => {
    const details = { name: 'Ada', email: 'ada@example.com', phone: '262-555-0100', partySize: 2, date: '2026-07-04', time: '18:30' };
    for (let i = 0; i < 2; i++) {
      const ics = String(reservationConfirmation('r1', details, cafe, 'America/Chicago', '<m@x>').attachments![0]!.content);
      expect(ics).toContain('DTSTART:20260704T233000Z');
    }
  });
});
