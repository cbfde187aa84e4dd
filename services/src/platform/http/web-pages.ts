import type { PageDataSource } from '../runtime/runtime.js';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';

/**
 * An API answer a slice puts into every page the gateway serves (a feature's `pageData`): the app's
 * first render uses it (web/src/lib/page-data.ts), so the HTML and the hydration agree and no visitor
 * sees a default flash before the stored value.
 */
export type { PageDataSource } from '../runtime/runtime.js';

interface Page {
  key: string;
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** The landing page's server render, built by web/scripts/prerender-landing.ts beside the app it hydrates. */
interface LandingRender {
  renderLanding: (pageData: Record<string, unknown>) => string;
  /** The head's title and description from the same data (a description of null keeps the build's). */
  landingHead?: (pageData: Record<string, unknown>) => { title: string; description: string | null };
}

const OUTLET = '<!--ssr-->';
const PAGE_DATA_ID = 'page-data';

/** JSON in a data block: '<' escaped so no text can end the element. */
const dataBlock = (data: Record<string, unknown>) =>
  `<script type="application/json" id="${PAGE_DATA_ID}">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The shell's <title> and meta description replaced by the stored café's. */
function withHead(shell: string, head: { title: string; description: string | null } | undefined): string {
  if (!head) return shell;
  const titled = shell.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`);
  if (!head.description) return titled;
  return titled.replace(
    /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
    () => `<meta name="description" content="${escapeHtml(head.description!)}" />`,
  );
}

const mtime = (path: string) => (existsSync(path) ? statSync(path).mtimeMs : 0);

/**
 * The site's HTML pages with the stored data in them, rendered once per data version (and per build of
 * web/dist) and kept compressed: `/` is the landing page rendered from the stored business info by the
 * build's own server module (dist/ssr/landing.js), every other page its shell with the data block. When
 * the build has no server module, or it fails, `/` is the build's landing.html as it was prerendered.
 */
export function webPages(webDist: string, sources: PageDataSource[], logger: FastifyBaseLogger) {
  const pages = new Map<string, Page>();
  const ssrModule = join(webDist, 'ssr', 'landing.js');
  const ssrShell = join(webDist, 'ssr', 'landing-shell.html');
  let renderer: { built: number; render: Promise<LandingRender | null> } | null = null;

  /** The server module of the current build, loaded again after a rebuild (its URL carries the build's time). */
  const landingRenderer = (built: number) => {
    if (!renderer || renderer.built !== built) {
      const render = import(`${pathToFileURL(ssrModule).href}?v=${built}`)
        .then((m: Partial<LandingRender>) => (m.renderLanding ? (m as LandingRender) : null))
        .catch((error: unknown) => {
          logger.error({ err: error }, 'the landing page server render could not be loaded; serving the prerendered landing.html');
          return null;
        });
      renderer = { built, render };
    }
    return renderer.render;
  };

  async function build(file: string, data: Record<string, unknown>): Promise<string> {
    const block = sources.length ? dataBlock(data) : '';
    if (file === 'landing.html') {
      const render = existsSync(ssrShell) ? await landingRenderer(mtime(ssrModule)) : null;
      if (render) {
        try {
          const shell = withHead(readFileSync(ssrShell, 'utf8'), render.landingHead?.(data));
          return shell.replace(OUTLET, () => render.renderLanding(data)).replace('</body>', () => `${block}\n  </body>`);
        } catch (error) {
          logger.error({ err: error }, 'the landing page server render failed; serving the prerendered landing.html');
        }
      }
      // The prerendered page was rendered with the defaults: no data block, so the app starts from the same.
      return readFileSync(join(webDist, file), 'utf8');
    }
    return readFileSync(join(webDist, file), 'utf8').replace('</body>', () => `${block}\n  </body>`);
  }

  return async function sendPage(request: FastifyRequest, reply: FastifyReply, file: string, status: number): Promise<FastifyReply> {
    const versions = await Promise.all(sources.map((s) => s.version()));
    const built = file === 'landing.html' ? Math.max(mtime(join(webDist, file)), mtime(ssrModule)) : mtime(join(webDist, file));
    const key = `${built}|${versions.join('|')}`;
    let page = pages.get(file);
    if (!page || page.key !== key) {
      const values = await Promise.all(sources.map((s) => s.read()));
      const data = Object.fromEntries(sources.map((s, i) => [s.path, values[i]]));
      const html = Buffer.from(await build(file, data));
      page = {
        key,
        html,
        br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
        gzip: gzipSync(html, { level: 9 }),
      };
      pages.set(file, page);
    }
    const accepts = String(request.headers['accept-encoding'] ?? '');
    const [body, encoding] = /\bbr\b/.test(accepts) ? [page.br, 'br'] : /\bgzip\b/.test(accepts) ? [page.gzip, 'gzip'] : [page.html, null];
    void reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    if (encoding) void reply.header('content-encoding', encoding);
    return reply.send(body);
  };
}
