import type { Feature, Runtime } from '../platform/runtime/runtime.js';
import { mailContext, type MailFacts } from '../platform/mailer/mail-composer.js';
import { ReminderScheduler } from './reminder-scheduler.js';

const schedulers = new WeakMap<Runtime, ReminderScheduler>();

/** The running scheduler of a runtime, if any (tests move the clock and call runDue()). */
export function remindersOf(runtime: Runtime): ReminderScheduler | undefined {
  return schedulers.get(runtime);
}

/**
 * The day-before reminder e-mails of whatever the slices register (`reminders` on their Feature). Like
 * the confirmation mails, they run where the projections run (the embedded gateway, or the projector with
 * STORE=eventstoredb): one scheduler per deployment. `facts`: what every mail names of the café (features.ts).
 */
export function remindersFeature(facts: MailFacts): Feature {
  return {
    name: 'reminders',
    start: async (runtime) => {
      if (!runtime.engine) return;
      const scheduler = new ReminderScheduler({
        runtime,
        mailer: runtime.mailer,
        sources: runtime.features.flatMap((feature) => feature.reminders ?? []),
        context: () => mailContext(runtime, facts),
        reminderTime: runtime.config.reminderTime,
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
}
