import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { SessionUser } from './auth-guard.js';
import { toFastifyStore } from '../sessions/session-store.js';
import { ensurePrivateDir, writeNewSecret } from '../private-files.js';

declare module 'fastify' {
  interface Session {
    user?: SessionUser;
  }
}

export const SESSION_COOKIE = 'cafe.sid';
export const SESSION_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * SESSION_SECRET, or in development one generated at first start and kept in DATA_DIR, so that
 * cookies stay valid across restarts. Production requires SESSION_SECRET (config.ts).
 */
export function sessionSecret(config: Config): string {
  if (config.sessionSecret) return config.sessionSecret;
  const file = join(config.dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  ensurePrivateDir(config.dataDir);
  const secret = randomBytes(32).toString('base64url');
  writeNewSecret(file, secret);
  return secret;
}

/** Cookie attributes: httpOnly, SameSite=Lax, Secure when the site is served over https. */
export function sessionCookieOptions(config: Config) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.publicUrl.startsWith('https:'),
    path: '/',
    maxAge: SESSION_MAX_AGE_MS,
  };
}

/** Requests whose next session gets a real id: a sign-in, about to regenerate its session (startSession). */
const starting = new WeakSet<FastifyRequest>();

/** A new signed-in session for this request, under a new id: an id planted before sign-in (session fixation) is worth nothing. */
export async function startSession(request: FastifyRequest): Promise<void> {
  starting.add(request);
  try {
    await request.session.regenerate();
  } finally {
    starting.delete(request);
  }
}

/**
 * @fastify/cookie + @fastify/session on the runtime's session store (the embedded database or MongoDB).
 * A request without a session cookie (every visitor's) gets a session with the empty id: it costs no
 * random id and no signature (an HMAC), a fiftieth of a public booking's CPU, and it is never stored
 * or sent, as the plugin saves only a session whose id and signed id are set. A sign-in (startSession)
 * and a request that brings a session cookie get a real id, as the plugin gave every request before.
 */
export const sessionsPlugin = fp(
  async (app) => {
    const { config, sessions } = app.runtime;
    await app.register(fastifyCookie);
    const signer = new fastifyCookie.Signer(sessionSecret(config));
    await app.register(fastifySession, {
      secret: { sign: (id) => (id === '' ? '' : signer.sign(id)), unsign: (cookie) => signer.unsign(cookie) },
      idGenerator: (request) =>
        request && (starting.has(request) || request.cookies[SESSION_COOKIE] !== undefined) ? randomBytes(24).toString('base64url') : '',
      cookieName: SESSION_COOKIE,
      cookie: sessionCookieOptions(config),
      store: toFastifyStore(sessions, SESSION_MAX_AGE_MS),
      // Only a sign-in creates a session: anonymous visitors get no cookie and no row.
      saveUninitialized: false,
      rolling: false,
    });
  },
  { name: 'sessions' },
);
