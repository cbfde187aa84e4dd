import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { businessInfoSaveSchema, businessInfoSavedOut, hoursImpactSchema } from '@cafe/contracts';
import { requireAdmin } from '../platform/http/auth-guard.js';
import { accepts } from '../platform/http/openapi.js';
import { readBusinessInfo } from '../business-info/index.js';
import { saveBusinessInfo } from './business-info-save.js';

/**
 * The API document lists the save under business-info, beside the read: set here, in the routes' own
 * scope, after the slice's own tag.
 */
const API_TAG = 'business-info';

/**
 * Staff save business info. A save that closes a holiday or leaves bookings outside the new hours is
 * answered 409 with those bookings (a range block's impact preview, plus the days it closes) unless
 * its body says `bookings: "keep"` or `"cancel"`.
 */
export const businessInfoSaveRoutes: FastifyPluginAsync = async (base) => {
  base.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, tags: [API_TAG] };
  });
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { runtime } = app;
  app.put(
    '/admin/business-info',
    {
      preHandler: requireAdmin,
      schema: { ...accepts({ body: businessInfoSaveSchema }), response: { 200: businessInfoSavedOut, 409: hoursImpactSchema } },
    },
    async (request, reply) => {
      const outcome = await saveBusinessInfo(runtime, request.body, request.commandContext());
      if (!outcome.saved) return reply.status(409).send(outcome.impact);
      return { ...(await readBusinessInfo(runtime)), ...(outcome.bookings ? { bookings: outcome.bookings } : {}) };
    },
  );
};
