import { defineConfig, type Plugin } from 'vite';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { blueprintCssSplit } from './vite-plugins/blueprint-css';
import { landingHtml } from './vite-plugins/landing-html';
import { blueprintIconNames } from './vite-plugins/blueprint-icon-names';
import { HERO_IMAGE_SIZES, HERO_SLIDES, src, srcSet } from './src/config/site';

/**
 * Writes .br and .gz beside every text asset of the build, so a static server that serves
 * precompressed files (@fastify/static's `preCompressed`) sends them without compressing per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'cafe-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]));
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json)$/.test(file) || statSync(file).size < 1024) continue;
        const data = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    // The Blueprint partials the landing page renders (top bar, hero, sections, drawer, photo viewer).
    blueprintCssSplit({
      landing: ['button', 'card', 'collapse', 'drawer', 'icon', 'menu', 'navbar', 'non-ideal-state', 'overlay', 'portal', 'spinner'],
    }),
    // Every slide's photo, as the slideshow shows its placeholder until all of them have been tried;
    // the first one (the LCP image) first. The srcset and sizes match the <img> so nothing loads twice.
    landingHtml({
      preloadImages: HERO_SLIDES.map((slide, i) => ({
        href: src(slide.image, 1024),
        srcset: srcSet(slide.image),
        sizes: HERO_IMAGE_SIZES,
        highPriority: i === 0,
      })),
    }),
    blueprintIconNames(),
    precompress(),
  ],
  resolve: {
    // Deep imports of single contract modules (e.g. '@cafe/contracts/business') keep zod and luxon
    // out of the landing page's first chunk; the forms, loaded later, import the whole package.
    alias: [{ find: /^@cafe\/contracts\/(.+)$/, replacement: fileURLToPath(new URL('../contracts/src/$1', import.meta.url)) }],
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // Only the landing page's own code is preloaded; lazy chunks (dashboard, dialogs) load on demand.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 700,
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
