import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import { ForbiddenError, asError } from '../errors.js';
import type { Config } from '../config.js';
import { requireAdmin } from './auth-guard.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sets the security headers the site's answers carry (a hook: request, reply, done). */
    securityHeaders: (request: FastifyRequest, reply: FastifyReply, done: () => void) => void;
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  requiresAdmin: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the app: what the access matrix test walks. */
    routeTable(): RouteEntry[];
  }
}

/** The public writes and the sign-in start: RATE_LIMIT_MAX per minute per client address (0 = off). */
export const RATE_LIMITED_ROUTES = [
  'POST /api/reservations',
  'POST /api/party-bookings',
  'POST /api/events/:id/sign-ups',
  'GET /api/login',
  // Each join request mails the table's host.
  'POST /api/open-tables/:id/join-requests',
];

export const CROSS_ORIGIN_MESSAGE =
  'This request did not come from the café site itself, so it was refused. Reload the page and try again.';

/** The browsable API documentation: a page (the page policy), though it lives under /api. */
export const API_DOCS_PATH = '/api/docs';
const isApiAnswer = (url: string) => url.startsWith('/api/') && !(url.startsWith(API_DOCS_PATH) && /^\/api\/docs(?:[/?]|$)/.test(url));

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Staff routes that live outside /api/admin (GET is covered by requireAdmin; writes
 * also need the Origin check). POST /api/reservations and POST /api/party-bookings stay public.
 */
export function isStaffWrite(method: string, path: string): boolean {
  if (!STATE_CHANGING.has(method)) return false;
  return (
    path.startsWith('/api/admin/') ||
    path === '/api/admin' ||
    path === '/api/auth/logout' ||
    /^\/api\/(reservations|party-bookings)\/[^/]+/.test(path)
  );
}

/** Staff routes outside /api/admin: admin only, whatever their handler declares. */
export const STAFF_ROUTES = [
  'GET /api/reservations',
  'PATCH /api/reservations/:id',
  'DELETE /api/reservations/:id',
  'GET /api/party-bookings',
  'PATCH /api/party-bookings/:id/details',
  'PATCH /api/party-bookings/:id/approve',
  'DELETE /api/party-bookings/:id',
];

export const isAdminPath = (url: string) => url === '/api/admin' || url.startsWith('/api/admin/');

export const usesRequireAdmin = (route: RouteOptions) => {
  const pre = route.preHandler;
  return pre === requireAdmin || (Array.isArray(pre) && pre.includes(requireAdmin));
};

export const methodsOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]);

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Origins a state-changing staff request may come from: PUBLIC_URL's. Outside production a site on
 * loopback also accepts its other loopback ports (the Vite dev server proxies /api), which share
 * its cookies anyway.
 */
export function originAllowed(config: Config, origin: string): boolean {
  const site = new URL(config.publicUrl);
  if (origin === site.origin) return true;
  if (config.production || !LOOPBACK.has(site.hostname)) return false;
  try {
    const url = new URL(origin);
    return LOOPBACK.has(url.hostname) && (url.protocol === 'http:' || url.protocol === 'https:');
  } catch {
    return false;
  }
}

function requestOrigin(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== 'null') return origin;
  const referer = request.headers.referer;
  if (typeof referer !== 'string') return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

/**
 * Hardening: security headers with a CSP the Vite-built app runs under, rate limits on
 * the public writes and /api/login, and an Origin/Referer check on every state-changing staff request
 * (the session cookie is SameSite=Lax; this also covers same-site attackers and old browsers).
 */
