import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { SPA_ROUTES } from './web-host.js';

interface Operation {
  tags?: string[];
  requestBody?: unknown;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  responses: Record<string, { headers?: Record<string, unknown> }>;
  operationId?: string;
}
interface OpenApi {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
}

/**
 * Routes the app serves that are not the JSON API, so not in the document: monitoring, the web app
 * (its pages, files and robots/sitemap), the document itself and Swagger UI's own files.
 */
const NOT_IN_THE_DOCUMENT = [
  '/healthz',
  '/readyz',
  '/metrics',
  '/robots.txt',
  '/sitemap.xml',
  '/favicon.ico',
  '/*', // the web app's files (this one route, not a prefix)
  ...SPA_ROUTES,
  '/api/openapi.json',
  '/api/docs',
  '/api/docs/*',
];
/** "METHOD path" is excluded when its path is listed, or under a listed "/prefix/*". */
const excluded = (route: string) => {
  const path = route.slice(route.indexOf(' ') + 1);
  return NOT_IN_THE_DOCUMENT.some(
    (listed) => listed === path || (listed.length > 2 && listed.endsWith('/*') && path.startsWith(listed.slice(0, -1))),
  );
};

/** Writes that take no body: nothing to document. */
const NO_BODY = ['POST /api/auth/logout'];

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const toOpenApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

async function documentOf(app: FastifyInstance): Promise<OpenApi> {
  const answer = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  return answer.json<OpenApi>();
}

/** Every route the live app registered, as "METHOD path": routes other branches add are here too. */
function registeredRoutes(app: FastifyInstance): string[] {
  const table = app.routeTable();
  const gets = new Set(table.filter((r) => r.method === 'GET').map((r) => r.url));
  // Fastify adds a HEAD to every GET: the GET documents both.
  const routes = table.filter((r) => !(r.method === 'HEAD' && gets.has(r.url))).map((r) => `${r.method} ${toOpenApiPath(r.url)}`);
  return [...new Set(routes)].sort();
}

const documentedRoutes = (doc: OpenApi) =>
  Object.entries(doc.paths)
    .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();

const undocumented = (registered: string[], documented: string[]) =>
  registered.filter((route) => !documented.includes(route) && !excluded(route));

