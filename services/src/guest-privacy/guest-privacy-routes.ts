import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forgetGuestSchema, forgetResultSchema } from '@cafe/contracts';
import { requireAdmin } from '../platform/http/auth-guard.js';
import { accepts } from '../platform/http/openapi.js';
import { forgetGuest } from './guest-erasure.js';
import { scrubberOf } from './read-model-scrub.js';

/** Staff erase a guest's personal data on request (the dashboard's Privacy part of the bookings section). */
export const guestPrivacyRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { runtime } = app;

  app.post(
    '/admin/privacy/forget',
    { preHandler: requireAdmin, schema: { ...accepts({ body: forgetGuestSchema }), response: { 200: forgetResultSchema } } },
    async (req) => {
      const { email } = req.body;
      const result = await forgetGuest(runtime, email, req.commandContext());
      // Answered once the read models' file holds nothing of the guest, its log included.
      await scrubberOf(runtime)?.afterErasure(await runtime.eventStore.headPosition());
      req.log.info({ ...result }, 'guest personal data erased');
      return result;
    },
  );
};
