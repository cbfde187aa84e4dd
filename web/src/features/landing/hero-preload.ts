export interface HeroImage {
  srcset: string;
  sizes: string;
  src: string;
}

/** Resolves once the browser has tried to load every slide image; a failure only logs a warning. */
export function preloadAll(images: HeroImage[]): Promise<void> {
  return Promise.all(
    images.map(
      (image) =>
        new Promise<void>((resolve) => {
          const img = new Image();
          img.sizes = image.sizes;
          img.srcset = image.srcset;
          img.src = image.src;
          img.onload = () => resolve();
          img.onerror = () => {
            console.warn(`Hero image failed to load: ${image.src}`);
            resolve();
          };
        }),
    ),
  ).then(() => undefined);
}

/**
 * The prerendered hero (dist/landing.html) is made ready by its boot script under the same rule, before
 * the app runs; the app's first render, made while that markup is still on the page, starts ready too.
 */
export const heroMarkedReady = (): boolean => typeof document !== 'undefined' && document.querySelector('.hero.hero-ready') !== null;

/**
 * The boot script's half: shows the prerendered hero's photo once every slide image (read from the
 * markup, so the boot script carries no copy of the slides) has been tried.
 */
export async function markHeroReady(): Promise<void> {
  const photos = [...document.querySelectorAll<HTMLImageElement>('.hero-image')];
  await preloadAll(photos.map((img) => ({ srcset: img.srcset, sizes: img.sizes, src: img.getAttribute('src') ?? img.src })));
  // Decoded before it is shown, so the frame that shows it is not held up decoding.
  await photos[0]?.decode().catch(() => undefined);
  document.querySelector('.hero')?.classList.replace('hero-loading', 'hero-ready');
}
