import type { Feature } from '../platform/runtime/runtime.js';
import type { Runtime } from '../platform/runtime/runtime.js';
import { guestLinks, signUpLinks } from '../guest-links/index.js';
import { openTableMail } from '../open-tables/index.js';
import { NotificationComposer } from './notification-composer.js';
import { NotificationsReactor } from './notifications-reactor.js';

const reactors = new WeakMap<Runtime, NotificationsReactor>();

/** The running reactor of a runtime, if any (tests wait on its idle()). */
export function notificationsOf(runtime: Runtime): NotificationsReactor | undefined {
  return reactors.get(runtime);
}

/** The mails' wording, with the guests' signed booking links (the reminders use it too). */
export function notificationComposer(runtime: Runtime): NotificationComposer {
  const links = guestLinks(runtime.config);
  const signUps = signUpLinks(runtime.config);
  const { publicUrl, zone } = runtime.config;
  return new NotificationComposer({
    eventStore: runtime.eventStore,
    documents: runtime.documents,
    zone,
    manageUrl: (kind, id, date) => links.url(publicUrl, kind, id, date, zone),
    dashboardUrl: new URL('/admin', publicUrl).toString(),
    bookUrl: `${publicUrl}/#reservations`,
    signUpUrl: (id, date) => signUps.url(id, date),
    more: (event, cafe) =>
      openTableMail(event, {
        eventStore: runtime.eventStore,
        cafeName: cafe.name,
        publicUrl,
        hostToken: (reservationId, date) => links.sign('reservation', reservationId, date, zone),
      }),
  });
}

/**
 * E-mail notifications. The reactor runs where the projections run (the embedded gateway, or the
 * projector process with STORE=eventstoredb), not in a gateway that only reads; its claims in the event
 * store would keep two runners from sending the same mail anyway.
 */
export const notificationsFeature: Feature = {
  name: 'notifications',
  start: async (runtime) => {
    if (!runtime.engine) return;
    const composer = notificationComposer(runtime);
    const reactor = new NotificationsReactor({
      eventStore: runtime.eventStore,
      compose: (event) => composer.compose(event),
      mailer: runtime.mailer,
      clock: runtime.clock,
      logger: runtime.logger.child({ feature: 'notifications' }),
      metrics: runtime.metrics,
      checkpoints: runtime.documents,
      busy: () => runtime.writeLoad.busy,
    });
    await reactor.start();
    reactors.set(runtime, reactor);
    runtime.readinessChecks.set('notifications', () => {
      const down = reactor.behindBecause;
      return down && `The e-mail reactor's event store subscription dropped and is being resumed (no mail goes out meanwhile): ${down}`;
    });
    return async () => {
      runtime.readinessChecks.delete('notifications');
      reactors.delete(runtime);
      await reactor.stop();
    };
  },
};
