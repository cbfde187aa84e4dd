import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { Config } from '../config.js';
import { faviconIco } from './favicon.js';
import { webPages, type PageDataSource } from './web-pages.js';

/** The SPA's own routes (web/src/app/router.tsx); any other page is its 404 screen, answered 404. */
export const SPA_ROUTES = [
  '/',
  '/events',
  '/admin',
  '/admin/login',
  '/admin/gallery-management',
  '/admin/day-sheet',
  '/my-booking',
  '/open-tables',
  '/open-tables/host',
  '/my-event-sign-up',
  '/games',
  '/games/:id',
  // A guest's own pages, reached by the signed link of their mail or text.
  '/waitlist/:token',
  '/waitlist-offers/:token',
  '/queue/:token',
];
/** What search engines should index: the public site (the staff pages are behind a sign-in). */
export const PUBLIC_ROUTES = ['/', '/events', '/games', '/open-tables'];

const HASHED = 'public, max-age=31536000, immutable';

export function robotsTxt(config: Config): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /my-booking',
    'Disallow: /open-tables/host',
    'Disallow: /my-event-sign-up',
    'Disallow: /waitlist',
    'Disallow: /queue/',
    'Disallow: /api/',
    '',
    `Sitemap: ${config.publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

export function sitemapXml(config: Config): string {
  const urls = PUBLIC_ROUTES.map((path) => `  <url><loc>${escapeXml(config.publicUrl + path)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The built web app, robots.txt and sitemap.xml. Files are looked up per request (no list frozen at
 * start), so a web/dist rebuilt while the gateway runs serves its new asset names at once.
 */
export async function serveTheWebApp(
  site: FastifyInstance,
  config: Config,
  serve?: boolean,
  pageData: PageDataSource[] = [],
): Promise<void> {
  const webDist = config.webDist;
  const serveWeb = serve ?? existsSync(join(webDist, 'index.html'));
  const isAsset = (path: string) => relative(webDist, path).startsWith(`assets${sep}`);
  // The pages carry the stored data they were rendered with (the business info), rendered per version.
  const sendPage = webPages(webDist, pageData, site.log);
  // The landing page gets landing.html (its first paint prerendered by the build), every other page app.html
  // (the app without the landing hero's image preloads: 36 KB a phone would fetch on /games for nothing),
  // when the build has them; else the one shell.
  const pageFor = (url: string) => {
    const path = url.split('?')[0]!;
    if (path === '/') return existsSync(join(webDist, 'landing.html')) ? 'landing.html' : 'index.html';
    return existsSync(join(webDist, 'app.html')) ? 'app.html' : 'index.html';
  };
  if (serveWeb) {
    await site.register(fastifyStatic, {
      root: webDist,
      // The landing page's server render (dist/ssr) is the gateway's code, not a file for browsers.
      allowedPath: (path) => !/^\/ssr(\/|$)/.test(path),
      wildcard: true,
      // The build writes .br/.gz beside each asset; serving them is what keeps the landing page fast on phones.
      preCompressed: true,
      index: false,
      // Our own Cache-Control below, not send's max-age=0 (which would override it).
      cacheControl: false,
      setHeaders: (res, path) => {
        // Vite fingerprints everything under assets/, so those never change; everything else is revalidated.
        res.setHeader('cache-control', isAsset(path) ? HASHED : 'no-cache');
      },
    });
    const shell = (status: number) => (request: FastifyRequest, reply: FastifyReply) =>
      sendPage(request, reply, pageFor(request.url), status);
    for (const path of SPA_ROUTES) site.get(path, shell(200));
    const ico = faviconIco(join(webDist, 'favicon.svg'));
    site.get('/favicon.ico', async (request, reply) => {
      const icon = await ico();
      if (!icon) return reply.callNotFound();
      return reply.type('image/x-icon').header('cache-control', 'public, max-age=86400').send(icon);
    });
  }
  site.get('/robots.txt', (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(config)),
  );
  site.get('/sitemap.xml', (_request, reply) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(sitemapXml(config)),
  );
  // The preHandler gives the site's headers to answers sent through reply.callNotFound() too (a refused /metrics).
  const preHandler = site.hasDecorator('securityHeaders') ? site.securityHeaders : undefined;
  site.setNotFoundHandler(preHandler ? { preHandler } : {}, (request, reply) => {
    const path = request.url.split('?')[0]!;
    const page = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api/') && path !== '/api';
    if (serveWeb && page && !path.startsWith('/assets/')) {
      // The SPA shows its 404 screen; the status tells search engines and monitors the page is not there.
      return sendPage(request, reply, pageFor(request.url), 404);
    }
    return reply.status(404).send({ message: `No such endpoint: ${request.method} ${path}` });
  });
}
