import { isEventDate } from '@cafe/contracts';
import { fold } from '../platform/commands/decider.js';
import type { ReminderSource } from '../platform/mailer/reminder-source.js';
import { cafeEventDecider, cafeEventStream } from './cafe-event-decider.js';
import { signUpsProjection, type SignUpDoc } from './sign-ups-projection.js';
import { currentSignUp, signUpMail } from './sign-up-mails.js';

/**
 * The day-before reminders of a date's confirmed sign-ups, with their cancel link, claimed once each in
 * reminder-eventSignUp-<id> by the reminders engine (as the bookings' reminders are).
 */
export const signUpReminders: ReminderSource = {
  kind: 'eventSignUp',
  async due(date, context) {
    const docs = await context.documents.collection<SignUpDoc>(signUpsProjection.name).find({ date, status: 'confirmed' });
    return docs.map((d) => ({ id: d._id, createdAt: d.signedUpAt }));
  },
  async load(id, context) {
    const signUp = await currentSignUp(context, id);
    if (signUp.status === 'none') return null;
    // A date its event no longer has (removed, moved, repeat changed) is not reminded, whatever the sign-up says.
    const event = fold(cafeEventDecider, await context.eventStore.readStream(cafeEventStream(signUp.ref.eventId)));
    const held = event.status === 'scheduled' && isEventDate(event.event.date, event.event.repeat, signUp.ref.date);
    return {
      confirmed: held && signUp.status === 'confirmed',
      email: signUp.guest.email,
      date: signUp.ref.date,
      mail: (messageId) => signUpMail(context, id, 'reminder', messageId),
    };
  },
};
