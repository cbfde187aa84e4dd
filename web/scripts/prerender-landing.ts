/**
 * After `vite build`: renders the landing page's first paint (src/prerender.tsx, built for Node by
 * Vite with the same config) into dist/landing.html, with the café's defaults and its .br and .gz
 * beside it. The module itself stays as dist/ssr/landing.js with dist/ssr/landing-shell.html (the page
 * with an empty root marked `<!--ssr-->`): the gateway renders `/` with them from the stored business
 * info (landing.html is what it serves when it cannot). Other paths keep index.html's empty root, so no page flashes the landing hero.
 * landing.html loads the app through src/features/landing/landing-boot.ts, which lets the hero's photo paint first and
 * keeps the clicks made before the app runs.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build as esbuild } from 'esbuild';
import { build } from 'vite';
import { precompressFile } from '../vite-plugins/precompress';

const web = join(import.meta.dirname, '..');
const dist = join(web, 'dist');
// Inside dist so it always matches the client bundle beside it; the gateway does not serve ssr/.
const ssrDir = join(dist, 'ssr');

await build({
  root: web,
  logLevel: 'warn',
  build: {
    ssr: 'src/prerender.tsx',
    outDir: ssrDir,
    emptyOutDir: true,
    copyPublicDir: false,
    rollupOptions: { output: { entryFileNames: 'landing.js' } },
  },
  // Blueprint's ESM imports its files without extensions, which Node's own loader (the gateway's) refuses: bundled.
  ssr: { noExternal: [/^@blueprintjs\//] },
});
// The shared config precompresses every output; nothing under ssr/ is sent to a browser.
for (const file of readdirSync(ssrDir, { recursive: true, encoding: 'utf8' })) {
  if (/\.(br|gz)$/.test(file)) rmSync(join(ssrDir, file));
}
const { renderLanding } = (await import(pathToFileURL(join(ssrDir, 'landing.js')).href)) as { renderLanding: () => string };
const markup = renderLanding();

const index = readFileSync(join(dist, 'index.html'), 'utf8');
const root = '<div id="root"></div>';
if (!index.includes(root)) throw new Error(`dist/index.html has no ${root}`);
const entryTag = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(index);
if (!entryTag) throw new Error('dist/index.html has no entry <script type="module" crossorigin src="…">');

const boot = await esbuild({
  entryPoints: [join(web, 'src', 'features', 'landing', 'landing-boot.ts')],
  bundle: true,
  minify: true,
  format: 'esm',
  target: 'es2022',
  write: false,
});
const bootCode = boot.outputFiles[0]!.contents;
const bootFile = `assets/landing-boot-${createHash('sha256').update(bootCode).digest('base64url').slice(0, 8)}.js`;
writeFileSync(join(dist, bootFile), bootCode);

const shell = index.replace(
  entryTag[0],
  `<meta name="app-entry" content="${entryTag[1]}" />\n    <script type="module" src="/${bootFile}"></script>`,
);
writeFileSync(join(ssrDir, 'landing-shell.html'), shell.replace(root, '<div id="root"><!--ssr--></div>'));
const landing = shell.replace(root, `<div id="root">${markup}</div>`);
writeFileSync(join(dist, 'landing.html'), landing);
precompressFile(join(dist, 'landing.html'));
console.log(`dist/landing.html: the landing page's first paint prerendered (${(markup.length / 1024).toFixed(1)} KB of HTML)`);
// The build's last step: the gateway's build-if-stale takes a dist without this stamp (a build killed
// halfway) as missing (BUILD_STAMP in services/src/bin/web-build.ts). In ssr/: never served to browsers.
writeFileSync(join(ssrDir, '.build-complete'), `${new Date().toISOString()}\n`);
