import { timeOrderedId } from '../commands/event-ids.js';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import { createServer } from 'node:http';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeySchema, type Actor } from '@cafe/contracts';
import type { Runtime } from '../runtime/runtime.js';
import type { CommandContext } from '../commands/command-runner.js';
import { installErrorHandler } from './error-handler.js';
import { parseWith } from './validation.js';
import { installMonitoring } from './monitoring.js';
import { apiDocsRoutes, openApiDocument, taggedWith, validatorCompilerWithDocs } from './openapi.js';
import './auth-guard.js';
import { methodsOf, securityPlugin, usesRequireAdmin, type RouteEntry } from './security.js';
import { sessionsPlugin } from './sessions.js';
import { serveTheWebApp } from './web-host.js';

declare module 'fastify' {
  interface FastifyInstance {
    runtime: Runtime;
  }
  interface FastifyRequest {
    /** Who is acting: 'visitor' unless the session belongs to an admin (set by the auth feature's plugin). */
    actor: Actor;
    commandContext(): CommandContext;
    /** A command's events were stored but the read models had not caught up when it answered. */
    readModelsBehind: boolean;
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
const VISITOR: Actor = Object.freeze({ kind: 'visitor' });

export async function buildApp(runtime: Runtime, options: AppOptions = {}): Promise<FastifyInstance> {
  // Typed as Fastify's logger so the app keeps Fastify's default logger type parameter.
  const loggerInstance: FastifyBaseLogger = runtime.logger;
  const limits = runtime.config.http;
  const app: FastifyInstance = Fastify({
    ...(options.logRequests === false ? { logger: false } : { loggerInstance }),
    // The correlation id stored with the events is always ours: a client's X-Request-Id is only logged.
    // Time-ordered (UUID version 7): the events a request appends take its millisecond into their ids (event-ids.ts).
    genReqId: () => timeOrderedId(),
    requestIdHeader: false,
    // Request log lines carry the id under the name the events' metadata gives it, so one grep follows a booking.
    logController: new LogController({ requestIdLogLabel: 'correlationId' }),
    trustProxy: trustProxyOption(runtime.config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Our own server, so that stalled connections are found and closed within seconds, not Node's 30–90 s.
    serverFactory: (handler) => {
      const server = createServer(
        {
          headersTimeout: limits.headersTimeoutMs,
          requestTimeout: limits.requestTimeoutMs,
          keepAliveTimeout: limits.keepAliveTimeoutMs,
          connectionsCheckingInterval: limits.connectionCheckMs,
        },
        handler,
      );
      server.setTimeout(limits.connectionTimeoutMs);
      server.maxConnections = limits.maxConnections;
      return server;
    },
  }).withTypeProvider<ZodTypeProvider>();
  // A JSON API: text bodies would be parsed as strings and fail later with a confusing message.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompilerWithDocs);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('runtime', runtime);
  app.decorateRequest('actor', null as never);
  app.decorateRequest('user', null);
  app.decorateRequest('readModelsBehind', false);
  app.decorateRequest('commandContext', function (this: FastifyRequest): CommandContext {
    const key = this.headers[IDEMPOTENCY_KEY_HEADER];
    return {
      // A malformed key is a 400 with the contract's message, never ignored: the client relies on it.
      ...(key === undefined ? {} : { idempotencyKey: parseWith(idempotencyKeySchema, key) }),
      actor: this.actor,
      correlationId: this.id,
      causationId: this.id,
      // Bound, not an arrow: the build keeps functions' names, and names an arrow made per request at each making.
      onReadModelsBehind: markReadModelsBehind.bind(this),
    };
  });
  // A callback hook, not an async one: every request passes here, the monitors' too, and a promise per request shows.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS') runtime.writeLoad.noteWrite();
    request.actor = VISITOR;
    reply.header('x-request-id', request.id);
    const clientRequestId = request.headers['x-request-id'];
    if (typeof clientRequestId === 'string' && clientRequestId !== '') {
      request.log.debug({ clientRequestId: clientRequestId.slice(0, 128) }, 'client request id');
    }
    done();
  });
  installErrorHandler(app);
  const table: RouteEntry[] = [];
  app.decorate('routeTable', () => [...table]);
  app.addHook('onRoute', (route) => {
    for (const method of methodsOf(route)) table.push({ method, url: route.url, requiresAdmin: usesRequireAdmin(route) });
  });

  // OpenAPI 3.1 from the routes' contract schemas: it sees every route registered after it.
  await app.register(openApiDocument);

  // /healthz, /readyz, /metrics and the per-route request metrics, outside the site's plumbing.
  installMonitoring(app, runtime);

  await app.register(async (site) => {
    // Headers, rate limits and the Origin check for everything the site serves.
    await site.register(securityPlugin);
    await site.register(apiDocsRoutes);
    // Anonymous reads: no session is loaded or created, nobody is asked who they are (a visitor).
    await site.register(async (anonymous) => {
      for (const feature of runtime.features) {
        if (feature.publicRoutes) await anonymous.register(taggedWith(feature.name, feature.publicRoutes), { prefix: '/api' });
      }
    });
    // Everything else: the session, then who is asking, then the routes.
    await site.register(async (sessioned) => {
      await sessioned.register(sessionsPlugin);
      // A stored write whose read models lag still answers its usual status and body, with this header.
      sessioned.addHook('onSend', async (request, reply) => {
        if (request.readModelsBehind) reply.header('x-read-models-behind', 'true');
      });
      for (const feature of runtime.features) {
        for (const plugin of feature.plugins ?? []) await sessioned.register(plugin);
      }
      for (const feature of runtime.features) {
        if (feature.routes) await sessioned.register(taggedWith(feature.name, feature.routes), { prefix: '/api' });
      }
    });
    const pageData = runtime.features.flatMap((feature) => (feature.pageData ? [feature.pageData(runtime)] : []));
    await serveTheWebApp(site, runtime.config, options.serveWeb, pageData);
  });
  return app;
}

/** A command's events are stored but the read models did not reach them in time: the answer says so. */
function markReadModelsBehind(this: FastifyRequest, error: Error): void {
  this.readModelsBehind = true;
  this.log.warn({ err: error }, 'events stored, read models behind: answered with x-read-models-behind');
}

/**
 * Fastify refuses a bare hop count (it cannot tell who the nearest peer is), so a count becomes "trust
 * the nearest N hops": right only when the gateway is reachable through those proxies alone.
 */
function trustProxyOption(trust: false | number | string[]): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}
