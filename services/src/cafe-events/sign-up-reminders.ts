import { isEventDate } from '@cafe/contracts';
import { fold } from '../platform/commands/decider.js';
import type { CommandRuntime } from '../platform/commands/command-runner.js';
import type { DocumentStore } from '../platform/document-store/document-store.js';
import { cafeEventDecider, cafeEventStream } from './cafe-event-decider.js';
import { loadSignUp } from './sign-up-commands.js';
import { signUpsProjection, type SignUpDoc } from './sign-ups-projection.js';

/**
 * The day-before reminders of a date's confirmed sign-ups, as the reservation reminders send theirs
 * (reminders/reminder-scheduler.ts: its ReminderSource, claimed once in reminder-eventSignUp-<id>).
 */
export function signUpReminderSource(runtime: Pick<CommandRuntime, 'eventStore'> & { documents: DocumentStore }) {
  return {
    kind: 'eventSignUp' as const,
    async due(date: string) {
      const docs = await runtime.documents.collection<SignUpDoc>(signUpsProjection.name).find({ date, status: 'confirmed' });
      return docs.map((d) => ({ id: d._id, createdAt: d.signedUpAt }));
    },
    async load(id: string) {
      const signUp = await loadSignUp(runtime, id);
      if (signUp.status === 'none') return null;
      // A date its event no longer has (removed, moved, repeat changed) is not reminded, whatever the sign-up says.
      const event = fold(cafeEventDecider, await runtime.eventStore.readStream(cafeEventStream(signUp.ref.eventId)));
      const held = event.status === 'scheduled' && isEventDate(event.event.date, event.event.repeat, signUp.ref.date);
      return { confirmed: held && signUp.status === 'confirmed', email: signUp.guest.email, date: signUp.ref.date };
    },
  };
}
