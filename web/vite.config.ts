import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { blueprintCssSplit, blueprintWithoutDarkTheme } from './vite-plugins/blueprint-css';
import { landingHtml } from './vite-plugins/landing-html';
import { blueprintIconNames } from './vite-plugins/blueprint-icon-names';
import { blueprintLazyTimezones } from './vite-plugins/blueprint-lazy-timezones';
import { precompress } from './vite-plugins/precompress';
import { contractsModules } from './vite-plugins/contracts-modules';
import { HERO_IMAGE_SIZES, HERO_SLIDES, src, srcSet } from './src/config/site';

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
    blueprintLazyTimezones(),
    precompress(),
  ],
  css: {
    postcss: { plugins: [blueprintWithoutDarkTheme()] },
  },
  resolve: {
    // Deep imports of single contract modules (e.g. '@cafe/contracts/business') keep zod and luxon
    // out of the landing page's first chunk; the forms, loaded later, import the whole package.
    alias: [contractsModules],
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
