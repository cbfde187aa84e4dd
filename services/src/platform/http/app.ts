import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Actor } from '@cafe/contracts';
import type { Runtime } from '../runtime/runtime.js';
import type { CommandContext } from '../commands/command-runner.js';
import { installErrorHandler } from './error-handler.js';
import './auth-guard.js';
import { methodsOf, securityPlugin, usesRequireAdmin, type RouteEntry } from './security.js';
import { sessionsPlugin } from './sessions.js';

declare module 'fastify' {
  interface FastifyInstance {
    runtime: Runtime;
  }
  interface FastifyRequest {
    /** Who is acting: 'visitor' unless the session belongs to an admin (set by the auth feature's plugin). */
    actor: Actor;
    commandContext(): CommandContext;
  }
}

export interface AppOptions {
  /** Log through the runtime's pino logger (default) or not at all (tests). */
  logRequests?: boolean;
  /** Serve the built web app. Default: when web/dist exists. */
  serveWeb?: boolean;
}

/**
 * Builds the gateway: the app is a plugin tree on one Fastify instance. Tests call this and use
 * `app.inject`; the gateway entry point calls it and listens.
 */
export async function buildApp(runtime: Runtime, options: AppOptions = {}): Promise<FastifyInstance> {
  // Typed as Fastify's logger so the app keeps Fastify's default logger type parameter.
  const loggerInstance: FastifyBaseLogger = runtime.logger;
  const app: FastifyInstance = Fastify({
    ...(options.logRequests === false ? { logger: false } : { loggerInstance }),
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
    trustProxy: runtime.config.production,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  // A JSON API: text bodies would be parsed as strings and fail later with a confusing message.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('runtime', runtime);
  app.decorateRequest('actor', null as never);
  app.decorateRequest('user', null);
  app.decorateRequest('commandContext', function (this: { actor: Actor; id: string }): CommandContext {
    return { actor: this.actor, correlationId: this.id, causationId: this.id };
  });
  app.addHook('onRequest', async (request, reply) => {
    request.actor = { kind: 'visitor' };
    reply.header('x-request-id', request.id);
  });
  installErrorHandler(app);
  const table: RouteEntry[] = [];
  app.decorate('routeTable', () => [...table]);
  app.addHook('onRoute', (route) => {
    for (const method of methodsOf(route)) table.push({ method, url: route.url, requiresAdmin: usesRequireAdmin(route) });
  });

  // Monitors' routes stay outside the site's plumbing (headers, sessions, who is asking): they answer
  // as fast as the process can, and a monitor never has a session.
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const engine = runtime.engine;
    const projections = engine ? await engine.status() : [];
    const ready = engine ? engine.isReady : true;
    return reply.status(ready ? 200 : 503).send({
      status: ready ? 'ready' : 'starting',
      store: runtime.config.store,
      position: engine?.position.toString() ?? null,
      projections,
    });
  });

  await app.register(async (site) => {
    // Headers, rate limits and the Origin check for everything the site serves.
    await site.register(securityPlugin);
    // Anonymous reads: no session is loaded or created, nobody is asked who they are (a visitor).
    await site.register(async (anonymous) => {
      for (const feature of runtime.features) {
        if (feature.publicRoutes) await anonymous.register(feature.publicRoutes, { prefix: '/api' });
      }
    });
    // Everything else: the session, then who is asking, then the routes.
    await site.register(async (sessioned) => {
      await sessioned.register(sessionsPlugin);
      for (const feature of runtime.features) {
        for (const plugin of feature.plugins ?? []) await sessioned.register(plugin);
      }
      for (const feature of runtime.features) {
        if (feature.routes) await sessioned.register(feature.routes, { prefix: '/api' });
      }
    });
    await serveTheWebApp(site, runtime, options);
  });
  return app;
}

async function serveTheWebApp(site: FastifyInstance, runtime: Runtime, options: AppOptions): Promise<void> {
  const webDist = runtime.config.webDist;
  const serveWeb = options.serveWeb ?? existsSync(join(webDist, 'index.html'));
  const hasAdminHtml = existsSync(join(webDist, 'admin.html'));
  if (serveWeb) {
    await site.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      // The build writes .br/.gz beside each asset; serving them is what keeps the landing page fast on phones.
      preCompressed: true,
      index: false,
      setHeaders: (res, path) => {
        // Vite fingerprints everything under assets/, so those never change; the shell must be revalidated.
        res.setHeader('cache-control', path.includes(`${join('dist', 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  site.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    if (serveWeb && request.method === 'GET' && !path.startsWith('/api/') && path !== '/api') {
      // The SPA decides what an unknown page is (its own 404 screen). Staff pages get admin.html, the same
      // app without the landing page's hero preloads, when the build has one.
      const page = /^\/admin(\/|$)/.test(path) && hasAdminHtml ? 'admin.html' : 'index.html';
      return reply.header('cache-control', 'no-cache').sendFile(page);
    }
    return reply.status(404).send({ message: `No such endpoint: ${request.method} ${path}` });
  });
}
