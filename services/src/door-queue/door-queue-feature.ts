import type { MailFacts } from '../platform/mailer/mail-composer.js';
import type { Feature } from '../platform/runtime/runtime.js';
import { doorQueueProjection } from './door-queue-projection.js';
import { doorQueuePublicRoutes, doorQueueRoutes } from './door-queue-routes.js';
import { startQueueMessages } from './queue-messages.js';

/**
 * Today's door queue: staff add a party (quoted a wait from the floor), tell it its table is ready (a
 * text or a mail, held a while), seat it (a walk-in booking at a table) or mark it gone; the guest follows
 * their place on a signed page. `facts`: the café's name every message says (features.ts). The message
 * outbox runs where the projections run.
 */
export function doorQueueFeature(facts: MailFacts): Feature {
  return {
    name: 'door-queue',
    projections: [doorQueueProjection],
    routes: doorQueueRoutes,
    publicRoutes: doorQueuePublicRoutes,
    start: async (runtime) => {
      if (!runtime.engine) return;
      return startQueueMessages(runtime, facts);
    },
  };
}