describe('OpenAPI document (/api/openapi.json) and the docs (/api/docs)', () => {
  let t: TestApp;
  let doc: OpenApi;
  let registered: string[];
  let documented: string[];

  beforeAll(async () => {
    t = await createTestApp();
    doc = await documentOf(t.app);
    registered = registeredRoutes(t.app);
    documented = documentedRoutes(doc);
  });
  afterAll(async () => {
    await t.close();
  });

  it('is a valid OpenAPI 3.1 document, titled and versioned from package.json', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.info).toMatchObject({ title: 'Meeple Haven Board Game Café API', version: '0.1.0' });
  });

  it('documents every registered route with its method, except the listed non-API routes', () => {
    const missing = undocumented(registered, documented);
    expect(missing, `routes registered in the app but missing from /api/openapi.json: ${missing.join(', ')}`).toEqual([]);
    // The API is there at all (not an empty document that passes the check above by accident).
    expect(documented).toContain('POST /api/reservations');
    expect(documented).toContain('PATCH /api/party-bookings/{id}/approve');
    expect(documented.length).toBeGreaterThan(40);
  });

  it('lists no excluded route in the document', () => {
    const listed = documented.filter(excluded);
    expect(listed, `excluded routes that are in the document: ${listed.join(', ')}`).toEqual([]);
  });

  it('documents each operation enough to call it: its slice, a success answer, the body a write takes', () => {
    const problems: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        const route = `${method.toUpperCase()} ${path}`;
        if (!op.tags?.length) problems.push(`${route}: no tag (slice)`);
        if (!Object.keys(op.responses).some((status) => /^[23]/.test(status))) problems.push(`${route}: no success answer documented`);
        if (['post', 'put', 'patch'].includes(method) && !op.requestBody && !NO_BODY.includes(route)) {
          problems.push(`${route}: no request body documented`);
        }
      }
    }
    expect(problems).toEqual([]);
    // Client generators name their functions after these: one per operation, none twice.
    const ids = Object.values(doc.paths).flatMap((operations) => Object.values(operations).map((op) => op.operationId));
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/admin/reservations/{id}']!.get!.operationId).toBe('getAdminReservationsById');
  });

  it('documents the staff session on admin routes and If-Match / ETag where they are used', () => {
    const op = (route: string) => {
      const [method, path] = route.split(' ') as [string, string];
      return doc.paths[path]![method.toLowerCase()]!;
    };
    for (const route of ['GET /api/admin/whitelist', 'GET /api/reservations', 'PATCH /api/party-bookings/{id}/approve']) {
      expect(op(route).security, route).toEqual([{ staffSession: [] }]);
      expect(Object.keys(op(route).responses), route).toEqual(expect.arrayContaining(['401', '403']));
    }
    expect(op('POST /api/reservations').security).toBeUndefined();
    expect(op('GET /api/blocked-dates').security).toBeUndefined();
    const patch = op('PATCH /api/reservations/{id}');
    expect(patch.parameters).toContainEqual(expect.objectContaining({ in: 'header', name: 'if-match' }));
    expect(Object.keys(patch.responses)).toContain('409');
    expect(Object.keys(patch.responses['200']!.headers ?? {})).toEqual(['etag']);
    expect(Object.keys(op('GET /api/gallery').responses)).toEqual(expect.arrayContaining(['200', '304']));
  });

  it('every documented path and method exists in the app (none answers the missing-route 404)', async () => {
    const missing: string[] = [];
    for (const route of documented) {
      const [method, path] = route.split(' ') as [string, string];
      expect(METHODS).toContain(method.toLowerCase());
      const url = path.replace(/\{email\}/g, encodeURIComponent('someone@example.com')).replace(/\{\w+\}/g, 'no-such-id');
      const answer = await t.app.inject({
        method: method as 'GET',
        url,
        headers: { origin: t.config.publicUrl },
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
      });
      if (answer.statusCode === 404 && answer.body.includes('No such endpoint')) missing.push(route);
    }
    expect(missing, `documented but not served: ${missing.join(', ')}`).toEqual([]);
  });

  it('/api/docs is a page that loads only the site’s own files, under the page policy', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThanOrEqual(4);
    for (const asset of assets) {
      expect(asset, 'a local path').toMatch(/^\/api\/docs\//);
      const file = await t.app.inject({ method: 'GET', url: asset });
      expect(file.statusCode, asset).toBe(200);
    }
    const init = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(init.body).toContain('validatorUrl: null');
    const code = init.body
      .split('\n')
      .filter((line) => !line.trim().startsWith('//'))
      .join('\n');
    expect(code, 'no address outside the site').not.toMatch(/https?:\/\//);
    // The document the page loads is the one at /api/openapi.json.
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.json()).toEqual(doc);
    // The API's own answers keep the strict JSON policy.
    const api = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('a body documented from a contract schema is still parsed by its handler: the same 400 and message', async () => {
    const answer = await t.app.inject({ method: 'POST', url: '/api/reservations', payload: { name: '' } });
    expect(answer.statusCode).toBe(400);
    const body = answer.json<{ message: string; issues: { path: string[] }[] }>();
    expect(body.message).toBe('Name is required');
    expect(body.issues[0]!.path).toEqual(['name']);
  });

  it('names a route a slice adds without documenting it (the check above can fail)', async () => {
    const careless = {
      name: 'careless',
      routes: async (app: FastifyInstance) => {
        app.get('/admin/careless', { schema: { hide: true } }, async () => ({ ok: true }));
      },
    };
    const other = await createTestApp({ features: [careless] });
    try {
      const missing = undocumented(registeredRoutes(other.app), documentedRoutes(await documentOf(other.app)));
      expect(missing).toEqual(['GET /api/admin/careless']);
    } finally {
      await other.close();
    }
  });
});
