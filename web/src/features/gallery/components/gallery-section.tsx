import { NonIdealState, Spinner } from '@blueprintjs/core';
import { lazy, Suspense, useEffect, useRef, useState, type ComponentProps } from 'react';
import { CameraIcon } from '../../../components/icons';
import { useGallery } from '../api/get-gallery';
import { GalleryImg } from './gallery-image';
import './gallery.css';

/** At most 8 images when the window is narrower than 1024 px, otherwise 10. */
export const galleryLimit = (width: number) => (width < 1024 ? 8 : 10);

function useWindowWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}

const LazyViewer = lazy(() => import('./gallery-viewer').then((m) => ({ default: m.GalleryViewer })));

/** The photo viewer (an overlay with transitions), fetched when a photo is first opened, not with the page. */
function GalleryViewer(props: ComponentProps<typeof LazyViewer>) {
  const [opened, setOpened] = useState(props.index !== null);
  if (props.index !== null && !opened) setOpened(true);
  return opened ? (
    <Suspense fallback={null}>
      <LazyViewer {...props} />
    </Suspense>
  ) : null;
}

export function GallerySection() {
  const gallery = useGallery();
  const width = useWindowWidth();
  const images = (gallery.data ?? []).slice(0, galleryLimit(width));
  const [open, setOpen] = useState<number | null>(null);
  const openers = useRef<(HTMLButtonElement | null)[]>([]);
  const lastOpened = useRef(0);

  return (
    <section id="gallery" className="section section-gallery" aria-labelledby="gallery-title">
      <div className="container">
        <div className="section-head">
          <p className="eyebrow">Gallery</p>
          <h2 id="gallery-title">Life at the café</h2>
        </div>
        {gallery.isPending ? (
          <div className="gallery-state" role="status">
            <Spinner size={24} />
            <p>Loading gallery...</p>
          </div>
        ) : images.length === 0 ? (
          <NonIdealState
            className="gallery-state"
            icon={<CameraIcon size={40} />}
            title="No gallery images"
            description="Check back soon for photos!"
          />
        ) : (
          <ul className="gallery-grid">
            {images.map((image, i) => (
              <li key={image.id}>
                <button
                  ref={(el) => {
                    openers.current[i] = el;
                  }}
                  type="button"
                  className="gallery-tile"
                  aria-label={`Open photo ${i + 1} of ${images.length}: ${image.alt}`}
                  onClick={() => {
                    lastOpened.current = i;
                    setOpen(i);
                  }}
                >
                  <GalleryImg
                    url={image.thumbnailUrl || image.url}
                    alt={image.alt}
                    width={400}
                    height={300}
                    sizes="(min-width: 1024px) 20vw, 50vw"
                    loading="lazy"
                    decoding="async"
                  />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <GalleryViewer
        images={images}
        index={open}
        onIndexChange={setOpen}
        onClose={() => {
          setOpen(null);
          // Focus goes back to the tile that opened the viewer.
          openers.current[Math.min(lastOpened.current, images.length - 1)]?.focus();
        }}
      />
    </section>
  );
}
