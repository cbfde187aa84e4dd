import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import fastifyOauth2, { type OAuth2Namespace } from '@fastify/oauth2';
import { z } from 'zod';
import { TEXT_LIMITS, authUserSchema, type Actor, normalizeEmail } from '@cafe/contracts';
import { isWhitelisted } from '../admin-access/index.js';
import { recordSignIn, usersCollection } from '../users/index.js';
import { UnauthorizedError } from '../platform/errors.js';
import type { SessionUser } from '../platform/http/auth-guard.js';
import { SESSION_COOKIE, startSession } from '../platform/http/sessions.js';
import { documented } from '../platform/http/openapi.js';
import type { Config } from '../platform/config.js';
import { discover, idTokenVerifier, type IdTokenClaims } from './oidc.js';

export const CALLBACK_PATH = '/api/auth/callback';
export const callbackUrl = (config: Config) => `${config.publicUrl}${CALLBACK_PATH}`;

const NONCE_COOKIE = 'oidc-nonce';
export const SIGN_IN_NOT_CONFIGURED =
  'Sign-in is not configured: set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET (or run in development, where a local provider starts).';

export const SIGN_IN_UNAVAILABLE =
  'Staff sign-in is unavailable: the identity provider could not be reached when the site started. Please try again later.';

/** Where the browser goes after the callback: the dashboard, or the login screen with the reason. */
export const AFTER_SIGN_IN = {
  admin: '/admin',
  notAdmin: '/admin/login?error=access_denied',
  failed: '/admin/login?error=signin_failed',
} as const;

const messageSchema = z.object({ message: z.string() });

/**
 * OpenID Connect sign-in: authorization-code flow with state and PKCE through @fastify/oauth2
 * (discovery), the ID token checked with jose, the user recorded as an event, then a fresh session.
 */
