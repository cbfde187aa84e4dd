import { src, srcSet, type Picture } from '../../config/site';

interface LazyPictureProps {
  picture: Picture;
  className: string;
  /** The `sizes` attribute: how wide the picture is drawn at each breakpoint. */
  sizes: string;
  /** The width whose file is the plain `src`, for browsers that ignore srcset. */
  fallbackWidth: number;
}

/** A picture below the fold: the browser picks a width from srcset, loads it lazily and decodes it off the main thread. */
export function LazyPicture({ picture, className, sizes, fallbackWidth }: LazyPictureProps) {
  return (
    <img
      className={className}
      srcSet={srcSet(picture)}
      sizes={sizes}
      src={src(picture, fallbackWidth)}
      width={picture.width}
      height={picture.height}
      alt={picture.alt}
      loading="lazy"
      decoding="async"
    />
  );
}
