import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { whitelistAddSchema, whitelistEntrySchema, normalizeEmail } from '@cafe/contracts';
import { requireAdmin } from '../platform/http/auth-guard.js';
import { accepts } from '../platform/http/openapi.js';
import { authorizeAdminEmail, listWhitelist, revokeAdminEmail, whitelistCollection } from './admin-access-commands.js';

const messageSchema = z.object({ message: z.string() });

export const adminAccessRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { runtime } = app;

  // 200 doubles as the dashboard's admin check: 401 / 403 come from requireAdmin.
  app.get('/admin/whitelist', { preHandler: requireAdmin, schema: { response: { 200: z.array(whitelistEntrySchema) } } }, async () =>
    listWhitelist(runtime.documents),
  );

  app.post(
    '/admin/whitelist',
    { preHandler: requireAdmin, schema: { ...accepts({ body: whitelistAddSchema }), response: { 201: whitelistEntrySchema } } },
    async (request, reply) => {
      const { email } = request.body;
      await authorizeAdminEmail(runtime, email, request.commandContext());
      const doc = await whitelistCollection(runtime.documents).get(email);
      return reply.status(201).send({ id: doc!.id, email: doc!.email, createdAt: doc!.createdAt });
    },
  );

  // The e-mail, URL-encoded, not the entry id; Fastify decodes the parameter.
  app.delete(
    '/admin/whitelist/:email',
    {
      preHandler: requireAdmin,
      schema: { params: z.object({ email: z.string() }), response: { 200: messageSchema } },
    },
    async (request) => {
      const email = normalizeEmail(request.params.email);
      await revokeAdminEmail(runtime, email, request.commandContext());
      return { message: `${email} was removed from the admin whitelist` };
    },
  );
};
