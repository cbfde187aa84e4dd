import type { Feature, Runtime } from '../platform/runtime/runtime.js';
import { notificationComposer } from '../notifications/index.js';
import { signUpReminderSource } from '../cafe-events/index.js';
import { ReminderScheduler } from './reminder-scheduler.js';

const schedulers = new WeakMap<Runtime, ReminderScheduler>();

/** The running scheduler of a runtime, if any (tests move the clock and call runDue()). */
export function remindersOf(runtime: Runtime): ReminderScheduler | undefined {
  return schedulers.get(runtime);
}

/**
 * The day-before reminder e-mails. Like the confirmation mails, they run where the projections run
 * (the embedded gateway, or the projector with STORE=eventstoredb): one scheduler per deployment.
 */
export const remindersFeature: Feature = {
  name: 'reminders',
  start: async (runtime) => {
    if (!runtime.engine) return;
    const composer = notificationComposer(runtime);
    const scheduler = new ReminderScheduler({
      runtime,
      mailer: runtime.mailer,
      compose: (kind, id, details, messageId) => composer.reminder(kind, id, details, messageId),
      reminderTime: runtime.config.reminderTime,
      // Game nights' sign-ups, reminded the same way with their cancel link.
      sources: [{ ...signUpReminderSource(runtime), compose: (id, messageId) => composer.signUpReminder(id, messageId) }],
      logger: runtime.logger.child({ feature: 'reminders' }),
    });
    scheduler.start();
    schedulers.set(runtime, scheduler);
    return async () => {
      schedulers.delete(runtime);
      await scheduler.stop();
    };
  },
};
