import type { ImgHTMLAttributes } from 'react';

const LOCAL_WIDTHS = [400, 800, 1600];

/** Our own gallery files come in several widths (`name-800.webp`); derive a srcset for them. */
export function responsiveSources(url: string): { src: string; srcSet?: string } {
  const match = /^(\/images\/gallery\/[\w-]+)-(\d+)\.webp$/.exec(url);
  if (!match) return { src: url };
  return { src: url, srcSet: LOCAL_WIDTHS.map((w) => `${match[1]}-${w}.webp ${w}w`).join(', ') };
}

/**
 * An image from the gallery; a broken one falls back to contracts' placeholder instead of a broken icon.
 * The contracts module (and zod with it) is imported only then, so it stays out of the landing page's
 * first chunk; it is the chunk the booking forms load anyway.
 */
export function GalleryImg({ url, ...props }: { url: string } & Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet'>) {
  const sources = responsiveSources(url);
  return (
    <img
      {...props}
      src={sources.src}
      srcSet={sources.srcSet}
      onError={(e) => {
        const img = e.currentTarget;
        if (img.dataset.fallback) return;
        img.dataset.fallback = 'true';
        void import('@cafe/contracts').then(({ PLACEHOLDER_IMAGE_URL }) => {
          img.srcset = '';
          img.src = PLACEHOLDER_IMAGE_URL;
        });
      }}
    />
  );
}
