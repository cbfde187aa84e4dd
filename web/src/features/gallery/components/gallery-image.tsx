import type { ImgHTMLAttributes } from 'react';

// Served by the gallery slice (SPEC.md §2): broken images fall back to it.
const PLACEHOLDER = '/api/images/placeholder.svg';
const LOCAL_WIDTHS = [400, 800, 1600];

/** Our own gallery files come in several widths (`name-800.webp`); derive a srcset for them. */
export function responsiveSources(url: string): { src: string; srcSet?: string } {
  const match = /^(\/images\/gallery\/[\w-]+)-(\d+)\.webp$/.exec(url);
  if (!match) return { src: url };
  return { src: url, srcSet: LOCAL_WIDTHS.map((w) => `${match[1]}-${w}.webp ${w}w`).join(', ') };
}

/** An image from the gallery; a broken one falls back to a neutral placeholder instead of a broken icon. */
export function GalleryImg({ url, ...props }: { url: string } & Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet'>) {
  const sources = responsiveSources(url);
  return (
    <img
      {...props}
      src={sources.src}
      srcSet={sources.srcSet}
      onError={(e) => {
        const img = e.currentTarget;
        if (img.src.endsWith(PLACEHOLDER)) return;
        img.srcset = '';
        img.src = PLACEHOLDER;
      }}
    />
  );
}
