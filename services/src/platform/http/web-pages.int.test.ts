import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { useAdminApp } from '../../../test/admin-app.js';

/**
 * A web build as web/scripts/prerender-landing.ts leaves it: the prerendered landing.html (the café's
 * defaults), and dist/ssr with the landing page's server render and the shell it goes into. The render
 * here stands in for the app's: it shows what it is given, as the app's first render does.
 */
const SHELL =
  '<!doctype html><html lang="en"><head><title>Café</title>\n<meta\n  name="description"\n  content="The build\'s words" />\n</head><body><div id="root"></div></body></html>';
const dist = join(mkdtempSync(join(tmpdir(), 'cafe-web-pages-')), 'dist');
mkdirSync(join(dist, 'ssr'), { recursive: true });
writeFileSync(join(dist, 'index.html'), SHELL);
writeFileSync(
  join(dist, 'landing.html'),
  SHELL.replace('<div id="root"></div>', '<div id="root"><header>Meeple Haven Board Game Café</header></div>'),
);
writeFileSync(join(dist, 'ssr', 'landing-shell.html'), SHELL.replace('<div id="root"></div>', '<div id="root"><!--ssr--></div>'));
const renderModule = (tag: string) => `
  let renders = 0;
  export function renderLanding(data) {
    const info = data['/api/business-info'];
    renders += 1;
    const count = data['/api/games/count'];
    return '<header data-build="${tag}" data-renders="' + renders + '"><b>' + info.name + '</b> <a>' + info.phone + '</a>' +
      (info.announcement ? '<aside>' + info.announcement + '</aside>' : '') + '<i>' + count.games + ' games</i></header>';
  }
  export function landingHead(data) {
    const info = data['/api/business-info'];
    return { title: info.name + ' · Madison, WI', description: info.description || null };
  }
`;
writeFileSync(join(dist, 'ssr', 'landing.js'), renderModule('first'));

afterAll(() => rmSync(join(dist, '..'), { recursive: true, force: true }));

describe('the pages the gateway serves carry the stored business info', () => {
  const { t, send } = useAdminApp({ env: { WEB_DIST: dist } });
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const dataOf = (html: string) =>
    JSON.parse(/<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null') as Record<
      string,
      Record<string, unknown>
    > | null;

  it('given business info changed by staff, when a fresh visitor asks for /, then the HTML itself shows the new name, the formatted phone and the announcement', async () => {
    const saved = await send('PUT', '/api/admin/business-info', {
      name: 'Dice Den Game Lounge',
      address: '12 Oak St, Madison, WI 53703',
      phone: '2625559999',
      announcement: 'Closed for Thanksgiving, open Friday!',
      description: 'Games & "good" food',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ phone: '(262) 555-9999' });

    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<b>Dice Den Game Lounge</b> <a>(262) 555-9999</a><aside>Closed for Thanksgiving, open Friday!</aside>');
    expect(res.body).not.toContain('Meeple Haven Board Game Café');
    expect(res.body).toContain('<title>Dice Den Game Lounge · Madison, WI</title>');
    expect(res.body).toContain('<meta name="description" content="Games &amp; &quot;good&quot; food" />');
    // The app's first render starts from the same answer the API gives, so hydration matches.
    const api = (await get('/api/business-info')).json<Record<string, unknown>>();
    expect(dataOf(res.body)).toEqual({ '/api/business-info': api, '/api/games/count': { games: 0 } });
  });

  it("renders again when the library's count changes: the hero's games count is in the HTML", async () => {
    expect((await get('/')).body).toContain('<i>0 games</i>');
    const added = await send('POST', '/api/admin/games', { title: 'Azul', minPlayers: 2, maxPlayers: 4 });
    expect(added.statusCode).toBe(201);
    const next = await get('/');
    expect(next.body).toContain('<i>1 games</i>');
    expect(dataOf(next.body)?.['/api/games/count']).toEqual({ games: 1 });
  });

  it('renders once per business-info version, and again when it changes', async () => {
    const first = await get('/');
    expect((await get('/')).body).toBe(first.body);
    await send('PUT', '/api/admin/business-info', { name: 'Dice Den Game Lounge', announcement: '' });
    const next = await get('/');
    expect(next.body).not.toContain('<aside>');
    expect(dataOf(next.body)?.['/api/business-info']).toMatchObject({ name: 'Dice Den Game Lounge', announcement: null });
    const renders = (html: string) => Number(/data-renders="(\d+)"/.exec(html)?.[1]);
    expect(renders(next.body)).toBe(renders(first.body) + 1);
  });

  it('sends the page compressed to a browser that accepts it', async () => {
    const plain = (await get('/')).body;
    const br = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    expect((await get('/', { 'accept-encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');
  });

  it('gives every other page (the 404 screen, /events, the staff pages) the same data block, for the same first render', async () => {
    for (const [path, status] of [
      ['/events', 200],
      ['/no-such-page', 404],
      ['/admin/login', 200],
    ] as const) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(status);
      expect(res.body, path).toContain('<div id="root"></div>');
      expect(dataOf(res.body)?.['/api/business-info'], path).toMatchObject({ name: 'Dice Den Game Lounge', phone: '(262) 555-9999' });
    }
  });

  it('renders with a rebuilt web app at once, and never serves the server render itself', async () => {
    writeFileSync(join(dist, 'ssr', 'landing.js'), renderModule('second'));
    const later = new Date(Date.now() + 5000);
    utimesSync(join(dist, 'ssr', 'landing.js'), later, later);
    expect((await get('/')).body).toContain('data-build="second"');
    expect((await get('/ssr/landing.js')).statusCode).toBe(404);
    expect((await get('/ssr/landing-shell.html')).statusCode).toBe(404);
  });

  it('falls back to the prerendered landing.html (without a data block) when the server render fails', async () => {
    writeFileSync(join(dist, 'ssr', 'landing.js'), 'export function renderLanding() { throw new Error("boom"); }');
    const later = new Date(Date.now() + 10_000);
    utimesSync(join(dist, 'ssr', 'landing.js'), later, later);
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<header>Meeple Haven Board Game Café</header>');
    expect(dataOf(res.body)).toBeNull();
  });
});