export const authRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { runtime } = app;
  const { config } = runtime;
  const secureCookies = config.publicUrl.startsWith('https:');
  const flowCookie = { path: '/api', httpOnly: true, sameSite: 'lax' as const, secure: secureCookies };
  const docs = {
    user: documented({ answers: { 401: 'Not signed in.' } }),
    login: documented({
      answers: { 302: 'To the identity provider (a page navigation).', 503: 'Sign-in is not configured or unavailable.' },
    }),
    callback: documented({
      answers: { 302: 'Signed in: to the dashboard, or to the login page with the reason.', 503: 'Sign-in is unavailable.' },
    }),
  };

  app.get('/auth/user', { schema: { ...docs.user, response: { 200: authUserSchema } } }, async (request) => {
    const user = request.user;
    if (!user) throw new UnauthorizedError('Not signed in');
    const doc = await usersCollection(runtime).get(user.id);
    return {
      id: user.id,
      email: user.email,
      firstName: doc?.firstName ?? user.firstName,
      lastName: doc?.lastName ?? user.lastName,
      profileImageUrl: doc?.profileImageUrl ?? user.profileImageUrl,
      createdAt: doc?.createdAt ?? null,
      updatedAt: doc?.updatedAt ?? null,
      isAdmin: request.actor.kind === 'admin',
    };
  });

  app.post('/auth/logout', { schema: { response: { 200: messageSchema } } }, async (request, reply) => {
    if (request.session?.sessionId) await request.session.destroy();
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { message: 'Logged out successfully' };
  });

  const unavailable = (message: string) => {
    const answer = async (_request: FastifyRequest, reply: FastifyReply) => reply.status(503).send({ message });
    app.get('/login', { schema: docs.login }, answer);
    app.get('/auth/callback', { schema: docs.callback }, answer);
  };
  const { issuer, clientId, clientSecret } = config.oidc;
  if (!issuer || !clientId || !clientSecret) {
    runtime.logger.warn(SIGN_IN_NOT_CONFIGURED);
    return unavailable(SIGN_IN_NOT_CONFIGURED);
  }

  let metadata: Awaited<ReturnType<typeof discover>>;
  try {
    metadata = await discover(issuer);
  } catch (error) {
    // The public site must not go down with the identity provider: only staff sign-in waits.
    runtime.logger.error({ err: error, issuer }, 'OIDC discovery failed: staff sign-in is unavailable until a restart');
    return unavailable(SIGN_IN_UNAVAILABLE);
  }
  const verifyIdToken = idTokenVerifier(metadata, clientId);
  await app.register(fastifyOauth2, {
    name: 'oidc',
    scope: ['openid', 'email', 'profile'],
    credentials: { client: { id: clientId, secret: clientSecret } },
    discovery: { issuer },
    pkce: 'S256',
    callbackUri: callbackUrl(config),
    // The development provider would otherwise sign the last e-mail in again without asking.
    callbackUriParams: config.oidc.dev ? { prompt: 'login' } : {},
    cookie: flowCookie,
  });
  const oidc = (app as unknown as { oidc: OAuth2Namespace }).oidc;

  // A page navigation: state and PKCE verifier go into short-lived cookies, the nonce too.
  app.get('/login', { schema: docs.login }, async (request, reply) => {
    const nonce = randomBytes(16).toString('base64url');
    const url = new URL(await oidc.generateAuthorizationUri(request, reply));
    url.searchParams.set('nonce', nonce);
    reply.setCookie(NONCE_COOKIE, nonce, { ...flowCookie, maxAge: 600 });
    return reply.header('cache-control', 'no-store').redirect(url.toString(), 302);
  });

  app.get('/auth/callback', { schema: docs.callback }, async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    const nonce = request.cookies[NONCE_COOKIE];
    reply.clearCookie(NONCE_COOKIE, { path: flowCookie.path });
    reply.header('cache-control', 'no-store');
    if (query.error) {
      request.log.info({ error: query.error }, 'the identity provider refused the sign-in');
      return reply.redirect(query.error === 'access_denied' ? AFTER_SIGN_IN.notAdmin : AFTER_SIGN_IN.failed, 302);
    }

    let claims: IdTokenClaims;
    try {
      const { token } = await oidc.getAccessTokenFromAuthorizationCodeFlow(request, reply);
      if (typeof token.id_token !== 'string') throw new Error('the token response has no id_token (is "openid" in scope?)');
      claims = await verifyIdToken(token.id_token, nonce);
      if (!claims.email && metadata.userinfo_endpoint) {
        const info = (await oidc.userinfo(token.access_token)) as Partial<IdTokenClaims>;
        if (info.sub === claims.sub) claims = { ...info, ...claims, email: info.email, email_verified: info.email_verified };
      }
    } catch (error) {
      request.log.warn({ err: error }, 'sign-in failed');
      return reply.redirect(AFTER_SIGN_IN.failed, 302);
    }
    // An address the issuer has not verified could be anyone's: never let it match the whitelist.
    if (!claims.email || claims.email_verified === false || claims.email_verified === 'false') {
      request.log.warn({ sub: claims.sub }, 'sign-in without a verified e-mail refused');
      return reply.redirect(AFTER_SIGN_IN.notAdmin, 302);
    }

    const user: SessionUser = {
      id: claims.sub,
      email: normalizeEmail(claims.email),
      // Claims are the identity provider's, not ours to refuse: kept within the contracts' bounds.
      firstName: bounded(claims.given_name, TEXT_LIMITS.name),
      lastName: bounded(claims.family_name, TEXT_LIMITS.name),
      profileImageUrl: claims.picture && claims.picture.length <= TEXT_LIMITS.url ? claims.picture : null,
    };
    const admin = await isWhitelisted(runtime.documents, user.email);
    const actor: Actor = admin ? { kind: 'admin', email: user.email, userId: user.id } : { kind: 'visitor' };
    await recordSignIn(
      runtime,
      { userId: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, profileImageUrl: user.profileImageUrl },
      metadata.issuer,
      { ...request.commandContext(), actor },
    );
    await startSession(request);
    request.session.set('user', user);
    return reply.redirect(admin ? AFTER_SIGN_IN.admin : AFTER_SIGN_IN.notAdmin, 302);
  });
};

const bounded = (text: string | undefined, max: number): string | null => (typeof text === 'string' && text ? text.slice(0, max) : null);
