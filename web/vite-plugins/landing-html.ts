import type { HtmlTagDescriptor, Plugin } from 'vite';

export interface PreloadImage {
  href: string;
  srcset: string;
  sizes: string;
  highPriority?: boolean;
}

const LANDING_ONLY = 'data-landing-only';

/**
 * The landing page's image preloads go into index.html (what `/` gets when the build has no prerendered
 * landing.html); the build also writes app.html, the same page without them, which the gateway serves for
 * every other path, so the dashboard, the games library and the guests' pages never download the hero's photos.
 */
export function landingHtml({ preloadImages }: { preloadImages: PreloadImage[] }): Plugin {
  return {
    name: 'cafe-landing-html',
    enforce: 'post',
    transformIndexHtml: {
      order: 'pre',
      handler: (): HtmlTagDescriptor[] =>
        preloadImages.map((image) => ({
          tag: 'link',
          injectTo: 'head',
          attrs: {
            rel: 'preload',
            as: 'image',
            type: 'image/webp',
            href: image.href,
            imagesrcset: image.srcset,
            imagesizes: image.sizes,
            ...(image.highPriority ? { fetchpriority: 'high' } : {}),
            [LANDING_ONLY]: true,
          },
        })),
    },
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (!index || index.type !== 'asset') return;
      const html = String(index.source);
      this.emitFile({
        type: 'asset',
        fileName: 'app.html',
        source: html.replace(new RegExp(`\\s*<link [^>]*${LANDING_ONLY}[^>]*>`, 'g'), ''),
      });
    },
  };
}
