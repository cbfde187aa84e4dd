import { describe, expect, it } from 'vitest';
import { NOTIFIED_EVENT_TYPES } from '@cafe/contracts';
import type { RecordedEvent } from '../platform/event-store/event-store.js';
import type { MailComposer, MailContext } from '../platform/mailer/mail-composer.js';
import { features } from '../features.js';
import { ComposedMails } from './composed-mails.js';

const event = (type: string) => ({ id: 'e1', type, data: {} }) as unknown as RecordedEvent;
const context = { cafe: async () => ({ name: 'Dice Den', address: '1 Elm St', phone: '(262) 555-0199', email: 'den@example.org' }) };
const echo = (types: string[], alsoToCafe?: string[]): MailComposer => ({
  eventTypes: types,
  alsoToCafe,
  compose: async (e) => [{ recipient: 'guest', message: { to: 'ada@example.com', subject: e.type, text: '.' } }],
});

describe('the slices registered mail composers', () => {
  const registered = new ComposedMails(features.flatMap((feature) => feature.mails ?? []));

  it('mail about every event mailed before the slices composed their own', () => {
    for (const type of NOTIFIED_EVENT_TYPES) expect(registered.recipientsOf(type), type).toContain('guest');
  });

  it('copy the café on a party request and on a party change back to staff, and on nothing else', () => {
    const toCafe = NOTIFIED_EVENT_TYPES.filter((type) => registered.recipientsOf(type).includes('cafe'));
    expect(toCafe).toEqual(['PartyBookingRequested', 'PartyBookingReturnedToPending']);
    expect(registered.recipientsOf('MenuItemAdded')).toEqual([]);
  });
});

describe('ComposedMails', () => {
  it('refuses two composers for one event type: both would claim the same mail', () => {
    expect(() => new ComposedMails([echo(['JoinRequested']), echo(['JoinAccepted', 'JoinRequested'])])).toThrow(
      'Two mail composers are registered for JoinRequested',
    );
  });

  it("sends each mail under the café's name, and composes nothing for an event nobody mails about", async () => {
    const mails = new ComposedMails([echo(['ThingHappened'], ['ThingHappened'])]);
    expect(mails.recipientsOf('ThingHappened')).toEqual(['guest', 'cafe']);
    const [mail] = await mails.compose(event('ThingHappened'), context as MailContext);
    expect(mail?.message).toMatchObject({ subject: 'ThingHappened', fromName: 'Dice Den' });
    expect(await mails.compose(event('OtherThing'), context as MailContext)).toEqual([]);
  });
});
