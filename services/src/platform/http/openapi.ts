import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyPluginAsync, FastifySchemaCompiler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@cafe/contracts';
import { checkWith } from './validation.js';
import { requireAdmin } from './auth-guard.js';
import { API_DOCS_PATH, RATE_LIMITED_ROUTES, STAFF_ROUTES, isAdminPath, methodsOf, usesRequireAdmin } from './security.js';
import { SESSION_COOKIE } from './sessions.js';
import { REPOSITORY_DIR, SERVICES_DIR } from '../package-paths.js';

export const OPENAPI_PATH = '/api/openapi.json';

/** What a route takes and answers beyond its `params` and `response` schemas, for `accepts` and `documented`. */
export interface RouteDocs {
  /** The JSON body's contract schema. */
  body?: z.ZodType;
  /** The query string's contract schema. */
  querystring?: z.ZodType;
  /** The handler reads If-Match: the version the client saw; a record changed since is a 409. */
  ifMatch?: boolean;
  /** The success answer carries the record's version as ETag (what If-Match sends back). */
  etag?: boolean;
  /** Answered from the serialised-answer cache: ETag, and 304 to a matching If-None-Match. */
  cached?: boolean;
  /** Answers no response schema describes (a redirect, a file, a 401): status → what it means. */
  answers?: Record<number, string>;
  /** The media type of the 2xx `answers` (a file); JSON bodies are described by `response` schemas. */
  contentType?: string;
  /** Request media types other than JSON (an upload's multipart/form-data). */
  consumes?: string[];
  summary?: string;
  description?: string;
}

const DOCS = Symbol.for('cafe.routeDocs');
type Flags = Pick<RouteDocs, 'ifMatch' | 'etag' | 'cached' | 'answers' | 'contentType'>;

/** Schemas that only describe: the handler validates, with the contract's own messages. */
const documentedOnly = new WeakSet<object>();
/** Schemas Fastify validates as parseWith does; a schema built per request maps to its builder. */
const accepted = new WeakMap<object, (() => z.ZodType) | null>();
const rebuilt = new WeakMap<object, () => z.ZodType>();
const validating = <S extends z.ZodType>(schema: S): S => {
  // A copy, like describeOnly's: the contract schema itself stays as any other route uses it.
  const copy = schema.clone();
  accepted.set(copy, rebuilt.get(schema) ?? null);
  return copy;
};
const describeOnly = (schema: z.ZodType): z.ZodUnknown => {
  // A copy is marked, so the same contract schema still validates wherever a route asks Fastify to.
  const copy = schema.clone();
  documentedOnly.add(copy);
  // Typed as unknown so that a handler never takes the raw input for parsed input.
  return copy as unknown as z.ZodUnknown;
};

const ifMatchHeaders = z.object({
  'if-match': z
    .string()
    .optional()
    .describe('The version you saw, as its ETag ("3"). If the record changed since, the answer is 409. Absent or * means any version.'),
});

/** Everything but the body and query: the If-Match header (read by the handler), media types, text, flags. */
function docsPart(docs: RouteDocs) {
  const { ifMatch, etag, cached, answers, contentType, consumes, summary, description } = docs;
  return {
    ...(consumes ? { consumes } : {}),
    ...(ifMatch ? { headers: describeOnly(ifMatchHeaders) } : {}),
    ...(summary ? { summary } : {}),
    ...(description ? { description } : {}),
    [DOCS]: { ifMatch, etag, cached, answers, contentType } satisfies Flags,
  };
}

type Accepted<B, Q> = ReturnType<typeof docsPart> &
  (B extends z.ZodType ? { body: B } : unknown) &
  (Q extends z.ZodType ? { querystring: Q } : unknown);

/**
 * A route's input, declared once: spread it into the route's schema next to `params` and `response`.
 * Fastify validates the body and query string with these contract schemas exactly as parseWith does
 * (a missing body reads as `{}`; a failure is the 400 whose message is the first issue's, the product's
 * message for that field), and the handler reads `req.body` / `req.query` as the schemas' output.
 */
