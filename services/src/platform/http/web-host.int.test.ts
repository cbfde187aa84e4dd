import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

/** A web build as Vite leaves it: index.html, hashed assets, and web/public's files copied beside them. */
const SHELL = '<!doctype html><html lang="en"><head><title>Meeple Haven</title></head><body><div id="root"></div></body></html>';
let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = join(mkdtempSync(join(tmpdir(), 'cafe-web-')), 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), SHELL);
  writeFileSync(join(dist, 'assets', 'index-AbC123.js'), 'console.log("first build");');
  const publicDir = new URL('../../../../web/public', import.meta.url).pathname;
  for (const name of readdirSync(publicDir)) {
    if (statSync(join(publicDir, name)).isFile()) copyFileSync(join(publicDir, name), join(dist, name));
  }
  t = await createTestApp({ env: { WEB_DIST: dist, PUBLIC_URL: 'https://meeplehaven.example' } });
});
afterAll(async () => {
  await t.close();
  rmSync(join(dist, '..'), { recursive: true, force: true });
});

const get = (url: string, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url });
/** The page as built, without the data block the gateway adds (web-pages.int.test.ts checks that). */
const page = async (url: string) =>
  (await get(url)).body.replace(/\n?<script type="application\/json" id="page-data">.*?<\/script>\n\s*/s, '');

describe('the web app as served by the gateway', () => {
  it('answers 200 on every route of the web app’s router (a page the app shows is not a 404 to crawlers and monitors)', async () => {
    const router = readFileSync(new URL('../../../../web/src/app/router.tsx', import.meta.url), 'utf8');
    const paths = [...router.matchAll(/<Route path="([^"*]+)"/g)].map((m) => m[1]!.replace(/:(\w+)/g, 'some-$1'));
    expect(paths).toContain('/games');
    for (const path of paths) expect((await get(path)).statusCode, path).toBe(200);
  });

  it("answers HEAD / like GET / (200, the page's type), for monitors", async () => {
    const [getRes, headRes] = [await get('/'), await get('/', 'HEAD')];
    expect(getRes.statusCode).toBe(200);
    expect(headRes.statusCode).toBe(200);
    expect(headRes.headers['content-type']).toBe(getRes.headers['content-type']);
    expect(String(headRes.headers['content-type'])).toMatch(/^text\/html/);
  });

  it("answers the SPA's own routes 200 with the shell", async () => {
    for (const path of ['/', '/events', '/admin', '/admin/login', '/admin/gallery-management', '/?utm_source=x']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(200);
      expect(await page(path), path).toBe(SHELL);
      expect(res.headers['cache-control'], path).toBe('no-cache');
    }
  });

  it('answers / with the prerendered landing.html once a build has one, every other page with app.html (no hero preloads)', async () => {
    const landing = SHELL.replace('<div id="root"></div>', '<div id="root"><header class="topbar"></header></div>');
    writeFileSync(join(dist, 'landing.html'), landing);
    // app.html: the app without the landing hero's preloads, for every page but the landing page.
    const app = SHELL.replace('Meeple Haven', 'Meeple Haven app');
    writeFileSync(join(dist, 'app.html'), app);
    try {
      for (const path of ['/', '/?utm_source=x']) expect((await get(path)).body, path).toBe(landing);
      for (const path of ['/my-booking?token=x', '/games', '/games/azul', '/events', '/admin/login', '/no-such-page'])
        expect(await page(path), path).toBe(app);
    } finally {
      rmSync(join(dist, 'landing.html'));
      rmSync(join(dist, 'app.html'));
    }
  });

  it("answers an unknown path 404 with the app's 404 screen (the shell), GET and HEAD alike; unknown API paths 404 JSON", async () => {
    for (const path of ['/no-such-page', '/admin/no-such-section', '/menu/2']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(404);
      expect(String(res.headers['content-type']), path).toMatch(/^text\/html/);
      expect(await page(path), path).toBe(SHELL);
      expect((await get(path, 'HEAD')).statusCode, path).toBe(404);
    }
    const api = await get('/api/no-such-thing');
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toMatch(/No such endpoint/);
  });

  it('serves a real robots.txt: the public site allowed, /admin and /api disallowed, the sitemap named', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^text\/plain/);
    const lines = res.body.split('\n').map((l) => l.trim());
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    expect(lines).toContain('Disallow: /admin');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain('Sitemap: https://meeplehaven.example/sitemap.xml');
  });

  it('serves sitemap.xml listing the public routes with absolute URLs, and no staff page', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^application\/xml/);
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(res.body).toContain('<loc>https://meeplehaven.example/</loc>');
    expect(res.body).not.toContain('/admin');
  });

  it('serves /favicon.ico as an icon (an ICO file), not the HTML shell', async () => {
    const res = await get('/favicon.ico');
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    expect([...res.rawPayload.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
  });

  it('serves asset names of a web/dist rebuilt after start, without a restart, with the long cache of hashed assets', async () => {
    const first = await get('/assets/index-AbC123.js');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // `npm run build` while the gateway runs: new hashed names appear.
    writeFileSync(join(dist, 'assets', 'index-XyZ789.js'), 'console.log("second build");');
    const rebuilt = await get('/assets/index-XyZ789.js');
    expect(rebuilt.statusCode).toBe(200);
    expect(String(rebuilt.headers['content-type'])).toMatch(/javascript/);
    expect(rebuilt.body).toBe('console.log("second build");');
    expect(rebuilt.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // A missing asset is a plain 404, never the HTML shell (a browser would try to run it as a script).
    const missing = await get('/assets/index-Gone00.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toBe(SHELL);
  });
});
