import type { FastifyReply, FastifyRequest } from 'fastify';
import { ForbiddenError, UnauthorizedError } from '../errors.js';

/** The signed-in user as the session holds it (the users read model's fields). */
export interface SessionUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. Set by the auth plugin from the session. */
    user: SessionUser | null;
  }
}

export const NOT_ADMIN_MESSAGE = 'Access denied. Your email is not authorized for admin access.';

/**
 * preHandler for every staff route: 401 when nobody is signed in, 403 when the signed-in e-mail is
 * not on the whitelist. The auth plugin sets request.user and request.actor before this runs.
 */
export async function requireAdmin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.user) throw new UnauthorizedError('Please sign in');
  if (request.actor.kind !== 'admin') throw new ForbiddenError(NOT_ADMIN_MESSAGE);
}