export const securityPlugin = fp(
  async (app) => {
    const { config } = app.runtime;
    const https = config.publicUrl.startsWith('https:');

    const headers = securityHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'"],
          // Blueprint and its popovers position themselves with inline style attributes.
          'style-src': ["'self'", "'unsafe-inline'"],
          // Gallery and menu images may be any https URL an admin entered; previews are blob:.
          'img-src': ["'self'", 'data:', 'blob:', 'https:'],
          'font-src': ["'self'", 'data:'],
          'connect-src': ["'self'"],
          'object-src': ["'none'"],
          'base-uri': ["'self'"],
          'form-action': ["'self'"],
          'frame-ancestors': ["'none'"],
          ...(https ? { 'upgrade-insecure-requests': [] } : {}),
        },
      },
      // Only over https: on http://localhost it would pin the browser to https for this host.
      strictTransportSecurity: https ? { maxAge: 15552000, includeSubDomains: false } : false,
      crossOriginEmbedderPolicy: false,
      // Not helmet's no-referrer: under it the Fetch spec sends `Origin: null` on same-origin writes,
      // which the Origin check below would refuse. Other sites still learn nothing.
      referrerPolicy: { policy: 'same-origin' },
    });
    // Computed once, not per request. Pages get the whole policy; JSON answers of the API are never
    // rendered as documents, so they carry only what protects a response that is not a page.
    const api = apiSecurityHeaders(https);
    const secure = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      void reply.headers(isApiAnswer(request.url) ? api : headers);
      done();
    };
    app.addHook('onRequest', secure);
    // For the site's 404 handler: an answer sent through reply.callNotFound() (a refused /metrics) skips
    // the onRequest hooks, and without these headers it would differ from any other unknown path's 404.
    app.decorate('securityHeaders', secure);

    // Routes protected by requireAdmin, whatever their path: their writes get the Origin check too.
    const adminRoutes = new Set<string>();
    app.addHook('onRoute', (route) => {
      const limited = methodsOf(route).some((m) => RATE_LIMITED_ROUTES.includes(`${m} ${route.url}`));
      if (limited && config.rateLimitMax > 0) {
        route.config = { ...(route.config as object), rateLimit: { max: config.rateLimitMax, timeWindow: 60_000 } };
      }
      const staff = isAdminPath(route.url) || methodsOf(route).some((m) => STAFF_ROUTES.includes(`${m} ${route.url}`));
      if (usesRequireAdmin(route) || staff) for (const m of methodsOf(route)) adminRoutes.add(`${m} ${route.url}`);
      if (staff) {
        // Checked at onRequest, before the body is parsed or validated: a visitor learns nothing from
        // a 400 or 415, and a route that forgot its guard is still closed (the matrix test also flags it).
        const existing = route.onRequest ? [route.onRequest].flat() : [];
        route.onRequest = [requireAdmin, ...existing] as never;
      }
    });

    if (config.rateLimitMax > 0) {
      await app.register(fastifyRateLimit, {
        global: false,
        errorResponseBuilder: (_request, context) => ({
          statusCode: context.statusCode,
          message: `Too many requests: please wait ${context.after} and try again.`,
        }),
      });
    }

    // Answers about staff, guests and sessions are never kept by a browser or a shared cache, whatever
    // the route set (an ETag'd admin list included), and neither are their refusals.
    app.addHook('onSend', async (request, reply, payload) => {
      if (holdsPersonalData(request)) void reply.header('cache-control', 'no-store');
      return payload;
    });

    app.addHook('onRequest', async (request) => {
      const path = request.url.split('?')[0]!;
      const route = `${request.method} ${request.routeOptions.url ?? ''}`;
      if (!isStaffWrite(request.method, path) && !(STATE_CHANGING.has(request.method) && adminRoutes.has(route))) return;
      const origin = requestOrigin(request);
      if (!origin || !originAllowed(config, origin)) throw new ForbiddenError(CROSS_ORIGIN_MESSAGE);
    });
  },
  { name: 'security' },
);

/** Admin answers and staff booking reads carry guests' names, e-mails and phones; the user answer, an admin's. */
export function holdsPersonalData(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0]!;
  if (isAdminPath(path) || path === '/api/auth/user') return true;
  return STAFF_ROUTES.includes(`${request.method} ${request.routeOptions.url ?? ''}`);
}

/** What helmet would set, captured once from its middleware: the policy is static (no nonces). */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown = null;
  helmet(options)({} as never, response as never, (error?: unknown) => {
    failure = error ?? null;
  });
  if (failure) throw asError(failure);
  return headers;
}

/**
 * Headers of a JSON answer: no content sniffing, nothing loads or frames it, no referrer leaks, and
 * HSTS over https. The page policy (script, style and image sources) means nothing for JSON.
 */
export function apiSecurityHeaders(https: boolean): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    ...(https ? { 'strict-transport-security': 'max-age=15552000' } : {}),
  };
}
