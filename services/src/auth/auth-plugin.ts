import fp from 'fastify-plugin';
import { isWhitelisted } from '../admin-access/index.js';

/**
 * Who is asking, on every request: request.user from the session, and request.actor = admin when
 * that user's e-mail is on the whitelist (read model, case-insensitive), else visitor. Computed per
 * request, so a revoked admin loses access at once. Registered after the sessions plugin.
 */
export const authPlugin = fp(
  async (app) => {
    const { documents } = app.runtime;
    app.addHook('onRequest', async (request) => {
      const user = request.session?.get('user') ?? null;
      request.user = user;
      if (user && (await isWhitelisted(documents, user.email))) {
        request.actor = { kind: 'admin', email: user.email, userId: user.id };
      }
    });
  },
  { name: 'auth', dependencies: ['sessions'] },
);
