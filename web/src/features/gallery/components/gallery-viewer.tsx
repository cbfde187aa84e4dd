import { Button, Overlay2 } from '@blueprintjs/core';
import { useEffect } from 'react';
import { ChevronLeftIcon, ChevronRightIcon, CrossIcon } from '../../../components/icons';
import type { GalleryImage } from '@cafe/contracts';
import { GalleryImg } from './gallery-image';
import './gallery.css';

interface GalleryViewerProps {
  images: GalleryImage[];
  /** Open on this image, or closed when null. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

/**
 * Full-screen viewer: counter 'n of total', wrapping previous/next only when there is
 * more than one image, closes by button, backdrop or Escape, locks page scroll while open.
 */
export function GalleryViewer({ images, index, onIndexChange, onClose }: GalleryViewerProps) {
  const isOpen = index !== null && images.length > 0;
  const total = images.length;

  // The list may shrink under an open viewer: keep a valid selection (the last image), or close.
  useEffect(() => {
    if (index === null) return;
    if (total === 0) onClose();
    else if (index > total - 1) onIndexChange(total - 1);
  }, [index, total, onIndexChange, onClose]);

  useEffect(() => {
    if (!isOpen) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [isOpen]);

  if (!isOpen) return null;
  const current = Math.min(index, total - 1);
  const image = images[current]!;
  const step = (delta: number) => onIndexChange((current + delta + total) % total);

  return (
    <Overlay2
      isOpen
      onClose={onClose}
      canEscapeKeyClose
      canOutsideClickClose
      hasBackdrop
      // The viewer itself takes the focus (Blueprint's would go to a hidden sentinel), so ←/→ work at
      // once; a frame later, once the portal is in the document.
      autoFocus={false}
      onOpening={(node) => requestAnimationFrame(() => node.focus())}
      enforceFocus
      shouldReturnFocusOnClose={false}
      backdropClassName="viewer-backdrop"
      className="viewer-overlay"
    >
      <div
        className="viewer"
        role="dialog"
        aria-modal="true"
        aria-label="Photo viewer"
        onClick={(e) => {
          if (e.target === e.currentTarget) onClose();
        }}
        onKeyDown={(e) => {
          if (total > 1 && e.key === 'ArrowLeft') step(-1);
          if (total > 1 && e.key === 'ArrowRight') step(1);
        }}
      >
        <div className="viewer-top">
          <span className="viewer-counter" aria-live="polite">
            {current + 1} of {total}
          </span>
          <Button
            className="viewer-close"
            variant="minimal"
            size="large"
            icon={<CrossIcon size={20} />}
            aria-label="Close viewer"
            onClick={onClose}
          />
        </div>
        <figure
          className="viewer-figure"
          onClick={(e) => {
            if (e.target === e.currentTarget) onClose();
          }}
        >
          <GalleryImg key={image.id} url={image.url} alt={image.alt} sizes="100vw" className="viewer-image" decoding="async" />
          {image.alt ? <figcaption>{image.alt}</figcaption> : null}
        </figure>
        {total > 1 ? (
          <>
            <Button
              className="viewer-nav viewer-prev"
              size="large"
              icon={<ChevronLeftIcon size={24} />}
              aria-label="Previous photo"
              onClick={() => step(-1)}
            />
            <Button
              className="viewer-nav viewer-next"
              size="large"
              icon={<ChevronRightIcon size={24} />}
              aria-label="Next photo"
              onClick={() => step(1)}
            />
          </>
        ) : null}
      </div>
    </Overlay2>
  );
}
