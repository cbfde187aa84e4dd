import type { Feature, Runtime } from '../platform/runtime/runtime.js';
import { mailContext, type MailFacts } from '../platform/mailer/mail-composer.js';
import { ComposedMails } from './composed-mails.js';
import { NotificationsReactor } from './notifications-reactor.js';

const reactors = new WeakMap<Runtime, NotificationsReactor>();

/** The running reactor of a runtime, if any (tests wait on its idle()). */
export function notificationsOf(runtime: Runtime): NotificationsReactor | undefined {
  return reactors.get(runtime);
}

/**
 * E-mail notifications: the delivery of the mails every slice composes for its own events (`mails` on
 * its Feature). `facts`: what every mail names of the café and its games, wired in features.ts. The
 * reactor runs where the projections run (the embedded gateway, or the projector process with
 * STORE=eventstoredb), not in a gateway that only reads; its claims in the event store would keep two
 * runners from sending the same mail anyway.
 */
export function notificationsFeature(facts: MailFacts): Feature {
  return {
    name: 'notifications',
    start: async (runtime) => {
      if (!runtime.engine) return;
      const mails = new ComposedMails(runtime.features.flatMap((feature) => feature.mails ?? []));
      const reactor = new NotificationsReactor({
        eventStore: runtime.eventStore,
        recipientsOf: mails.recipientsOf,
        // A context per event: the café is read once for all of its mails.
        compose: (event) => mails.compose(event, mailContext(runtime, facts)),
        mailer: runtime.mailer,
        clock: runtime.clock,
        logger: runtime.logger.child({ feature: 'notifications' }),
        metrics: runtime.metrics,
        checkpoints: runtime.documents,
        busy: () => runtime.writeLoad.busy,
      });
      reactors.set(runtime, reactor);
      // Before the start: one the event store refuses is tried again in the background, and /readyz says so.
      runtime.readinessChecks.set('notifications', () => {
        const down = reactor.behindBecause;
        return down && `The e-mail reactor's event store subscription dropped and is being resumed (no mail goes out meanwhile): ${down}`;
      });
      await reactor.start();
      return async () => {
        runtime.readinessChecks.delete('notifications');
        reactors.delete(runtime);
        await reactor.stop();
      };
    },
  };
}