export function accepts<B extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined>(
  docs: RouteDocs & { body?: B; querystring?: Q },
): Accepted<B, Q> {
  const { body, querystring } = docs;
  return {
    ...(body ? { body: validating(body) } : {}),
    ...(querystring ? { querystring: validating(querystring) } : {}),
    ...docsPart(docs),
  } as Accepted<B, Q>;
}

/**
 * A schema that depends on the moment of the request (the café's today): documented as `build()`
 * returns it now, each request validated with the schema `build()` returns then. For `accepts`.
 */
export function builtPerRequest<S extends z.ZodType>(build: () => S): S {
  const schema = build().clone();
  rebuilt.set(schema, build);
  return schema;
}

/**
 * The OpenAPI part of a route's `schema` without input Fastify validates: the flags, and a body the
 * handler reads itself (a multipart form, or a schema that depends on what the handler reads first).
 * Fastify does not validate these (see validatorCompilerWithDocs); prefer `accepts`.
 */
export function documented(docs: RouteDocs) {
  const { body, querystring } = docs;
  return {
    ...(body ? { body: describeOnly(body) } : {}),
    ...(querystring ? { querystring: describeOnly(querystring) } : {}),
    ...docsPart(docs),
  };
}

/** For a route answered through answerCache: its ETag and 304 documented. */
export const fromCache = documented({ cached: true });

/**
 * The zod type provider's validator, except for the schemas `accepts` declares (validated as parseWith
 * does, so the 400 is the product's) and those `documented` marks as description only (not validated).
 */
export const validatorCompilerWithDocs: FastifySchemaCompiler<z.ZodType> = (route) => {
  const { schema } = route;
  if (documentedOnly.has(schema)) return (data: unknown) => ({ value: data });
  if (!accepted.has(schema)) return validatorCompiler(route);
  const build = accepted.get(schema);
  return build ? (data: unknown) => checkWith(build(), data) : (data: unknown) => checkWith(schema, data);
};

/** Each slice's routes under its name: the document's tags, for any slice added later too. */
export function taggedWith(tag: string, routes: FastifyPluginAsync): FastifyPluginAsync {
  return async (scope) => {
    scope.addHook('onRoute', (route) => {
      if (!route.schema?.tags) route.schema = { ...route.schema, tags: [tag] };
    });
    await scope.register(routes);
  };
}

/** Routes in the document: the JSON API. Not the web app, monitoring, nor the docs themselves. */
export const isDocumentedPath = (url: string) =>
  url.startsWith('/api/') && url !== OPENAPI_PATH && url !== API_DOCS_PATH && !url.startsWith(`${API_DOCS_PATH}/`);

const errorJson = (() => {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(errorBodySchema, { target: 'draft-2020-12' });
  return schema;
})();
const errorAnswer = (description: string) => ({ ...errorJson, description });

const etagHeader = {
  etag: { type: 'string', description: 'The version of the answer, e.g. "3": send it back as If-Match (writes) or If-None-Match (reads).' },
};

const isStaffRoute = (route: RouteOptions) =>
  usesRequireAdmin(route) ||
  isAdminPath(route.url) ||
  [route.onRequest].flat().includes(requireAdmin) ||
  methodsOf(route).some((m) => STAFF_ROUTES.includes(`${m} ${route.url}`));

type JsonSchema = Record<string, unknown>;
type OpenApiSchema = Record<string, unknown> & { response?: Record<string, JsonSchema> };

/**
 * The zod type provider's transform (contract schemas → JSON Schema 2020-12), plus what the schemas
 * cannot say: the staff session, If-Match / ETag, and the error answers of the one error handler.
 */
