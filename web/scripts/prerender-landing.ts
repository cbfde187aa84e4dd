/**
 * After `vite build`: renders the landing page's first paint (src/prerender.tsx, built for Node by
 * Vite with the same config) into dist/landing.html, which the gateway serves for `/`, with its .br
 * and .gz beside it. Other paths keep index.html's empty root, so no page flashes the landing hero.
 * landing.html loads the app through src/features/landing/landing-boot.ts, which lets the hero's photo paint first and
 * keeps the clicks made before the app runs.
 */
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build as esbuild } from 'esbuild';
import { build } from 'vite';
import { precompressFile } from '../vite-plugins/precompress';

const web = join(import.meta.dirname, '..');
const dist = join(web, 'dist');
const ssrDir = join(web, '.tmp', 'prerender');

await build({
  root: web,
  logLevel: 'warn',
  build: { ssr: 'src/prerender.tsx', outDir: ssrDir, emptyOutDir: true, copyPublicDir: false },
});
const { renderLanding } = (await import(pathToFileURL(join(ssrDir, 'prerender.js')).href)) as { renderLanding: () => string };
const markup = renderLanding();
rmSync(ssrDir, { recursive: true, force: true });

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

const landing = index
  .replace(root, `<div id="root">${markup}</div>`)
  .replace(entryTag[0], `<meta name="app-entry" content="${entryTag[1]}" />\n    <script type="module" src="/${bootFile}"></script>`);
writeFileSync(join(dist, 'landing.html'), landing);
precompressFile(join(dist, 'landing.html'));
console.log(`dist/landing.html: the landing page's first paint prerendered (${(markup.length / 1024).toFixed(1)} KB of HTML)`);
