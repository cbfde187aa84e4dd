import { describe, expect, it } from 'vitest';
import { simpleParser } from 'mailparser';
import { mimeMessage } from './mime-message.js';

describe('a message as its bytes', () => {
  it('reads in a mail client as written: names, subject, both bodies, the invitation', async () => {
    const { raw, messageId } = mimeMessage(
      {
        to: 'zoe@example.com',
        replyTo: 'den@example.org',
        subject: 'Reservation confirmed: Saturday, December 19 at 6:30 PM — see you!',
        text: `Hi Zoë,\n${'Your table is reserved. '.repeat(20)}`,
        html: '<p>Hi Zoë,</p>',
        attachments: [
          {
            filename: 'booking.ics',
            contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
            content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n',
          },
        ],
        messageId: '<e1@notifications.meeplehaven>',
      },
      { address: 'hello@example.org', name: 'Méeple Café' },
    );
    expect(messageId).toBe('<e1@notifications.meeplehaven>');
    expect(
      raw
        .toString()
        .split('\n')
        .every((line) => line.length <= 998),
    ).toBe(true);
    const mail = await simpleParser(raw);
    expect(mail.from?.value).toEqual([{ name: 'Méeple Café', address: 'hello@example.org' }]);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('zoe@example.com');
    expect(mail.replyTo?.text).toBe('den@example.org');
    expect(mail.subject).toBe('Reservation confirmed: Saturday, December 19 at 6:30 PM — see you!');
    expect(mail.messageId).toBe('<e1@notifications.meeplehaven>');
    expect(mail.text).toContain('Hi Zoë,');
    expect(mail.html).toContain('<p>Hi Zoë,</p>');
    expect(mail.attachments.map((a) => [a.filename, a.contentType, a.content.toString()])).toEqual([
      ['booking.ics', 'text/calendar', 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n'],
    ]);
  });

  it('gives a message without an id one of its own, under the sender domain', () => {
    const { raw, messageId } = mimeMessage({ to: 'a@example.com', subject: 'Hi', text: 'Hello' }, { address: 'hello@example.org' });
    expect(messageId).toMatch(/^<[\w-]+@example\.org>$/);
    expect(raw.toString()).toContain(`Message-ID: ${messageId}`);
  });
});