const transform: typeof jsonSchemaTransform = (input) => {
  const { url, route } = input;
  if (!isDocumentedPath(url)) return { schema: { hide: true }, url };
  const { [DOCS]: flags = {}, ...schema } = (input.schema ?? {}) as Record<PropertyKey, unknown> & { [DOCS]?: Flags };
  const transformed = withoutSafeIntegerBounds(jsonSchemaTransform({ ...input, schema }).schema) as OpenApiSchema;
  const response: Record<string, JsonSchema> = { ...transformed.response };
  const staff = isStaffRoute(route);
  const methods = methodsOf(route);

  for (const [status, description] of Object.entries(flags.answers ?? {})) {
    if (Number(status) >= 400) response[status] = errorAnswer(description);
    else if (status.startsWith('2') && flags.contentType) {
      response[status] = { description, content: { [flags.contentType]: { schema: { type: 'string', format: 'binary' } } } };
    } else if (status.startsWith('2')) response[status] = { description };
    else response[status] = { type: 'null', description };
  }
  for (const [status, answer] of Object.entries(response)) {
    if (!/^2/.test(status)) continue;
    const headers = flags.etag || flags.cached ? { headers: etagHeader } : {};
    response[status] = { description: answer.description ?? successDescription(status), ...answer, ...headers };
  }
  if (flags.cached) response[304] = { type: 'null', description: 'Not modified: If-None-Match named the current ETag.' };
  if (transformed.body || transformed.querystring || transformed.params || transformed.headers) {
    response[400] ??= errorAnswer('Invalid input: `message` is the contract message of the first invalid field, `issues` all of them.');
  }
  if (staff) {
    response[401] ??= errorAnswer('Not signed in.');
    response[403] ??= errorAnswer('Signed in, but not on the admin whitelist (or a staff write from another origin).');
  }
  if (transformed.params) response[404] ??= errorAnswer('No such record.');
  if (flags.ifMatch)
    response[409] ??= errorAnswer('The record changed since the version sent in If-Match, or the change conflicts with its state.');
  if (methods.some((m) => RATE_LIMITED_ROUTES.includes(`${m} ${url}`)))
    response[429] ??= errorAnswer('Too many requests from this address.');

  return {
    url,
    schema: {
      ...transformed,
      ...(Object.keys(response).length > 0 ? { response } : {}),
      ...(staff ? { security: [{ staffSession: [] }] } : {}),
      ...(methods.length === 1 && !transformed.operationId ? { operationId: operationIdOf(methods[0]!, url) } : {}),
    },
  };
};

/** zod writes every integer's safe range as its bounds: noise to a reader, and the UI's example values. */
function withoutSafeIntegerBounds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSafeIntegerBounds);
  if (!value || typeof value !== 'object' || value instanceof z.ZodType) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if ((key === 'minimum' && inner === Number.MIN_SAFE_INTEGER) || (key === 'maximum' && inner === Number.MAX_SAFE_INTEGER)) continue;
    copy[key] = withoutSafeIntegerBounds(inner);
  }
  return copy;
}

/** A stable name for client generators: GET /api/admin/reservations/:id → getAdminReservationsById. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .map((segment) => (segment.startsWith(':') ? `by-${segment.slice(1)}` : segment))
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

const successDescription = (status: string) => (status === '201' ? 'Created' : status === '202' ? 'Accepted' : 'OK');

function packageInfo(): { description: string; version: string } {
  const read = (dir: string) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, string>;
  return { description: read(REPOSITORY_DIR).description ?? '', version: read(SERVICES_DIR).version ?? '0.0.0' };
}

/** Collects every route as it is registered: registered on the root, before any route. */
export const openApiDocument = fp(
  async (app: FastifyInstance) => {
    const { description, version } = packageInfo();
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: 'Meeple Haven Board Game Café API', description, version },
        components: {
          securitySchemes: {
            staffSession: {
              type: 'apiKey',
              in: 'cookie',
              name: SESSION_COOKIE,
              description:
                'The staff session cookie, set by signing in through GET /api/login (OpenID Connect): sign in at /admin/login in this browser, and "Try it out" sends it. State-changing staff requests must also come from the site itself (Origin or Referer).',
            },
          },
        },
      },
      transform,
    });
  },
  { name: 'openapi-document' },
);

/** GET /api/openapi.json and the browsable docs at /api/docs (Swagger UI's files ship with the package). */
export const apiDocsRoutes: FastifyPluginAsync = async (app) => {
  let document: string | null = null;
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) => {
    document ??= JSON.stringify(app.swagger());
    return reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(document);
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PATH,
    // No top bar: it would show a logo and a box to load any other document; the page is this API's.
    uiConfig: { layout: 'BaseLayout', deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0 },
    theme: { title: 'Meeple Haven API' },
  });
};
